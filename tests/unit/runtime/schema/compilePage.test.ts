import { beforeEach, describe, expect, it } from 'vitest';
import type { PageDocument } from '../../../../runtime/generated/page';
import type { CompiledPage } from '../../../../runtime/schema/compiledPageTypes';
import { clearPageSchemaCache, loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { expertDocument } from './fixtures';

const SOURCE = 'schemas/pages/examples/expert.json';

function compile(doc: PageDocument = expertDocument(), source = SOURCE): CompiledPage {
  const result = loadPageSchema(doc, source);
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.pointer} ${e.message}`).join('\n'));
  return result.page;
}

beforeEach(() => clearPageSchemaCache());

describe('compiling a page document', () => {
  it('derives SQL columns from camelCase names unless a column is declared', () => {
    const doc = expertDocument();
    doc.fields[5].column = 'expert_remark';
    const page = compile(doc);
    expect(page.fields.map((f) => f.column)).toEqual([
      'expert_name', 'contact_mobile', 'major_direction', 'sex', 'email', 'expert_remark',
    ]);
    expect(page.fieldByName.get('createTime')).toMatchObject({ column: 'create_time', system: true, type: 'datetime' });
    expect(page.systemFields.map((f) => f.name)).toEqual(['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'sysOrgCode']);
  });

  it('adds tenantId to the system fields of a tenant-scoped entity', () => {
    const doc = expertDocument();
    doc.entity.tenantScoped = true;
    const page = compile(doc);
    expect(page.entity.tenantScoped).toBe(true);
    expect(page.fieldByName.get('tenantId')).toMatchObject({ column: 'tenant_id', type: 'integer', system: true });
  });

  it('spells out the permission codes and gives every toolbar button and row action its code', () => {
    const page = compile();
    expect(page.permissions).toEqual({
      add: 'expert:add',
      edit: 'expert:edit',
      delete: 'expert:delete',
      exportXls: 'expert:exportXls',
      importExcel: 'expert:importExcel',
      list: 'expert:list',
    });
    expect(page.list.toolbar).toEqual([
      { action: 'add', permission: 'expert:add' },
      { action: 'batchDelete', permission: 'expert:delete' },
      { action: 'export', permission: 'expert:exportXls' },
      { action: 'import', permission: 'expert:importExcel' },
      { action: 'templateDownload', permission: 'expert:importExcel' },
    ]);
    expect(page.list.rowActions).toEqual([
      { action: 'edit', permission: 'expert:edit' },
      { action: 'detail', permission: 'expert:list' },
      { action: 'delete', permission: 'expert:delete' },
    ]);
    expect(page.entity.apiPath).toBe('/maintenance/expert');
  });

  it('derives widgets from dictionary and type, keeping declared ones', () => {
    const doc = expertDocument();
    doc.fields.push(
      { name: 'level', label: '级别', type: 'string', dictCode: 'trust_level' },
      { name: 'fee', label: '费用', type: 'money' },
      { name: 'visitDate', label: '拜访日期', type: 'date' },
      { name: 'active', label: '启用', type: 'boolean' },
      { name: 'age', label: '年龄', type: 'integer' },
    );
    const page = compile(doc);
    const widgets = Object.fromEntries(page.fields.map((f) => [f.name, f.widget]));
    expect(widgets).toEqual({
      expertName: 'input',
      contactMobile: 'input',
      majorDirection: 'input',
      sex: 'radio',
      email: 'input',
      remark: 'textarea',
      level: 'select',
      fee: 'money',
      visitDate: 'date',
      active: 'switch',
      age: 'number',
    });
    expect(page.fieldByName.get('level')?.placeholder).toBe('请选择级别');
    expect(page.fieldByName.get('fee')).toMatchObject({ precision: 16, scale: 2, placeholder: '请输入费用' });
    expect(page.fieldByName.get('majorDirection')?.placeholder).toBe('如：火灾、水渍、机械设备');
  });

  it('resolves list columns to field objects with dictionary text, ellipsis and alignment defaults', () => {
    const page = compile();
    const sex = page.list.columns[3];
    expect(sex.field).toBe(page.fieldByName.get('sex'));
    expect(sex).toMatchObject({ dataIndex: 'sex_dictText', format: 'dictText', title: '性别', ellipsis: 25, align: 'center', sortable: false });
    expect(page.list.columns[0]).toMatchObject({ dataIndex: 'expertName', width: 140, sortable: true });
    expect(page.list.columns[4].ellipsis).toBe(30);
    expect(page.list.columns[5]).toMatchObject({ title: '创建时间', format: 'datetime' });
    expect(page.fieldByName.get('sex')?.dict).toEqual({ kind: 'code', dictCode: 'sex' });
  });

  it('resolves query items with their request parameters and the collapsed flag', () => {
    const page = compile();
    expect(page.list.query.map((q) => [q.field.name, q.mode, q.advanced, q.params])).toEqual([
      ['expertName', 'like', false, ['expertName']],
      ['contactMobile', 'like', false, ['contactMobile']],
      ['majorDirection', 'like', true, ['majorDirection']],
      ['sex', 'eq', true, ['sex']],
      ['createTime', 'range', true, ['createTime_begin', 'createTime_end']],
    ]);
  });

  it('sorts by createTime descending, pages by 10 and selects rows unless told otherwise', () => {
    const doc = expertDocument();
    delete doc.list.defaultSort;
    delete doc.list.pageSize;
    const page = compile(doc);
    expect(page.list.defaultSort.field.name).toBe('createTime');
    expect(page.list.defaultSort.order).toBe('desc');
    expect(page.list.pageSize).toBe(10);
    expect(page.list.pageSizeOptions).toEqual([10, 20, 30]);
    expect(page.list.rowSelection).toBe(true);
  });

  it('lays out the form in groups and defaults the detail view to the form', () => {
    const page = compile();
    expect(page.form.columns).toBe(2);
    expect(page.form.groups.map((g) => [g.title, g.fields.map((f) => f.name)])).toEqual([
      ['基本信息', ['expertName', 'sex', 'contactMobile', 'email']],
      ['专业信息', ['majorDirection', 'remark']],
    ]);
    expect(page.detail.fields.map((f) => f.name)).toContain('createBy');

    const plain = expertDocument();
    plain.form = {};
    delete plain.detail;
    const compiled = compile(plain, 'plain.json');
    expect(compiled.form.groups).toHaveLength(1);
    expect(compiled.form.groups[0].title).toBeUndefined();
    expect(compiled.form.fields.map((f) => f.name)).toEqual(plain.fields.map((f) => f.name));
    expect(compiled.form).toMatchObject({ columns: 1, width: 800 });
    expect(compiled.detail.fields).toEqual(compiled.form.fields);
  });

  it('collects the fields a linkage reads, for the form reactions', () => {
    const doc = expertDocument();
    doc.form.linkage = [
      { when: "$values.sex == 2 && $values['majorDirection'] != ''", target: 'email', set: { required: 'true', value: '$values.remark' } },
    ];
    const [rule] = compile(doc).form.linkage;
    expect(rule.target.name).toBe('email');
    expect(rule.dependencies).toEqual(['sex', 'majorDirection', 'remark']);
  });

  it('names declared indexes and adds a unique index per unique field', () => {
    const doc = expertDocument();
    doc.fields[4].unique = true;
    const page = compile(doc);
    expect(page.indexes.map((i) => [i.name, i.columns, i.unique])).toEqual([
      ['idx_mnt_expert_expert_name', ['expert_name'], false],
      ['uniq_mnt_expert_contact_mobile', ['contact_mobile'], true],
      ['uniq_mnt_expert_email', ['email'], true],
    ]);
  });

  it('resolves the picker and the tree', () => {
    const doc = expertDocument();
    doc.fields.push({ name: 'pid', label: '上级', type: 'string', hidden: true });
    doc.entity.tree = { parentField: 'pid' };
    const page = compile(doc);
    expect(page.picker?.valueField.name).toBe('id');
    expect(page.picker?.textField.name).toBe('expertName');
    expect(page.entity.tree?.parentField.column).toBe('pid');
    expect(page.entity.tree?.rootValue).toBe('0');
  });

  it('a table picker pages like the list: 10 rows, 10/20/30, no 已选 card, cells cut after 25', () => {
    const picker = compile().picker!;
    expect(picker).toMatchObject({ biz: false, pageSize: 10, showSelected: false, ellipsis: 25 });
    expect(picker.pageSizeOptions).toEqual([10, 20, 30]);
    expect(picker.columns.map((c) => c.ellipsis)).toEqual(picker.columns.map(() => 25));
  });

  it('the generic biz picker pages by 5 with 5/10/20/30, has the 已选 card and cuts its cells after 12', () => {
    const doc = expertDocument();
    doc.picker = { ...doc.picker!, biz: true };
    const picker = compile(doc).picker!;
    expect(picker).toMatchObject({ biz: true, title: '专家选择', width: 900, pageSize: 5, showSelected: true, ellipsis: 12 });
    expect(picker.pageSizeOptions).toEqual([5, 10, 20, 30]);
    expect(picker.columns.map((c) => c.ellipsis)).toEqual(picker.columns.map(() => 12));
  });

  it("a biz picker may page by 10 (still offering 5), drop its card and keep a column's own ellipsis", () => {
    const doc = expertDocument();
    const [first, ...rest] = doc.picker!.columns;
    doc.picker = { ...doc.picker!, biz: true, pageSize: 10, showSelected: false, columns: [{ ...first, ellipsis: 30 }, ...rest] };
    const picker = compile(doc).picker!;
    expect(picker).toMatchObject({ pageSize: 10, showSelected: false });
    expect(picker.pageSizeOptions).toEqual([5, 10, 20, 30]);
    expect(picker.columns[0].ellipsis).toBe(30);
  });
});

describe('compiling once', () => {
  it('returns the very same compiled page for the same source and content', () => {
    const first = loadPageSchema(expertDocument(), SOURCE);
    const second = loadPageSchema(expertDocument(), SOURCE);
    expect(second).toBe(first);
  });

  it('recompiles when the content changes and keeps sources apart', () => {
    const first = compile();
    const changed = expertDocument();
    changed.entity.title = '专家库';
    const second = compile(changed);
    expect(second).not.toBe(first);
    expect(second.entity.title).toBe('专家库');
    expect(second.hash).not.toBe(first.hash);
    expect(compile(expertDocument(), 'online:expert')).not.toBe(first);
  });

  it('freezes the compiled page and leaves the caller’s document untouched', () => {
    const doc = expertDocument();
    const before = JSON.stringify(doc);
    const page = compile(doc);
    expect(Object.isFrozen(page)).toBe(true);
    expect(Object.isFrozen(page.fields[0])).toBe(true);
    expect(Object.isFrozen(doc)).toBe(false);
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('memoises failures too', () => {
    const doc = expertDocument();
    doc.list.columns.push({ field: 'nope' });
    expect(loadPageSchema(doc, SOURCE)).toBe(loadPageSchema(structuredClone(doc), SOURCE));
  });
});
