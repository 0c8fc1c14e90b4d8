import { describe, expect, it } from 'vitest';
import cardListDocument from '../../../../../schemas/pages/examples/cardList.json';
import { createDictService } from '../../../../../runtime/dict/dictService';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { cardContent, cardGrid, EMPTY_LINE_TEXT } from '../../../../../runtime/views/list/cardModel';
import { createFakeHost } from '../../list/fakeHost';

function cardListPage() {
  const result = loadPageSchema(cardListDocument, 'schemas/pages/examples/cardList.json');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

const dict = createDictService(createFakeHost().host);
const row = {
  id: 'p1',
  orgName: '北京华信工程技术鉴定中心',
  intro: '建筑结构与火灾原因的技术鉴定',
  service: 'appraise',
  service_dictText: '技术鉴定',
  status: '1',
  status_dictText: '合作中',
  city: '',
  contactMobile: '13801010001',
};

describe('a card list (list.display: cards) — 卡片列表', () => {
  it('compiles the card layout of the 示例 page with its defaults', () => {
    const page = cardListPage();
    expect(page.list.display).toBe('cards');
    const card = page.list.card!;
    expect(card.title.field.name).toBe('orgName');
    expect(card.description?.field.name).toBe('intro');
    expect(card.extra.map((c) => c.title)).toEqual(['服务内容', '合作状态', '所在城市', '联系电话']);
    expect(card.columns).toBe(3);
    expect(card.emptyText).toBe('没有符合条件的合作机构');
  });

  it('a table list stays a table, and a bare card gets three a line and 暂无数据', () => {
    const doc = structuredClone(cardListDocument) as unknown as { list: Record<string, unknown> };
    delete doc.list.display;
    delete doc.list.card;
    const table = loadPageSchema(doc, 'schemas/pages/examples/cardList.json');
    expect(table.ok && table.page.list.display).toBe('table');
    doc.list.display = 'cards';
    doc.list.card = { title: 'orgName' };
    const bare = loadPageSchema(doc, 'schemas/pages/examples/cardList.json');
    expect(bare.ok && bare.page.list.card).toMatchObject({ columns: 3, emptyText: '暂无数据', extra: [] });
  });

  it('shows a row as its card: title, description, dictionary texts on the lines, a dash for an empty value', () => {
    const content = cardContent(cardListPage().list.card!, row, dict);
    expect(content).toEqual({
      title: '北京华信工程技术鉴定中心',
      description: '建筑结构与火灾原因的技术鉴定',
      initial: '北',
      lines: [
        { key: 'service', label: '服务内容', text: '技术鉴定' },
        { key: 'status', label: '合作状态', text: '合作中' },
        { key: 'city', label: '所在城市', text: EMPTY_LINE_TEXT },
        { key: 'contactMobile', label: '联系电话', text: '13801010001' },
      ],
    });
  });

  it('lays the declared cards a line on wide screens, at most two on medium and one on narrow ones', () => {
    expect(cardGrid(3)).toMatchObject({ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 });
    expect(cardGrid(1)).toMatchObject({ md: 1, lg: 1 });
  });
});
