import { createForm, type Form } from '@formily/core';
import { describe, expect, it, vi } from 'vitest';
import { toFormilyValidator } from '../../../../runtime/validation/formily';
import type { CheckRequest } from '../../../../runtime/validation/remoteChecks';
import { MOBILE_RULES, USERNAME_RULES } from '../../../../runtime/validation/rules';

async function submitErrors(form: Form): Promise<string[]> {
  await form.validate().catch(() => undefined);
  return form.errors.flatMap((feedback) => feedback.messages ?? []);
}

describe('toFormilyValidator on a real Formily form', () => {
  it('marks a required field as required and shows our messages on submit', async () => {
    const form = createForm();
    const mobile = form.createField({ name: 'mobile', validator: toFormilyValidator(MOBILE_RULES) });
    expect(mobile.required).toBe(true);

    expect(await submitErrors(form)).toEqual(['请输入手机号码']);

    mobile.setValue('12345678901');
    expect(await submitErrors(form)).toEqual(['请输入正确的手机号码']);

    mobile.setValue('13800138000');
    expect(await submitErrors(form)).toEqual([]);
  });

  it('counts blank text as empty, like validateValue', async () => {
    const form = createForm();
    form.createField({ name: 'name', validator: toFormilyValidator([{ required: true }], { label: '姓名' }), initialValue: '   ' });
    expect(await submitErrors(form)).toEqual(['请输入姓名']);
  });

  it('validates while typing, in rule order', async () => {
    const form = createForm();
    const username = form.createField({ name: 'username', validator: toFormilyValidator(USERNAME_RULES) });
    await username.onInput('ab c');
    expect(username.selfErrors).toEqual(['只能输入字母、数字、下划线']);
    await username.onInput('abc');
    expect(username.selfErrors).toEqual(['用户名长度为6到18位']);
    await username.onInput('abcd');
    expect(username.selfErrors).toEqual([]);
  });

  it('shows length, count and raw-regex messages', async () => {
    const form = createForm();
    form.createField({ name: 'code', validator: toFormilyValidator([{ minLength: 3 }, { regex: '^[A-Z]+$' }]), initialValue: 'ab' });
    form.createField({ name: 'types', validator: toFormilyValidator([{ minItems: 2 }]), initialValue: ['a'] });
    const errors = await submitErrors(form);
    expect(errors).toContain('最小长度为3');
    expect(errors).toContain('输入的值不合法');
    expect(errors).toContain('至少选择2项');
  });

  it("checks uniqueness on blur with the record's id and shows the server's message", async () => {
    const request = vi.fn<CheckRequest>(async (_url, params) =>
      params.fieldVal === 'E001' ? { success: false, message: '该值不可用，系统中已存在！' } : { success: true },
    );
    const form: Form = createForm({ values: { id: '42' } });
    const code = form.createField({
      name: 'expertCode',
      validator: toFormilyValidator([{ required: true }, { unique: true }], {
        label: '专家编号',
        request,
        duplicate: { tableName: 'maintenance_expert', fieldName: 'expert_code' },
      }),
    });

    // Typing does not call the server.
    await code.onInput('E001');
    expect(request).not.toHaveBeenCalled();

    await code.onBlur();
    expect(request).toHaveBeenCalledWith('/sys/duplicate/check', {
      tableName: 'maintenance_expert',
      fieldName: 'expert_code',
      fieldVal: 'E001',
      dataId: '42',
    });
    expect(code.selfErrors).toEqual(['该值不可用，系统中已存在！']);

    await code.onInput('E002');
    expect(await submitErrors(form)).toEqual([]);
  });

  it('runs a code-rule check on submit', async () => {
    const request = vi.fn<CheckRequest>(async () => ({ success: false, message: '合同编号需以HT开头' }));
    const form = createForm();
    form.createField({ name: 'contractNo', validator: toFormilyValidator([{ ruleCode: 'contract_no' }], { request }), initialValue: 'XX1' });
    expect(await submitErrors(form)).toEqual(['合同编号需以HT开头']);
    expect(request).toHaveBeenCalledWith('/sys/checkRule/checkByCode', { ruleCode: 'contract_no', value: 'XX1' });
  });

  it('refuses to build a server check without a request', () => {
    expect(() => toFormilyValidator([{ unique: true }])).toThrow(/unique/);
    expect(() => toFormilyValidator([{ ruleCode: 'x' }])).toThrow(/request/);
  });
});
