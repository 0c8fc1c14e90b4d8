// The headless step logic over a real Formily form built from the step form example's own schema
// (its step panes, its fields' rules): what 下一步 checks, what 上一步 keeps, where a refusal leads.
import fs from 'node:fs';
import path from 'node:path';
import { createForm, isField, type FieldValidator, type Form } from '@formily/core';
import type { ISchema } from '@formily/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CompiledFormSteps, CompiledPage } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { buildFormSchema } from '../../../../../runtime/views/form/formSchema';
import { confirmStep, firstFailedStep, nextStep, previousStep, refusalStep, refusedFields, stepPattern } from '../../../../../runtime/views/form/stepFlow';

const SOURCE = 'schemas/pages/examples/stepForm.json';
const root = path.resolve(__dirname, '../../../../..');

function stepFormPage(): CompiledPage {
  const result = loadPageSchema(JSON.parse(fs.readFileSync(path.join(root, SOURCE), 'utf8')), SOURCE);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

/** Creates the form's fields as SchemaField would: void nodes for panes and grids, fields with their validators. */
function mount(form: Form, schema: ISchema, basePath?: string): void {
  for (const [name, child] of Object.entries(schema.properties ?? {}) as [string, ISchema][]) {
    if (child.type === 'void') {
      form.createVoidField({ name, basePath });
      mount(form, child, basePath ? `${basePath}.${name}` : name);
    } else {
      form.createField({ name, basePath, required: child.required === true, validator: child['x-validator'] as FieldValidator });
    }
  }
}

function errorsOf(form: Form, name: string): string[] {
  const field = form.query(name).take();
  return isField(field) ? field.selfErrors : [];
}

let page: CompiledPage;
let steps: CompiledFormSteps;
let form: Form;

const FIRST_STEP = { caseNo: 'GZ-2026-0088', costCategory: 'expert', amount: 12000, payMethod: 'bank' };

beforeEach(() => {
  page = stepFormPage();
  if (!page.form.steps) throw new Error('the example has no steps');
  steps = page.form.steps;
  form = createForm();
  mount(form, buildFormSchema(page, { dictItems: () => [], request: async () => ({ success: true, message: '' }) }));
});

describe('a step form, headless', () => {
  it('lays each step out as its own pane holding only its fields', () => {
    const schema = buildFormSchema(page, { dictItems: () => [], request: async () => ({ success: true, message: '' }) });
    const panes = Object.values(schema.properties ?? {}) as ISchema[];
    expect(panes.map((pane) => [pane['x-component'], pane['x-component-props']])).toEqual([
      ['FormStepPane', { index: 0 }],
      ['FormStepPane', { index: 1 }],
    ]);
    expect(stepPattern(steps, 1)).toBe('*(payee,bankName,bankAccount,purpose)');
    expect(confirmStep(steps)).toBe(2);
  });

  it('下一步 checks only the current step, with the page rules, and stays while one fails', async () => {
    form.setValues({ ...FIRST_STEP, caseNo: '' });
    expect(await nextStep(form, steps, 0)).toBe(0);
    expect(errorsOf(form, 'caseNo')).toEqual(['请输入案件编号']);
    // The next step's empty required fields are not checked yet.
    expect(errorsOf(form, 'payee')).toEqual([]);

    form.setValues({ amount: 0 });
    expect(await nextStep(form, steps, 0)).toBe(0);
    expect(errorsOf(form, 'amount')).toEqual(['付款金额须大于0']);

    form.setValues(FIRST_STEP);
    expect(await nextStep(form, steps, 0)).toBe(1);
    expect(errorsOf(form, 'caseNo')).toEqual([]);
  });

  it('the second step refuses a bank account its pattern refuses, then reaches the review', async () => {
    form.setValues({ ...FIRST_STEP, payee: '深圳市安信机电有限公司', bankName: '招商银行深圳分行', bankAccount: '12ab', purpose: '专家费' });
    expect(await nextStep(form, steps, 1)).toBe(1);
    expect(errorsOf(form, 'bankAccount')[0]).toMatch(/银行卡/);
    form.setValues({ bankAccount: '6225880212345678' });
    expect(await nextStep(form, steps, 1)).toBe(2);
    // On the review step there is nothing further.
    expect(await nextStep(form, steps, 2)).toBe(2);
  });

  it('上一步 goes back and keeps every value typed in either step', async () => {
    form.setValues({ ...FIRST_STEP, payee: '李四' });
    const back = previousStep(await nextStep(form, steps, 0));
    expect(back).toBe(0);
    expect(form.values).toMatchObject({ ...FIRST_STEP, payee: '李四' });
    expect(previousStep(0)).toBe(0);
  });

  it('a server refusal marks the field and goes back to the step holding it', () => {
    const refused = refusedFields({
      errors: [
        { field: 'bankAccount', label: '收款账号', message: '收款账号：请输入正确的银行卡号' },
        { field: 'amount', label: '付款金额', message: '付款金额须大于0' },
      ],
    });
    expect(refusalStep(form, steps, refused)).toBe(0);
    expect(errorsOf(form, 'amount')).toEqual(['付款金额须大于0']);
    expect(errorsOf(form, 'bankAccount')).toEqual(['收款账号：请输入正确的银行卡号']);
    expect(refusalStep(form, steps, refused.slice(0, 1))).toBe(1);
  });

  it('the server message goes once the user changes the field and it passes its rules', async () => {
    form.setValues({ bankAccount: '6225880212345678' });
    refusalStep(form, steps, [{ field: 'bankAccount', message: '账号已停用' }]);
    const field = form.query('bankAccount').take();
    if (!isField(field)) throw new Error('no field');
    await field.onInput('6225880287654321');
    expect(field.selfErrors).toEqual([]);
  });

  it('a refusal naming no field of the form stays on the review step', () => {
    expect(refusalStep(form, steps, refusedFields({ errors: [{ field: 'tenantId', message: '租户不可用' }] }))).toBe(2);
    expect(refusalStep(form, steps, refusedFields(null))).toBe(2);
    expect(refusedFields({ errors: 'x' })).toEqual([]);
  });

  it('a whole-form check that fails leads to the first step with an error', async () => {
    const failures = await form.validate().then(
      () => [],
      (rejection: unknown) => rejection,
    );
    expect(firstFailedStep(steps, failures)).toBe(0);
    form.setValues(FIRST_STEP);
    const later = await form.validate().then(
      () => [],
      (rejection: unknown) => rejection,
    );
    expect(firstFailedStep(steps, later)).toBe(1);
    expect(firstFailedStep(steps, 'nothing')).toBeUndefined();
  });
});
