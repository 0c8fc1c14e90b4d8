/**
 * The page language's form-only field (the sliderCheck human check, `stored: false`) and the
 * `header` section: what the loader accepts, what it refuses (file, pointer, Chinese message) and
 * what the compiled page holds.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageDocument, PageField } from '../../../../runtime/generated/page';
import { clearPageSchemaCache, loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import type { CompiledPage } from '../../../../runtime/schema/compiledPageTypes';
import { expertDocument } from './fixtures';

const SOURCE = 'schemas/pages/maintenance/expert.json';
const HUMAN_CHECK: PageField = { name: 'humanCheck', label: '人机验证', type: 'boolean', widget: 'sliderCheck', stored: false, required: true };

function withCheck(doc: PageDocument, check: PageField = HUMAN_CHECK): PageDocument {
  doc.fields.push(check);
  doc.form.groups?.[0].fields.push(check.name);
  return doc;
}

function compiled(mutate: (doc: PageDocument) => void): CompiledPage {
  const doc = expertDocument();
  mutate(doc);
  const result = loadPageSchema(doc, SOURCE);
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.pointer} ${e.message}`).join('\n'));
  return result.page;
}

function errorsOf(mutate: (doc: PageDocument) => void) {
  const doc = expertDocument();
  mutate(doc);
  const result = loadPageSchema(doc, SOURCE);
  if (result.ok) throw new Error('expected the document to be refused');
  return result.errors;
}

beforeEach(() => clearPageSchemaCache());

describe('a sliderCheck field lives only in the form', () => {
  it('is in the form and fieldByName but not among the stored fields, the detail or the indexes', () => {
    const page = compiled((d) => {
      withCheck(d);
      delete d.detail;
    });
    const check = page.fieldByName.get('humanCheck');
    expect(check).toMatchObject({ widget: 'sliderCheck', stored: false, required: true, type: 'boolean' });
    expect(page.form.fields.map((f) => f.name)).toContain('humanCheck');
    expect(page.fields.map((f) => f.name)).not.toContain('humanCheck');
    expect(page.detail.fields.map((f) => f.name)).not.toContain('humanCheck');
    expect(page.indexes.flatMap((i) => i.fields.map((f) => f.name))).not.toContain('humanCheck');
    expect(page.fields.every((f) => f.stored)).toBe(true);
  });

  const refused: [string, (doc: PageDocument) => void, string, string][] = [
    [
      'a sliderCheck that would be stored',
      (d) => withCheck(d, { ...HUMAN_CHECK, stored: undefined }),
      '/fields/6',
      '人机验证控件 sliderCheck 的字段不保存，需要 "stored": false',
    ],
    [
      'a sliderCheck that is not required',
      (d) => withCheck(d, { ...HUMAN_CHECK, required: false }),
      '/fields/6/required',
      '人机验证控件 sliderCheck 需要 "required": true，否则拦不住保存',
    ],
    [
      'a sliderCheck on a string field',
      (d) => withCheck(d, { ...HUMAN_CHECK, type: 'string' }),
      '/fields/6/widget',
      '控件 sliderCheck 不能编辑 string 类型的字段',
    ],
    [
      'another widget left unstored',
      (d) => Object.assign(d.fields[5], { stored: false }),
      '/fields/5/stored',
      '只有人机验证控件 sliderCheck 和确认字段（sameAs）可以不保存（stored: false），当前控件是 textarea',
    ],
    [
      'an unstored field with a column',
      (d) => withCheck(d, { ...HUMAN_CHECK, column: 'human_check' }),
      '/fields/6/column',
      '不保存的字段（stored: false）不能设置 column',
    ],
    [
      'an unstored field in the list',
      (d) => {
        withCheck(d);
        d.list.columns.push({ field: 'humanCheck' });
      },
      '/list/columns/6/field',
      '列表列不能使用只存在于表单中的字段 humanCheck（stored: false）',
    ],
    [
      'an unstored field in a query',
      (d) => {
        withCheck(d);
        d.list.query?.push({ field: 'humanCheck', mode: 'eq' });
      },
      '/list/query/5/field',
      '查询条件不能使用只存在于表单中的字段 humanCheck（stored: false）',
    ],
    [
      'an unstored field in the detail',
      (d) => {
        withCheck(d);
        d.detail?.fields?.push('humanCheck');
      },
      `/detail/fields/${expertDocument().detail?.fields?.length ?? 0}`,
      '详情不能使用只存在于表单中的字段 humanCheck（stored: false）',
    ],
    [
      'an unstored field as a grid column',
      (d) => {
        withCheck(d);
        d.grid = { columns: [{ field: 'expertName' }, { field: 'humanCheck' }] };
      },
      '/grid/columns/1/field',
      '表格列不能使用只存在于表单中的字段 humanCheck（stored: false）',
    ],
  ];

  it.each(refused)('refuses %s', (_name, mutate, pointer, message) => {
    expect(errorsOf(mutate)).toContainEqual(expect.objectContaining({ source: SOURCE, pointer, message }));
  });
});

describe('the page header', () => {
  const header = (d: PageDocument) => {
    d.list.query = d.list.query?.filter((q) => q.field !== 'expertName' && q.field !== 'sex');
    d.header = {
      description: '公司合作的外部专家',
      search: { field: 'expertName' },
      tabs: [
        { key: 'all', title: '全部' },
        { key: 'male', title: '男', filter: { sex: '1' } },
      ],
    };
  };

  it('compiles the title, description, search field with its default hint and the tabs with their filters', () => {
    const page = compiled(header);
    expect(page.header?.title).toBe('专家');
    expect(page.header?.description).toBe('公司合作的外部专家');
    expect(page.header?.search?.field.name).toBe('expertName');
    expect(page.header?.search?.placeholder).toBe('请输入搜索内容');
    expect(page.header?.tabs.map((t) => [t.key, t.title, t.filter.map((f) => `${f.field.name}=${f.value}`)])).toEqual([
      ['all', '全部', []],
      ['male', '男', ['sex=1']],
    ]);
  });

  it('is absent from a page without the section', () => {
    expect(compiled(() => undefined).header).toBeUndefined();
  });

  const refused: [string, (doc: PageDocument) => void, string, string][] = [
    [
      'a search field that is also a query item',
      (d) => {
        header(d);
        d.list.query?.push({ field: 'expertName', mode: 'like' });
      },
      '/header/search/field',
      '页头搜索框的字段 expertName 已是查询条件，两处同时过滤同一字段会互相覆盖',
    ],
    [
      'a search over a number field',
      (d) => {
        header(d);
        if (d.header?.search) d.header.search.field = 'sex';
        if (d.header) d.header.tabs = undefined;
      },
      '/header/search/field',
      '页头搜索框按 like 查询，只适用于 string 和 text 字段，sex 是 integer',
    ],
    [
      'a tab filtering an unknown field',
      (d) => {
        header(d);
        d.header?.tabs?.push({ key: 'old', title: '旧', filter: { age: '60' } });
      },
      '/header/tabs/2/filter/age',
      '页头标签页引用了不存在的字段 age',
    ],
    [
      'two tabs with one key',
      (d) => {
        header(d);
        d.header?.tabs?.push({ key: 'male', title: '男2' });
      },
      '/header/tabs/2/key',
      '标签页 key male 重复（已在 /header/tabs/1）',
    ],
    [
      'a single tab',
      (d) => {
        header(d);
        d.header?.tabs?.splice(1);
      },
      '/header/tabs',
      '至少需要 2 项',
    ],
  ];

  it.each(refused)('refuses %s', (_name, mutate, pointer, message) => {
    const errors = errorsOf(mutate);
    expect(errors).toContainEqual(expect.objectContaining({ source: SOURCE, pointer }));
    expect(errors.find((e) => e.pointer === pointer)?.message).toContain(message);
  });
});
