import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageDocument } from '../../../../runtime/generated/page';
import { clearPageSchemaCache, loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { findResult } from '../../../../runtime/schema/results';
import { formatSchemaError } from '../../../../runtime/schema/schemaError';
import { repoRoot } from './fixtures';

const SOURCE = 'schemas/pages/examples/stepForm.json';

function stepFormDocument(): PageDocument {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, SOURCE), 'utf8')) as PageDocument;
}

function errorsOf(mutate: (doc: PageDocument) => void): string[] {
  const doc = stepFormDocument();
  mutate(doc);
  const result = loadPageSchema(doc, SOURCE);
  if (result.ok) throw new Error('expected the broken document to be refused');
  return result.errors.map(formatSchemaError);
}

beforeEach(() => clearPageSchemaCache());

describe('form.steps and results compile', () => {
  it('compiles the steps with their fields, the review title and the result the form ends in', () => {
    const result = loadPageSchema(stepFormDocument(), SOURCE);
    if (!result.ok) throw new Error(result.errors.map(formatSchemaError).join('\n'));
    const { form } = result.page;
    expect(form.steps?.items.map((step) => [step.title, step.fields.map((f) => f.name)])).toEqual([
      ['填写付款信息', ['caseNo', 'costCategory', 'amount', 'payMethod']],
      ['填写收款信息', ['payee', 'bankName', 'bankAccount', 'purpose']],
    ]);
    expect(form.steps?.confirmTitle).toBe('确认付款信息');
    expect(form.steps?.result).toBe('success');
    // Everything reading the form's groups and fields (labels, close guard, detail) sees every step's fields.
    expect(form.groups.map((g) => g.title)).toEqual(['填写付款信息', '填写收款信息']);
    expect(form.fields).toHaveLength(8);
    expect(findResult(result.page, 'failure')?.status).toBe('error');
    expect(findResult(result.page, 'nothing')).toBeUndefined();
  });

  it('gives the review step its default title', () => {
    const doc = stepFormDocument();
    delete doc.form.steps?.confirmTitle;
    const result = loadPageSchema(doc, SOURCE);
    expect(result.ok && result.page.form.steps?.confirmTitle).toBe('确认信息');
  });
});

describe('a broken step form or result is refused with the pointer and what is wrong', () => {
  const cases: [string, (doc: PageDocument) => void, string][] = [
    [
      'steps beside fields',
      (d) => (d.form.fields = ['caseNo']),
      `${SOURCE}#/form/steps 分步表单（form.steps）不能与 fields 或 groups 同时使用：字段写在各步骤中`,
    ],
    [
      'a field in two steps',
      (d) => d.form.steps?.items[1].fields.push('caseNo'),
      `${SOURCE}#/form/steps/items/1/fields/4 字段 caseNo 在表单中出现了两次（已在 /form/steps/items/0/fields/0）`,
    ],
    ['a step naming an unknown field', (d) => d.form.steps?.items[0].fields.push('payer'), `${SOURCE}#/form/steps/items/0/fields/4 表单引用了不存在的字段 payer`],
    [
      'a required field in no step',
      (d) => d.form.steps?.items[1].fields.splice(3, 1),
      `${SOURCE}#/fields/7 必填字段 purpose 没有默认值，也不在表单中，用户无法填写`,
    ],
    ['a single step', (d) => d.form.steps?.items.splice(1, 1), `${SOURCE}#/form/steps/items 至少需要 2 项`],
    ['a form ending in an undeclared result', (d) => d.form.steps && (d.form.steps.result = 'done'), `${SOURCE}#/form/steps/result 分步表单引用了不存在的结果页 done`],
    [
      'again / close in a result no form ends in',
      (d) => d.results?.[1].actions?.push({ title: '再填一笔', do: 'again' }),
      `${SOURCE}#/results/1/actions/2/do 结果页 failure 不是分步表单提交后显示的结果（form.steps.result），按钮不能用 do`,
    ],
    [
      'a button with both to and do',
      (d) => d.results?.[0].actions?.push({ title: '两者', do: 'close', to: '/examples' }),
      `${SOURCE}#/results/0/actions/3 结果页的按钮须给出 to 或 do，且只能给出其一`,
    ],
    ['a button address outside the app', (d) => d.results?.[1].actions?.push({ title: '外站', to: 'https://example.com' }), `${SOURCE}#/results/1/actions/2/to 地址必须是本应用的路由，如 /examples/step-form`],
    ['a detail line with neither text nor field', (d) => d.results?.[0].details?.items.push({ label: '空' }), `${SOURCE}#/results/0/details/items/5 结果页的明细须给出 text 或 field，且只能给出其一`],
    ['a detail line naming an unknown field', (d) => d.results?.[0].details?.items.push({ field: 'payer' }), `${SOURCE}#/results/0/details/items/5/field 结果页的明细引用了不存在的字段 payer`],
    ['a status outside the enum', (d) => Object.assign(d.results?.[1] ?? {}, { status: 'failed' }), `${SOURCE}#/results/1/status 取值 failed 不在允许范围内`],
    [
      'two results with one key',
      (d) => d.results && (d.results[1].key = 'success'),
      `${SOURCE}#/results/1/key 结果页 key success 与页面的视图、报表或其他结果页重名`,
    ],
  ];
  it.each(cases)('%s', (_name, mutate, expected) => {
    expect(errorsOf(mutate).join('\n')).toContain(expected);
  });
});
