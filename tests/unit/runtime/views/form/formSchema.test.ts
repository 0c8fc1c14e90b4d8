import type { ISchema } from '@formily/react';
import { describe, expect, it, vi } from 'vitest';
import type { DictItem } from '../../../../../runtime/dict/types';
import { fieldRules, validateRule, type CheckRequest } from '../../../../../runtime/validation';
import { buildFormSchema, dictOptions, type FormSchemaOptions } from '../../../../../runtime/views/form/formSchema';
import { FILL_RULE_PLACEHOLDER } from '../../../../../runtime/views/form/formValues';
import { claimDocument, compile } from './fixtures';

const DICTS: Record<string, DictItem[]> = {
  loss_type: [
    { value: 'car', text: '车损' },
    { value: 'house', text: '房屋' },
  ],
  sex: [
    { value: '1', text: '男' },
    { value: '2', text: '女' },
  ],
  claim_tag: [{ value: 'a', text: '甲' }],
  region: [{ value: '110000', text: '北京' }],
  claim_level: [
    { value: '1', text: '一级' },
    { value: '2', text: '二级' },
  ],
};

function build(overrides: Partial<FormSchemaOptions> = {}) {
  const page = compile(claimDocument());
  const request = vi.fn<CheckRequest>(async () => ({ success: true, message: '' }));
  const schema = buildFormSchema(page, { dictItems: (code) => DICTS[code], request, ...overrides });
  const groups = schema.properties as Record<string, ISchema>;
  const fields: Record<string, ISchema> = {};
  for (const group of Object.values(groups)) {
    const grid = (group.properties as Record<string, ISchema>).grid ?? group;
    Object.assign(fields, grid.properties as Record<string, ISchema>);
  }
  return { page, schema, groups, fields, request };
}

type Descriptor = { required?: boolean; message?: string; triggerType?: string; validator?: (...args: unknown[]) => unknown };
const validators = (schema: ISchema) => schema['x-validator'] as Descriptor[];

async function runValidators(schema: ISchema, value: unknown, ctx: unknown = { form: { values: {} } }): Promise<string[]> {
  const messages: string[] = [];
  for (const rule of validators(schema)) {
    if (rule.validator) {
      const message = await rule.validator(value, rule, ctx);
      if (message) messages.push(String(message));
    }
  }
  return messages;
}

