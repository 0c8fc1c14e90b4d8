// One page document, every rule kind, three consumers: the form (its Formily validators), the
// editable grid (its cell check) and the server (its record check) must refuse the same values
// with the same message, because all three read the rules through runtime/validation/fieldRules.
import type { ISchema } from '@formily/react';
import { describe, expect, it, vi } from 'vitest';
import { checkCell, resolveColumn, resolveColumns, type GridColumn } from '../../../../runtime/grid';
import type { PageDocument } from '../../../../runtime/generated/page';
import type { CompiledField, CompiledPage } from '../../../../runtime/schema/compiledPageTypes';
import { CHECK_RULE_URL, DUPLICATE_CHECK_URL, type CheckRequest } from '../../../../runtime/validation';
import { buildFormSchema } from '../../../../runtime/views/form/formSchema';
import { pageGridConfig } from '../../../../runtime/views/grid/pageGrid';
import { coerceValue } from '../../../../server/crud/entity/coerce';
import { checkValue, uniqueFields } from '../../../../server/crud/entity/validate';
import type { EntityModel } from '../../../../server/crud/entity/model';
import { compile } from '../views/form/fixtures';

const FIELDS: PageDocument['fields'] = [
  { name: 'mobile', label: '手机', type: 'string', rules: [{ pattern: 'mobile' }] },
  { name: 'account', label: '账号', type: 'string', rules: [{ pattern: 'username' }] },
  { name: 'password', label: '口令', type: 'string', rules: [{ pattern: 'n6-16' }] },
  { name: 'anyText', label: '任意', type: 'string', rules: [{ pattern: '*6-16' }] },
  { name: 'letters', label: '字母', type: 'string', rules: [{ pattern: 's6-18' }] },
  { name: 'code', label: '代码', type: 'string', rules: [{ regex: '^[A-Z]+$', message: '只能输入大写字母' }] },
  { name: 'title', label: '标题', type: 'string', rules: [{ minLength: 2, maxLength: 4 }] },
  { name: 'note', label: '说明', type: 'string', rules: [{ minLength: 2, maxLength: 4, message: '2到4个字' }] },
  { name: 'amount', label: '金额', type: 'money', rules: [{ min: 0, max: 1000000 }] },
  { name: 'count', label: '数量', type: 'integer', rules: [{ min: 1, max: 9, message: '数量为1到9' }] },
  { name: 'tags', label: '标签', type: 'string', dictCode: 'claim_tag', widget: 'checkbox', rules: [{ min: 1, max: 2 }] },
  { name: 'ruled', label: '编码', type: 'string', rules: [{ checkRule: 'claim_code', message: '编码不合规' }] },
  { name: 'serial', label: '序列号', type: 'string', rules: [{ duplicateCheck: true }] },
];

function document(): PageDocument {
  const names = FIELDS.map((field) => field.name);
  return {
    schemaVersion: 1,
    entity: { name: 'ruleParity', module: 'test', title: '规则', table: 'test_rule_parity', permissionPrefix: 'ruleParity' },
    fields: FIELDS,
    list: { columns: [{ field: 'mobile' }], toolbar: ['add'], rowActions: ['edit'] },
    form: { columns: 1, fields: names },
    detail: { columns: 1, fields: names },
    grid: { columns: names.map((field) => ({ field })) },
  };
}

type Descriptor = { triggerType?: string; validator?: (value: unknown, rule: unknown, ctx: unknown) => unknown };

interface Consumers {
  page: CompiledPage;
  formFields: Record<string, ISchema>;
  gridColumns: Map<string, GridColumn>;
  request: ReturnType<typeof vi.fn<CheckRequest>>;
}

function consumers(): Consumers {
  const page = compile(document(), 'test:ruleParity');
  const request = vi.fn<CheckRequest>(async () => ({ success: false, message: '服务器的答复' }));
  const schema = buildFormSchema(page, { dictItems: () => [], request });
  const group = Object.values(schema.properties as Record<string, ISchema>)[0];
  const formFields = ((group.properties as Record<string, ISchema>).grid ?? group).properties as Record<string, ISchema>;
  const gridColumns = new Map(resolveColumns(pageGridConfig(page).columns).map((column) => [column.key, column]));
  return { page, formFields, gridColumns, request };
}

const { page, formFields, gridColumns, request } = consumers();

function fieldNamed(name: string): CompiledField {
  const field = page.fieldByName.get(name);
  if (!field) throw new Error(name);
  return field;
}

/** The form's synchronous verdict: the first message of its typing-time validators (server checks run on blur). */
async function formVerdict(name: string, value: unknown): Promise<string | undefined> {
  for (const rule of formFields[name]['x-validator'] as Descriptor[]) {
    if (!rule.validator || rule.triggerType === 'onBlur') continue;
    const message = await rule.validator(value, rule, { form: { values: {} } });
    if (message) return String(message);
  }
  return undefined;
}

