import { describe, expect, it } from 'vitest';
import receiveDocument from '../../../../schemas/pages/receive/receive.json';
import type { PageDocument } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import advancedFormDocument from '../../../../schemas/pages/examples/advancedForm.json';
import { dataLogParams, formatAmount, recordPath, recordTarget, recordTargetOfPath, recordTitle, tabFill } from '../../../../runtime/views/record/recordPageModel';

const SOURCE = 'schemas/pages/receive/receive.json';

function caseDoc(): PageDocument {
  return structuredClone(receiveDocument) as unknown as PageDocument;
}

function messages(doc: PageDocument): string[] {
  const result = loadPageSchema(doc, SOURCE);
  return result.ok ? [] : result.errors.map((e) => `${e.pointer} ${e.message}`);
}

function compiled(doc: unknown = receiveDocument) {
  const result = loadPageSchema(doc, SOURCE);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

describe('recordPage: 案件详情 in the page language', () => {
  it('the case declares its tabs and figures', () => {
    const record = compiled().document.recordPage;
    expect(record?.tabs.map((t) => t.title)).toEqual(['基本信息', '成员', '进度', '费用', '工时', '发票', '投诉', '来函', '附件', '版本']);
    expect(record?.tabs[1]).toMatchObject({ type: 'related', title: '成员', page: 'receive/receiveMember', param: 'receiveId', editable: true });
    expect(record?.summary?.map((s) => s.key)).toEqual(['costs', 'labour', 'fee', 'invoiced', 'toInvoice']);
  });

  it('refuses a figure of no kind or of two kinds, page parts without page, and fields that are not numbers', () => {
    const doc = caseDoc();
    const summary = doc.recordPage?.summary;
    if (!summary) throw new Error('summary');
    summary.push({ key: 'none', title: '空' });
    summary.push({ key: 'both', title: '两个', field: 'feeAmount', compute: 'labourCost' });
    summary.push({ key: 'text', title: '文字', field: 'receiveName', param: 'receiveId' });
    summary.push({ key: 'half', title: '半个', page: 'cost/caseCost', param: 'receiveId' });
    summary.push({ key: 'costs', title: '重复', field: 'feeAmount' });
    const found = messages(doc);
    expect(found).toEqual(
      expect.arrayContaining([
        '/recordPage/summary/5 汇总项「空」须且只能声明 field、page、compute 其中之一',
        '/recordPage/summary/6 汇总项「两个」须且只能声明 field、page、compute 其中之一',
        '/recordPage/summary/7/field 汇总项「文字」的字段 receiveName 不是数值或金额字段',
        '/recordPage/summary/7/param 汇总项「文字」的 param 只能与 page 一起使用',
        '/recordPage/summary/8 汇总项「半个」须声明 param（关联字段）和 sum（求和字段）',
        '/recordPage/summary/9/key 汇总项 key「costs」重复',
      ]),
    );
  });

  it('refuses tabs missing their parts, parts of another kind, unknown fields and a files tab over non-file fields', () => {
    const doc = caseDoc();
    if (!doc.recordPage) throw new Error('recordPage');
    // Only 基本信息 kept: the tabs below are numbered from 1.
    doc.recordPage.tabs = doc.recordPage.tabs.slice(0, 1);
    const tabs = doc.recordPage.tabs;
    doc.recordPage.title = '案件：{noSuchField}';
    tabs.push({ type: 'related', title: '缺页' });
    tabs.push({ type: 'files', title: '无字段' });
    tabs.push({ type: 'files', title: '文字', fields: ['remark'] });
    tabs.push({ type: 'dataLog', title: '版本二', page: 'sys/dataLog' });
    tabs.push({ type: 'fields', title: '字段', fields: ['nothing', 'createTime'] });
    tabs.push({ type: 'related', title: '只读', page: 'receive/complaint', param: 'receiveId', fill: { receiveNumber: 'noSuch' } });
    expect(messages(doc)).toEqual(
      expect.arrayContaining([
        '/recordPage/title 标题引用了不存在的字段 noSuchField',
        '/recordPage/tabs/1 关联页签「缺页」须声明 page 和 param',
        '/recordPage/tabs/2 附件页签「无字段」须声明 fields（上传或图片字段）',
        '/recordPage/tabs/3/fields/0 附件页签「文字」的字段 remark 不是上传或图片字段',
        '/recordPage/tabs/4/page dataLog 类型的页签「版本二」不能声明 page',
        '/recordPage/tabs/5/fields/0 页签「字段」引用了不存在的字段 nothing',
        '/recordPage/tabs/6/fill 页签「只读」的 fill 只能用于可编辑的关联页签（editable: true）',
        '/recordPage/tabs/6/fill/receiveNumber 页签「只读」的 fill 引用了不存在的字段 noSuch',
      ]),
    );
    expect(messages(doc).some((m) => m.includes('createTime'))).toBe(false);
  });

  it('needs the 详情 row action that opens it', () => {
    const doc = caseDoc();
    doc.list.rowActions = ['edit', 'delete'];
    expect(messages(doc)).toContain('/recordPage 声明了记录页（recordPage）的页面须有 detail 行操作（详情打开记录页）');
  });
});

describe('record page model', () => {
  const page = compiled();

  it('one address per record, read back into the page and id; nothing else is a record address', () => {
    expect(recordPath(page, 'a b/1')).toBe('/record/receive/receive/a%20b%2F1');
    expect(recordTarget({ module: 'receive', entity: 'receive', id: 'c1' })).toEqual({ pageRef: 'receive/receive', id: 'c1' });
    expect(recordTarget({ module: '../x', entity: 'receive', id: 'c1' })).toBeUndefined();
    expect(recordTarget({ module: 'receive', entity: 'receive' })).toBeUndefined();
  });

  it('titles the record from the template, or the entity title and first column', () => {
    expect(recordTitle(page, { receiveNumber: 'GA2026000012' })).toBe('案件：GA2026000012');
    const untitled = caseDoc();
    if (untitled.recordPage) delete untitled.recordPage.title;
    expect(recordTitle(compiled(untitled), { receiveNumber: 'GA2026000013' })).toBe('案件：GA2026000013');
  });

  it('formats figures with 2 decimals and thousands, and lists a record’s versions by table and id', () => {
    expect(formatAmount(1589.3)).toBe('1,589.30');
    expect(formatAmount(0)).toBe('0.00');
    expect(dataLogParams(page, 'c1')).toEqual({ dataTable: 'biz_receive', dataId: 'c1' });
  });

  it('a member added in 成员 starts with the case number and name beside its id', () => {
    const members = page.document.recordPage?.tabs.find((t) => t.title === '成员');
    expect(tabFill(members?.fill, { receiveNumber: 'GA2026000012', receiveName: '仓库火灾', id: 'c1' })).toEqual({ receiveNumber: 'GA2026000012', receiveName: '仓库火灾' });
    expect(tabFill(members?.fill, { receiveNumber: 'GA2026000012', receiveName: null })).toEqual({ receiveNumber: 'GA2026000012' });
    expect(tabFill(undefined, {})).toBeUndefined();
  });
});

describe('detail pages of 示例: a menu item at a record address, grouped fields', () => {
  it('reads the page and record of a record address a menu item names as its url', () => {
    expect(recordTargetOfPath('/record/receive/receive/R0001')).toEqual({ pageRef: 'receive/receive', id: 'R0001' });
    expect(recordTargetOfPath('/record/examples/advancedForm/EA%200001?x=1')).toEqual({ pageRef: 'examples/advancedForm', id: 'EA 0001' });
    expect(recordTargetOfPath('/examples/monitor')).toBeUndefined();
    expect(recordTargetOfPath('/record/Receive/receive/R0001')).toBeUndefined();
    expect(recordTargetOfPath('/record/receive/receive/%E0%A4%A')).toBeUndefined();
  });

  it('基础详情页 shows 高级表单 in the groups of its form', () => {
    const tab = compiled(advancedFormDocument).document.recordPage?.tabs[0];
    expect(tab?.groups?.map((g) => g.title)).toEqual(['委托信息', '承办安排', '出险与估损', '附件与备注', '登记信息']);
  });

  it('refuses groups on a tab that is not fields, groups beside fields, and a group naming an unknown field', () => {
    const doc = caseDoc();
    const tabs = doc.recordPage!.tabs;
    tabs[0] = { type: 'fields', title: '基本信息', fields: ['receiveName'], groups: [{ title: '案件', fields: ['receiveName', 'nothing'] }] };
    tabs[1] = { ...tabs[1], groups: [{ title: '成员', fields: ['receiveName'] }] };
    expect(messages(doc)).toEqual(
      expect.arrayContaining([
        '/recordPage/tabs/0/groups 页签「基本信息」的 fields 和 groups 只能声明其一',
        '/recordPage/tabs/0/groups/0/fields/1 页签「基本信息」的分组「案件」引用了不存在的字段 nothing',
        '/recordPage/tabs/1/groups related 类型的页签「成员」不能声明 groups',
      ]),
    );
  });
});
