import { describe, expect, it } from 'vitest';
import type { PageDocument } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';

/** One document using every feature the README shows, so the README's examples stay valid. */
const everything: PageDocument = {
  $schema: '../../meta/page.schema.json',
  schemaVersion: 1,
  entity: {
    name: 'receiveTrust',
    module: 'maintenance',
    title: '受托信息',
    table: 'mnt_receive_trust',
    permissionPrefix: 'receiveTrust',
    tenantScoped: true,
    tree: { parentField: 'pid', hasChildField: 'hasChild', rootValue: '86' },
  },
  fields: [
    { name: 'pid', label: '上级', type: 'string', hidden: true, default: '86' },
    { name: 'hasChild', label: '有下级', type: 'string', hidden: true, default: '0' },
    { name: 'receiveNumber', label: '案件编号', type: 'string', length: 32, required: true, unique: true, readOnly: true, default: { fillRule: 'receive_number' } },
    { name: 'trustDate', label: '委托日期', type: 'date', default: { expr: 'today()' } },
    { name: 'trustTime', label: '委托时刻', type: 'time' },
    { name: 'closedAt', label: '结案时间', type: 'datetime' },
    { name: 'trustType', label: '委托类型', type: 'string', dictCode: 'entrust_type', widget: 'radio' },
    { name: 'otherReason', label: '其他原因', type: 'string', hidden: true },
    { name: 'tags', label: '标签', type: 'text', dictCode: 'trust_level', widget: 'multiSelect', rules: [{ min: 1, max: 3 }] },
    { name: 'handler', label: '经办人', type: 'string', dictCode: 'sys_user,realname,username', widget: 'searchSelect' },
    { name: 'hourCost', label: '小时费用', type: 'money', precision: 12, scale: 2, rules: [{ min: 0 }] },
    { name: 'rate', label: '汇率', type: 'number', precision: 10, scale: 6, readOnly: true },
    { name: 'currency', label: '币种', type: 'string', dictCode: 'currency' },
    { name: 'count', label: '次数', type: 'integer', default: 0 },
    { name: 'urgent', label: '加急', type: 'boolean', default: false },
    { name: 'active', label: '启用', type: 'string', widget: 'switch', options: { switchValues: ['1', '0'] } },
    { name: 'attachments', label: '附件', type: 'text', widget: 'upload', options: { maxCount: 5, accept: '.pdf,.jpg' } },
    { name: 'photos', label: '照片', type: 'text', widget: 'image', options: { maxCount: 0 } },
    { name: 'customerId', label: '客户', type: 'string', widget: 'treeSelect', options: { treeSelect: { dictTable: 'mnt_customer,customer_name,id', pidField: 'pid', pidValue: '0', hasChildField: 'has_child', onlySelectLeaf: true } } },
    { name: 'category', label: '分类', type: 'string', widget: 'categoryTree', options: { categoryTree: { pcode: 'B01' } } },
    { name: 'province', label: '省', type: 'string', widget: 'linkDown', options: { linkDown: { table: 'mnt_area', textColumn: 'area_name', valueColumn: 'id', pidColumn: 'pid', pidValue: '86', linkFields: ['city'] } } },
    { name: 'city', label: '市', type: 'string' },
    { name: 'area', label: '地区', type: 'string', widget: 'area' },
    { name: 'adjusters', label: '公估师', type: 'text', widget: 'user', options: { multiple: true } },
    { name: 'departId', label: '部门', type: 'string', widget: 'depart' },
    { name: 'companyName', label: '保险公司', type: 'string', widget: 'popup', options: { popup: { code: 'insurance_company', orgFields: ['name', 'id'], destFields: ['companyName', 'companyId'], multi: false } } },
    { name: 'companyId', label: '保险公司ID', type: 'string', hidden: true },
    { name: 'secret', label: '口令', type: 'string', widget: 'password', rules: [{ pattern: 'n6-16' }] },
    { name: 'content', label: '正文', type: 'text', widget: 'editor' },
    { name: 'notes', label: '说明', type: 'text', widget: 'markdown' },
    { name: 'code', label: '编码', type: 'string', column: 'trust_code', rules: [{ regex: '^[A-Z]{2}\\d{6}$', message: '编号为两个大写字母加六位数字' }, { checkRule: 'trust_code' }, { duplicateCheck: true }, { minLength: 8, maxLength: 8 }] },
    { name: 'mobile', label: '手机', type: 'string', rules: [{ pattern: 'mobile' }], placeholder: '11 位手机号', description: '用于短信通知' },
  ],
  list: {
    columns: [
      { field: 'receiveNumber', width: 160, sortable: true, align: 'left' },
      { field: 'trustType' },
      { field: 'hourCost', format: 'money', align: 'right' },
      { field: 'rate', format: 'percent' },
      { field: 'trustDate', format: 'date' },
      { field: 'createTime', format: 'datetime', sortable: true, ellipsis: 0 },
    ],
    query: [
      { field: 'receiveNumber', mode: 'like' },
      { field: 'trustType', mode: 'eq' },
      { field: 'currency', mode: 'ne', advanced: true },
      { field: 'hourCost', mode: 'ge', advanced: true },
      { field: 'count', mode: 'le', advanced: true },
      { field: 'trustDate', mode: 'range', advanced: true },
      { field: 'tags', mode: 'in', advanced: true },
    ],
    defaultSort: { field: 'receiveNumber', order: 'asc' },
    toolbar: ['add', 'batchDelete', 'export', 'import', 'templateDownload'],
    rowActions: ['edit', 'detail', 'delete'],
    pageSize: 30,
    rowSelection: true,
  },
  form: {
    columns: 3,
    width: 1200,
    fields: [
      'pid', 'hasChild', 'receiveNumber', 'trustDate', 'trustTime', 'closedAt', 'trustType', 'otherReason', 'tags', 'handler',
      'hourCost', 'rate', 'currency', 'count', 'urgent', 'active', 'attachments', 'photos', 'customerId', 'category',
      'province', 'city', 'area', 'adjusters', 'departId', 'companyName', 'companyId', 'secret', 'content', 'notes', 'code', 'mobile',
    ],
    linkage: [
      { when: "$values.trustType == '2'", target: 'otherReason', set: { visible: 'true', required: 'true' } },
      { when: "$values.currency != 'CNY'", target: 'rate', set: { disabled: 'false', value: '1' } },
    ],
  },
  detail: { fields: ['receiveNumber', 'trustType', 'createBy', 'createTime', 'tenantId'], columns: 4 },
  picker: {
    columns: [{ field: 'receiveNumber' }, { field: 'trustType' }],
    query: [{ field: 'receiveNumber', mode: 'like' }],
    valueField: 'id',
    textField: 'receiveNumber',
    multiple: true,
  },
  indexes: [{ fields: ['trustDate', 'trustType'] }, { fields: ['code'], unique: true }],
};

describe('every feature of the language in one document', () => {
  it('validates and compiles', () => {
    const result = loadPageSchema(everything, 'tests/everything.json');
    expect(result.ok ? [] : result.errors).toEqual([]);
    if (!result.ok) return;
    const { page } = result;
    expect(page.fieldByName.get('code')?.column).toBe('trust_code');
    expect(page.fieldByName.get('handler')?.dict).toEqual({
      kind: 'table', dictCode: 'sys_user,realname,username', table: 'sys_user', textColumn: 'realname', valueColumn: 'username',
    });
    expect(page.entity.tree).toMatchObject({ rootValue: '86' });
    expect(page.entity.tree?.parentField.name).toBe('pid');
    expect(page.form.linkage[0].dependencies).toEqual(['trustType']);
    expect(page.picker?.multiple).toBe(true);
    expect(page.indexes.map((i) => i.name)).toEqual([
      'idx_mnt_receive_trust_trust_date_trust_type',
      'uniq_mnt_receive_trust_trust_code',
      'uniq_mnt_receive_trust_receive_number',
    ]);
  });
});