async function gridVerdict(name: string, value: unknown): Promise<string | undefined> {
  const column = gridColumns.get(name);
  if (!column) throw new Error(name);
  return checkCell({ column, rowId: 'r1', rows: [{ id: 'r1', values: { [name]: value } }], trigger: 'change' });
}

function serverVerdict(name: string, value: unknown): string | undefined {
  const field = fieldNamed(name);
  const coerced = coerceValue(field, value);
  if (!coerced.ok) return coerced.message;
  return checkValue(field, coerced.value, new Map());
}

/** field, what the user enters (the form holds a checkbox group as a list, grid and server as comma-joined text), expected message. */
const CASES: [string, unknown, string | undefined][] = [
  ['mobile', '12345', '请输入正确的手机号码'],
  ['mobile', '13800138000', undefined],
  ['account', 'a b', '只能输入字母、数字、下划线'],
  ['account', 'abc', '用户名长度为6到18位'],
  ['account', 'a'.repeat(19), '用户名长度为6到18位'],
  ['account', 'abcd', undefined],
  ['password', '12345', '请输入6到16位数字'],
  ['password', '123456', undefined],
  ['anyText', 'short', '请输入6到16位任意字符'],
  ['letters', 'abcde1', '请输入6到18位字母'],
  ['code', 'abc', '只能输入大写字母'],
  ['code', 'ABC', undefined],
  ['title', '甲', '最小长度为2'],
  ['title', '甲乙丙丁戊', '最大长度为4'],
  ['title', '甲乙', undefined],
  ['note', '甲', '2到4个字'],
  ['note', '甲乙丙丁戊', '2到4个字'],
  ['amount', -1, '最小值为0'],
  ['amount', 2000000, '最大值为1000000'],
  ['amount', 12.5, undefined],
  ['amount', 0, undefined],
  ['count', 0, '数量为1到9'],
  ['count', 10, '数量为1到9'],
  ['count', 5, undefined],
  ['tags', ['a', 'b', 'c'], '最多选择2项'],
  ['tags', ['a', 'b'], undefined],
];

const asStored = (value: unknown): unknown => (Array.isArray(value) ? value.join(',') : value);

describe('one translation of field rules: form, grid and server agree', () => {
  it.each(CASES)('%s = %j → %s', async (name, value, expected) => {
    expect(await formVerdict(name, value), 'form').toBe(expected);
    expect(await gridVerdict(name, asStored(value)), 'grid').toBe(expected);
    expect(serverVerdict(name, asStored(value)), 'server').toBe(expected);
  });

  it('asks the server about a code rule in the form; the grid and the server record check carry the same rule', async () => {
    const blur = (formFields.ruled['x-validator'] as Descriptor[]).find((rule) => rule.triggerType === 'onBlur');
    expect(blur?.validator).toBeDefined();
    await blur?.validator?.('X1', blur, { form: { values: {} } });
    expect(request).toHaveBeenCalledWith(CHECK_RULE_URL, expect.objectContaining({ ruleCode: 'claim_code' }));
    expect(gridColumns.get('ruled')?.validateRules).toContainEqual({ ruleCode: 'claim_code', message: '编码不合规' });
    // The server runs the code rule against sys_check_rule (tests/server/crud/checkRule.test.ts); not a typing-time check.
    expect(serverVerdict('ruled', 'X1')).toBeUndefined();
  });

  it('checks duplicates: the form asks the server, the grid compares its rows, the server its table', async () => {
    const blur = (formFields.serial['x-validator'] as Descriptor[]).find((rule) => rule.triggerType === 'onBlur');
    expect(await blur?.validator?.('S1', blur, { form: { values: {} } })).toBe('服务器的答复');
    expect(request).toHaveBeenCalledWith(DUPLICATE_CHECK_URL, expect.objectContaining({ fieldName: 'serial', fieldVal: 'S1' }));
    const column = gridColumns.get('serial');
    if (!column) throw new Error('serial');
    const rows = [
      { id: 'r1', values: { serial: 'S1' } },
      { id: 'r2', values: { serial: 'S1' } },
    ];
    expect(await checkCell({ column, rowId: 'r2', rows, trigger: 'change' })).toBe('序列号不能重复');
    expect(uniqueFields({ page } as EntityModel).map((field) => field.name)).toEqual(['serial']);
  });

  it('reads a grid column’s JeecgBoot online code as the named pattern it stands for', async () => {
    const column = resolveColumn({ key: 'phone', title: '手机', type: 'input', validateRules: [{ pattern: 'm' }] });
    const check = (value: string) => checkCell({ column, rowId: 'r1', rows: [{ id: 'r1', values: { phone: value } }], trigger: 'change' });
    expect(await check('12345')).toBe(await formVerdict('mobile', '12345'));
    expect(await check('13800138000')).toBeUndefined();
  });
});