describe('buildFormSchema: a compiled page as a Formily schema', () => {
  it('lays out titled groups as sections, each a grid of the form columns', () => {
    const { groups } = build();
    expect(Object.keys(groups)).toEqual(['group0', 'group1']);
    expect(groups.group0['x-component']).toBe('FormSection');
    expect(groups.group0['x-component-props']).toEqual({ title: '基本信息' });
    const grid = (groups.group1.properties as Record<string, ISchema>).grid;
    expect(grid['x-component']).toBe('FormGrid');
    expect(grid['x-component-props']).toMatchObject({ maxColumns: 2, minColumns: 1 });
    expect(Object.keys(grid.properties as object)).toEqual(['regions', 'level', 'reportDate', 'visitTime', 'callTime', 'urgent', 'handler', 'claimNo', 'code']);
  });

  it('puts a form without groups straight into one grid with its column count', () => {
    const doc = claimDocument();
    doc.form = { columns: 3, fields: ['claimName', 'sex'] };
    const page = compile(doc, 'test:nogroups');
    const schema = buildFormSchema(page, { dictItems: () => undefined, request: vi.fn() });
    const only = (schema.properties as Record<string, ISchema>).group0;
    expect(only['x-component']).toBe('FormGrid');
    expect(only['x-component-props']).toMatchObject({ maxColumns: 3 });
    expect(Object.keys(only.properties as object)).toEqual(['claimName', 'sex']);
  });

  it('maps each widget to its control, with formats and precision', () => {
    const { fields } = build();
    const control = (name: string) => [fields[name]['x-component'], fields[name]['x-component-props']];
    expect(fields.claimName.title).toBe('案件名称');
    expect(fields.claimName['x-decorator']).toBe('FormItem');
    expect(control('claimName')).toEqual(['Input', expect.objectContaining({ placeholder: '请输入案件名称' })]);
    expect(control('remark')[0]).toBe('Input.TextArea');
    expect(control('password')[0]).toBe('Password');
    expect(control('lossAmount')).toEqual(['NumberPicker', expect.objectContaining({ precision: 2 })]);
    expect(control('ratio')).toEqual(['NumberPicker', expect.objectContaining({ precision: 3 })]);
    expect(control('lossType')[0]).toBe('Select');
    expect(control('sex')[0]).toBe('Radio.Group');
    expect(control('tags')[0]).toBe('Checkbox.Group');
    expect(control('regions')).toEqual(['Select', expect.objectContaining({ mode: 'multiple' })]);
    // The search select is its own registry widget (runtime/widgets/searchSelect).
    expect(control('level')).toEqual(['RegistryWidget', { widget: 'searchSelect' }]);
    expect(control('reportDate')).toEqual(['DatePicker', expect.objectContaining({ format: 'YYYY-MM-DD' })]);
    expect(control('visitTime')).toEqual(['DatePicker', expect.objectContaining({ format: 'YYYY-MM-DD HH:mm:ss', showTime: true })]);
    expect(control('callTime')).toEqual(['TimePicker', expect.objectContaining({ format: 'HH:mm:ss' })]);
    expect(control('urgent')[0]).toBe('Switch');
    expect(fields.urgent.type).toBe('boolean');
    expect(fields.tags.type).toBe('array');
  });

  it('sends widgets antd-v5 lacks through the widget registry (the text stand-in until they ship)', () => {
    const { fields } = build();
    expect(fields.handler['x-component']).toBe('RegistryWidget');
    expect(fields.handler['x-component-props']).toEqual({ widget: 'user' });
  });

  it('gives dictionary controls their items as options; numeric fields get numeric values', () => {
    const { fields, page } = build();
    expect(fields.lossType.enum).toEqual([
      { label: '车损', value: 'car' },
      { label: '房屋', value: 'house' },
    ]);
    // The search select reads (or searches) its dictionary itself.
    expect(fields.level.enum).toBeUndefined();
    const level = page.fieldByName.get('level');
    expect(level && dictOptions(level, [{ value: 'x', text: '非数字' }])).toEqual([{ label: '非数字', value: 'x' }]);
  });

  it('offers no options (rather than failing) while a dictionary is unknown', () => {
    const { fields } = build({ dictItems: () => undefined });
    expect(fields.lossType.enum).toEqual([]);
  });

  it('marks required fields with the 请输入<label> message and keeps a switchable rule on the others', () => {
    const { fields } = build();
    expect(fields.claimName.required).toBe(true);
    expect(validators(fields.claimName)[0]).toEqual({ required: true, whitespace: true, message: '请输入案件名称' });
    expect(validators(fields.vehicleNo)[0]).toEqual({ required: false, message: '请输入车牌号' });
  });

  it('a field whose value is chosen (select, date, picker) says 请选择<label>, in its hint and when missing', () => {
    const { fields } = build();
    for (const [name, label] of [['lossType', '损失类型'], ['level', '级别'], ['reportDate', '报案日期'], ['handler', '经办人'], ['regions', '地区']] as const) {
      expect(validators(fields[name])[0]).toMatchObject({ message: `请选择${label}` });
    }
    expect(fields.lossType['x-component-props']).toMatchObject({ placeholder: '请选择损失类型' });
    expect(fields.reportDate['x-component-props']).toMatchObject({ placeholder: '请选择报案日期' });
  });

  it('checks patterns, lengths, item counts and value ranges with their messages', async () => {
    const { fields } = build();
    expect(await runValidators(fields.contactMobile, '12345')).toEqual(['请输入正确的手机号码']);
    expect(await runValidators(fields.claimName, '甲')).toEqual(['最小长度为2']);
    expect(await runValidators(fields.tags, ['a', 'b', 'c'])).toEqual(['最多选择2项']);
    expect(await runValidators(fields.lossAmount, -1)).toEqual(['最小值为0']);
    expect(await runValidators(fields.lossAmount, 2000000)).toEqual(['最大值为1000000']);
    expect(await runValidators(fields.lossAmount, 12.5)).toEqual([]);
  });

  it('asks the server about unique fields on blur, skipping empty values and sending the edited id', async () => {
    const { fields, request } = build({ dataId: () => 'r1' });
    const unique = validators(fields.contactMobile).find((rule) => rule.triggerType === 'onBlur');
    expect(unique).toBeDefined();
    expect(await runValidators(fields.contactMobile, '')).toEqual([]);
    expect(request).not.toHaveBeenCalled();
    request.mockResolvedValueOnce({ success: false, message: '该值不可用，系统中已存在！' });
    expect(await runValidators(fields.contactMobile, '13800138000')).toEqual(['该值不可用，系统中已存在！']);
    expect(request).toHaveBeenCalledWith('/sys/duplicate/check', {
      tableName: 'test_claim',
      fieldName: 'contact_mobile',
      fieldVal: '13800138000',
      dataId: 'r1',
    });
  });

  it('checks code rules through the server with the rule message replaced by the server answer', async () => {
    const { fields, request } = build();
    request.mockResolvedValueOnce({ success: false, message: '编码格式不正确' });
    expect(await runValidators(fields.code, 'X-1')).toEqual(['编码格式不正确']);
    expect(request.mock.calls[0][0]).toBe('/sys/checkRule/checkByCode');
  });

  it('disables read-only fields, hides hidden ones while keeping their value, and shows fill-rule fields as numbered on save', () => {
    const { fields } = build({ fillRuleFields: ['claimNo'] });
    expect(fields.claimNo['x-disabled']).toBe(true);
    expect((fields.claimNo['x-component-props'] as { placeholder?: string }).placeholder).toBe(FILL_RULE_PLACEHOLDER);
    expect(fields.claimNo.description).toBeUndefined();
    expect(fields.vehicleNo['x-display']).toBe('hidden');
    expect(fields.remark.description).toBe('内部备注');
  });

  it('does not require a required fill-rule field when adding (the server numbers it), but does when editing', () => {
    const doc = claimDocument();
    doc.fields = doc.fields.map((f) => (f.name === 'claimNo' ? { name: 'claimNo', label: '案件编号', type: 'string', required: true, default: { fillRule: 'claim_no' } } : f));
    const page = compile(doc);
    const request = vi.fn<CheckRequest>(async () => ({ success: true, message: '' }));
    const fieldOf = (schema: ISchema) => {
      const group = (schema.properties as Record<string, ISchema>).group1;
      return ((group.properties as Record<string, ISchema>).grid.properties as Record<string, ISchema>).claimNo;
    };
    const adding = fieldOf(buildFormSchema(page, { dictItems: (code) => DICTS[code], request, fillRuleFields: ['claimNo'] }));
    expect(adding.required).toBeUndefined();
    expect(validators(adding)[0]).toMatchObject({ required: false });
    expect((adding['x-component-props'] as { placeholder?: string }).placeholder).toBe('保存后自动生成');
    const editing = fieldOf(buildFormSchema(page, { dictItems: (code) => DICTS[code], request, fillRuleFields: [] }));
    expect(editing.required).toBe(true);
    expect(validators(editing)[0]).toMatchObject({ required: true, message: '请输入案件编号' });
    expect((editing['x-component-props'] as { placeholder?: string }).placeholder).not.toBe(FILL_RULE_PLACEHOLDER);
  });

  it('turns linkage into x-reactions whose expressions go through the registered compiler', () => {
    const { fields } = build();
    expect(fields.vehicleNo['x-reactions']).toEqual({
      dependencies: ['lossType'],
      when: "{{ $values.lossType == 'car' }}",
      fulfill: { state: { visible: '{{ true }}', required: '{{ true }}' } },
      otherwise: { state: { display: 'hidden', required: false } },
    });
    // No code strings: nothing for Formily to `run`.
    expect(JSON.stringify(fields.vehicleNo['x-reactions'])).not.toContain('run');
  });
});

