import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageDocument } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { checkPickerReferences, type SourcedDocument } from '../../../../runtime/schema/pickerReferences';
import { expertDocument, pageFiles, repoRoot } from './fixtures';

function read(source: string): PageDocument {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, source), 'utf8')) as PageDocument;
}

function errorsOf(doc: unknown, source = 'test:picker') {
  const result = loadPageSchema(doc, source);
  return result.ok ? [] : result.errors.map((e) => `${e.pointer} ${e.message}`);
}

function pickerField(options: unknown): PageDocument {
  const doc = expertDocument();
  (doc.fields as unknown[]).push({ name: 'leaderId', label: '组长', type: 'string', widget: 'picker', options });
  return doc;
}

const lastField = (doc: PageDocument) => `/fields/${doc.fields.length - 1}`;

describe('picker in the page language', () => {
  it("lists from the picker's own endpoint when it names one: the case picker 选择案件 uses porp_list", () => {
    const receive = loadPageSchema(read('schemas/pages/receive/receive.json'), 'receive');
    const expert = loadPageSchema(read('schemas/pages/maintenance/expert.json'), 'expert');
    if (!receive.ok || !expert.ok) throw new Error('page did not load');
    expect(receive.page.picker).toMatchObject({ title: '选择案件', listUrl: '/receive/receive/porp_list' });
    expect(expert.page.picker?.listUrl).toBe('/maintenance/expert/list');
    const bad = read('schemas/pages/receive/receive.json') as unknown as { picker: Record<string, unknown> };
    bad.picker.list = 'porp-list;drop';
    expect(errorsOf(bad)).toEqual(['/picker/list 端点名只能包含字母、数字和下划线，如 porp_list，实际为 porp-list;drop']);
  });

  it('accepts a picker field naming a page', () => {
    expect(errorsOf(pickerField({ picker: { page: 'maintenance/expert' } }))).toEqual([]);
  });

  it('a malformed page reference points at options.picker.page', () => {
    const doc = pickerField({ picker: { page: 'Expert' } });
    const errors = errorsOf(doc);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^${lastField(doc)}/options/picker/page page 必须是“模块/实体”`));
  });

  it('a picker option without page, or with an unknown setting, is refused where it is wrong', () => {
    const missing = pickerField({ picker: { multiple: true } });
    expect(errorsOf(missing)).toEqual([`${lastField(missing)}/options/picker 缺少必填属性 page`]);
    const extra = pickerField({ picker: { page: 'maintenance/expert', size: 5 } });
    expect(errorsOf(extra)).toEqual([`${lastField(extra)}/options/picker/size 不允许的属性 size`]);
  });

  it('the picker widget needs its option, and the option belongs to the picker widget only', () => {
    const without = pickerField(undefined);
    expect(errorsOf(without)).toEqual([`${lastField(without)} 控件 picker 需要 options.picker 配置`]);
    const doc = expertDocument();
    (doc.fields as unknown[]).push({ name: 'leaderId', label: '组长', type: 'string', options: { picker: { page: 'maintenance/expert' } } });
    expect(errorsOf(doc)[0]).toContain(`${lastField(doc)}/options/picker options.picker 只适用于控件 picker`);
  });

  it('an area level outside 1–3 is refused', () => {
    const doc = expertDocument();
    (doc.fields as unknown[]).push({ name: 'areaCode', label: '地区', type: 'string', widget: 'area', options: { area: { level: 4 } } });
    expect(errorsOf(doc)).toEqual([`${lastField(doc)}/options/area/level 取值 4 不在允许范围内`]);
  });

  it('a tree picker needs a tree entity; picker settings are checked', () => {
    const doc = expertDocument();
    doc.picker = { ...doc.picker!, tree: { load: 'queryTree' } };
    expect(errorsOf(doc)).toEqual(['/picker/tree 树形选择器（picker.tree）只适用于树形实体，请先声明 entity.tree']);
    const sized = expertDocument();
    sized.picker = { ...sized.picker!, pageSize: 15 as 10 };
    expect(errorsOf(sized)).toEqual(['/picker/pageSize 取值 15 不在允许范围内']);
  });

  it('compiles the dialogs of the spec: expert, position, customer tree, generic biz picker', () => {
    const compiled = (source: string) => {
      const result = loadPageSchema(read(source), source);
      if (!result.ok) throw new Error(result.errors[0].message);
      return result.page.picker!;
    };
    const expert = compiled('schemas/pages/maintenance/expert.json');
    expect(expert).toMatchObject({ title: '选择协作专家', width: 1000, placeholder: '点击选择专家', biz: false, pageSize: 10, showSelected: false, ellipsis: 25 });
    expect(expert.pageSizeOptions).toEqual([10, 20, 30]);
    expect(compiled('schemas/pages/sys/position.json')).toMatchObject({ width: 1000, multiple: false });
    expect(compiled('schemas/pages/maintenance/outsource.json')).toMatchObject({ width: 1000, multiple: true });
    const custom = compiled('schemas/pages/maintenance/custom.json');
    expect(custom).toMatchObject({ title: '选择客户', width: 500, multiple: true });
    const { searchFields, ...tree } = custom.tree!;
    expect(tree).toEqual({
      loadUrl: '/maintenance/custom/queryCustomerList',
      searchUrl: '/maintenance/custom/searchBy',
      searchPlaceholder: '请输入客户名称，按回车搜索',
      height: 350,
      linkSwitch: true,
    });
    // searchBy matches the name and the code, as the customer tree always did.
    expect(searchFields.map((f) => f.name)).toEqual(['customerName', 'customerCode']);
    const biz = compiled('schemas/pages/maintenance/insuranceCompany.json');
    expect(biz).toMatchObject({ biz: true, title: '保险公司选择', width: 900, pageSize: 5, showSelected: true, ellipsis: 12 });
    expect(biz.pageSizeOptions).toEqual([5, 10, 20, 30]);
    // 币种 and 专项 are biz pickers too; the case, invoice, outsource and position pickers are not.
    for (const source of ['schemas/pages/maintenance/currency.json', 'schemas/pages/maintenance/specialSubject.json']) {
      expect(compiled(source)).toMatchObject({ biz: true, pageSize: 5, showSelected: true });
    }
    for (const source of ['schemas/pages/receive/receive.json', 'schemas/pages/receipt/receipt.json', 'schemas/pages/maintenance/outsource.json', 'schemas/pages/sys/position.json']) {
      expect(compiled(source)).toMatchObject({ biz: false, pageSize: 10, pageSizeOptions: [10, 20, 30], showSelected: false });
    }
  });
});

describe('picker references across documents', () => {
  const all: SourcedDocument[] = pageFiles().map((source) => ({ source, doc: read(source) }));

  it('every picker field of the shipped documents names a page with a picker', () => {
    expect(all.some(({ doc }) => doc.fields.some((f) => f.widget === 'picker'))).toBe(true);
    expect(checkPickerReferences(all)).toEqual([]);
  });

  it('a missing target page, one without a picker, and a broken one are reported at the option', () => {
    const doc = pickerField({ picker: { page: 'maintenance/nowhere' } });
    const noPicker = pickerField({ picker: { page: 'maintenance/costType' } });
    const broken = pickerField({ picker: { page: 'maintenance/broken' } });
    const others = all.filter(({ source }) => source.startsWith('schemas/pages/maintenance/'));
    const errors = checkPickerReferences(
      [...others, { source: 'a.json', doc }, { source: 'b.json', doc: noPicker }, { source: 'c.json', doc: broken }],
      new Set(['schemas/pages/maintenance/broken.json']),
    );
    const at = `${lastField(doc)}/options/picker/page`;
    expect(errors).toEqual([
      { source: 'a.json', pointer: at, message: '选择器页面 maintenance/nowhere 不存在（找不到 schemas/pages/maintenance/nowhere.json）' },
      { source: 'b.json', pointer: at, message: '页面 maintenance/costType 没有 picker 配置，不能被选择', expected: '带 picker 的页面' },
      { source: 'c.json', pointer: at, message: '选择器页面 maintenance/broken 的定义有误，无法选择（schemas/pages/maintenance/broken.json）' },
    ]);
  });
});

describe('picker fill and computed fields', () => {
  it('fill names fields of this form and fields of the picked page', () => {
    const ok = pickerField({ picker: { page: 'maintenance/expert', fill: { expertName: 'expertName' } } });
    expect(errorsOf(ok)).toEqual([]);
    const self = pickerField({ picker: { page: 'maintenance/expert', fill: { leaderId: 'id', nowhere: 'expertName', createBy: 'createBy' } } });
    const at = `${lastField(self)}/options/picker/fill`;
    expect(errorsOf(self)).toEqual([
      `${at}/leaderId 选择器的 fill 不能填写字段自身 leaderId`,
      `${at}/nowhere 选择器的 fill 引用了不存在的字段 nowhere`,
      `${at}/createBy 选择器的 fill 不能使用系统字段 createBy`,
    ]);
    const unknownTarget = pickerField({ picker: { page: 'maintenance/expert', fill: { expertName: 'leaderName' } } });
    const others = pageFiles().map((source) => ({ source, doc: read(source) }));
    expect(checkPickerReferences([...others, { source: 'd.json', doc: unknownTarget }])).toEqual([
      { source: 'd.json', pointer: `${lastField(unknownTarget)}/options/picker/fill/expertName`, message: '页面 maintenance/expert 没有字段 leaderName' },
    ]);
  });

  it('the invoice page shows its linked cases and amounts read-only, kept by the server', () => {
    const receipt = loadPageSchema(read('schemas/pages/receipt/receipt.json'), 'receipt');
    if (!receipt.ok) throw new Error(receipt.errors[0].message);
    const field = (name: string) => receipt.page.fieldByName.get(name)!;
    for (const name of ['receiveNumber', 'receiveName', 'refAmount', 'waitAmount', 'redFlag', 'redStatus', 'origReceiptId']) {
      expect(field(name).readOnly, name).toBe(true);
      expect(field(name).compute, name).toBeUndefined();
    }
    expect(receipt.page.fieldByName.has('receiveId')).toBe(false);
    expect(receipt.page.picker).toMatchObject({ title: '选择发票', width: 1000, multiple: false });
    expect(receipt.page.picker?.query.map((q) => q.label)).toEqual(['发票类型', '发票号码', '关联案件编号', '关联案件名称', '发票金额']);
  });

  it('a computed field must parse and read declared fields other than itself', () => {
    const doc = expertDocument();
    (doc.fields as unknown[]).push({ name: 'score', label: '评分', type: 'number', compute: '$values.score + $values.nowhere' });
    const at = `${lastField(doc)}/compute`;
    expect(errorsOf(doc)).toEqual([`${at} 计算字段 score 不能引用自身`, `${at} 计算表达式引用了不存在的字段 nowhere`]);
    const broken = expertDocument();
    (broken.fields as unknown[]).push({ name: 'score', label: '评分', type: 'number', compute: '1 +' });
    expect(errorsOf(broken)[0]).toMatch(new RegExp(`^${lastField(broken)}/compute 表达式第`));
  });
});
