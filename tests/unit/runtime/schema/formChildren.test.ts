/**
 * The page language's one-to-many children (form.children): compiled with their defaults, checked
 * within one document (key clashes, itself as child) and across the file pages (the child page, its
 * foreign key and listed fields; one level only).
 */
import { describe, expect, it } from 'vitest';
import type { PageDocument } from '../../../../runtime/generated/page';
import { checkFormChildReferences } from '../../../../runtime/schema/formChildren';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';

function page(name: string, fields: PageDocument['fields'], form: PageDocument['form'] = {}): PageDocument {
  return {
    schemaVersion: 1,
    entity: { name, module: 'maintenance', title: name === 'policy' ? '保单' : '保单明细', table: `mnt_${name.toLowerCase()}`, permissionPrefix: name },
    fields,
    list: { columns: [{ field: fields[0].name }], toolbar: ['add'], rowActions: ['edit'] },
    form,
  } as PageDocument;
}

const policy = (children: unknown[]) => page('policy', [{ name: 'policyNo', label: '保单号', type: 'string', length: 30 }], { children } as PageDocument['form']);
const item = page('policyItem', [
  { name: 'policyId', label: '保单', type: 'string', length: 32 },
  { name: 'coverage', label: '险种', type: 'string', length: 10 },
]);

describe('form.children', () => {
  it('compiles a child with its key defaulting to the child page name', () => {
    const loaded = loadPageSchema(policy([{ page: 'maintenance/policyItem', foreignKey: 'policyId' }]), 'schemas/pages/maintenance/policy.json');
    expect(loaded.ok && loaded.page.form.children).toEqual([{ page: 'maintenance/policyItem', foreignKey: 'policyId', key: 'policyItem', pointer: '/form/children/0' }]);
    const plain = loadPageSchema(item, 'schemas/pages/maintenance/policyItem.json');
    expect(plain.ok && plain.page.form.children).toEqual([]);
  });

  it('refuses a key clashing with a field or another child, and the page as its own child', () => {
    const loaded = loadPageSchema(
      policy([
        { page: 'maintenance/policyItem', foreignKey: 'policyId', key: 'policyNo' },
        { page: 'maintenance/policy', foreignKey: 'policyId', key: 'items' },
        { page: 'maintenance/policyItem', foreignKey: 'policyId', key: 'items' },
      ]),
      'schemas/pages/maintenance/policy.json',
    );
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.errors.map((e) => [e.pointer, e.message])).toEqual(
      expect.arrayContaining([
        ['/form/children/0/key', '附表的 key policyNo 与本页字段同名'],
        ['/form/children/1/page', '附表不能是本页自己'],
        ['/form/children/2/key', '附表的 key items 与第 2 个附表重复'],
      ]),
    );
  });

  it('checks the child page across the files: missing, no foreign key, a wrong key type, a listed field missing, a child with children', () => {
    const docs = (main: PageDocument, child: PageDocument = item) => [
      { source: 'schemas/pages/maintenance/policy.json', doc: main },
      { source: 'schemas/pages/maintenance/policyItem.json', doc: child },
    ];
    expect(checkFormChildReferences(docs(policy([{ page: 'maintenance/policyItem', foreignKey: 'policyId', fields: ['coverage'] }])))).toEqual([]);
    const errors = checkFormChildReferences([
      ...docs(policy([{ page: 'maintenance/nothing', foreignKey: 'policyId' }, { page: 'maintenance/policyItem', foreignKey: 'coverage', fields: ['premium'] }])),
    ]).map((e) => [e.pointer, e.message]);
    expect(errors).toEqual([
      ['/form/children/0/page', '附表页面 maintenance/nothing 不存在（找不到 schemas/pages/maintenance/nothing.json）'],
      ['/form/children/1/foreignKey', '外键字段 coverage 应为文本类型，长度至少 32（存放主表记录的 id）'],
      ['/form/children/1/fields/0', '附表 maintenance/policyItem 没有字段 premium'],
    ]);
    const nested = { ...item, form: { children: [{ page: 'maintenance/policy', foreignKey: 'policyId' }] } } as PageDocument;
    expect(checkFormChildReferences(docs(policy([{ page: 'maintenance/policyItem', foreignKey: 'policyId' }]), nested)).map((e) => e.message)).toContain(
      '附表 maintenance/policyItem 自己也带附表，只支持一层',
    );
  });
});