describe('fieldRules (the form\'s rules)', () => {
  it('turns one document rule naming several kinds into several rules sharing its message', () => {
    const doc = claimDocument();
    doc.fields[0].rules = [{ minLength: 2, maxLength: 4, message: '2到4个字' }, { pattern: 'username' }, { pattern: 'n6-16' }];
    const page = compile(doc, 'test:rules');
    const field = page.fieldByName.get('claimName');
    expect(field && fieldRules(field)).toEqual([
      { minLength: 2, message: '2到4个字' },
      { maxLength: 4, message: '2到4个字' },
      { pattern: 'username' },
      { pattern: 'n6-16' },
    ]);
  });

  it('asks about uniqueness once when the field is unique and also has a duplicateCheck rule', () => {
    const doc = claimDocument();
    doc.fields[1].rules = [{ duplicateCheck: true }];
    const field = compile(doc, 'test:unique').fieldByName.get('contactMobile');
    expect(field && fieldRules(field).filter((rule) => 'unique' in rule)).toHaveLength(1);
  });

  it('leaves empty and non-numeric values to other rules in ranges', () => {
    expect(validateRule('', { minValue: 1 })).toBeUndefined();
    expect(validateRule('abc', { minValue: 1 })).toBeUndefined();
    expect(validateRule('0', { minValue: 1, message: '至少1' })).toBe('至少1');
  });
});
