import { describe, expect, it } from 'vitest';
import { createDictService } from '../../../../../runtime/dict/dictService';
import { detailText } from '../../../../../runtime/views/form/detailText';
import { defaultValues, formToRecord, recordToForm } from '../../../../../runtime/views/form/formValues';
import { createFakeHost } from '../../list/fakeHost';
import { claimDocument, compile } from './fixtures';

const page = compile(claimDocument());
const field = (name: string) => {
  const found = page.fieldByName.get(name);
  if (!found) throw new Error(name);
  return found;
};

describe('form values', () => {
  it('starts a new record from literal and expression defaults, leaving fill-rule fields empty', () => {
    const { values, fillRuleFields, failures } = defaultValues(page, { now: () => new Date(2024, 2, 5, 10, 0, 0) });
    expect(values.sex).toBe('1');
    expect(values.reportDate).toBe('2024-03-05');
    expect(values.tags).toEqual([]);
    expect(values).not.toHaveProperty('claimNo');
    expect(fillRuleFields).toEqual(['claimNo']);
    expect(failures).toEqual([]);
  });

  it('leaves a field empty when its default expression cannot be evaluated', () => {
    // The loader refuses such documents; the form still must not crash on one that slips through.
    const broken = { ...field('claimName'), default: { expr: 'len()' } };
    const result = defaultValues({ ...page, form: { ...page.form, fields: [broken] } });
    expect(result.values).not.toHaveProperty('claimName');
    expect(result.failures[0].field).toBe('claimName');
  });

  it('turns stored multi-values, switches and decimal text into control values and back', () => {
    const form = recordToForm(page, { id: '7', tags: 'a,b', regions: '', urgent: 'Y', lossAmount: '12.50', level: '2', createTime: 'x' });
    expect(form).toMatchObject({ id: '7', tags: ['a', 'b'], regions: [], urgent: true, lossAmount: 12.5, level: 2, createTime: 'x' });
    const body = formToRecord(page, { ...form, urgent: false, claimName: '甲乙' }, '7');
    expect(body).toMatchObject({ id: '7', tags: 'a,b', regions: '', urgent: 'N', lossAmount: 12.5, claimName: '甲乙', remark: null });
    expect(body).not.toHaveProperty('createTime');
  });
});

describe('detail texts', () => {
  const dict = createDictService(createFakeHost().host);
  dict.seed({ claim_tag: [{ value: 'a', text: '甲' }, { value: 'b', text: '乙' }] });

  it('prefers the server dictionary text, else the cached dictionary', () => {
    expect(detailText(field('lossType'), { lossType: 'car', lossType_dictText: '车损' }, dict)).toBe('车损');
    expect(detailText(field('tags'), { tags: 'a,b' }, dict)).toBe('甲,乙');
  });

  it('formats money, datetimes, dates and switches; empty stays empty', () => {
    expect(detailText(field('lossAmount'), { lossAmount: 1234567.5 }, dict)).toBe('1,234,567.50');
    expect(detailText(field('visitTime'), { visitTime: '2024-03-05T08:09:10' }, dict)).toBe('2024-03-05 08:09:10');
    expect(detailText(field('reportDate'), { reportDate: '2024-03-05 00:00:00' }, dict)).toBe('2024-03-05');
    expect(detailText(field('urgent'), { urgent: 'Y' }, dict)).toBe('是');
    expect(detailText(field('urgent'), { urgent: 'N' }, dict)).toBe('否');
    expect(detailText(field('claimName'), {}, dict)).toBe('');
  });
});

describe('dictionary defaults of a new record', () => {
  it("chooses the items marked isDefault 'Y' for empty fields without a declared default", async () => {
    const { dictDefaults } = await import('../../../../../runtime/views/form/formValues');
    const { normalizeItems } = await import('../../../../../runtime/dict/normalize');
    const items: Record<string, unknown[]> = {
      loss_type: [{ value: 'car', text: '车损' }, { value: 'fire', text: '火灾', isDefault: 'Y' }],
      claim_tag: [{ value: 'a', title: '甲', isDefault: 'Y' }, { value: 'b', label: '乙', isDefault: 'Y' }, { value: 'c', text: '丙' }],
      sex: [{ value: '2', text: '女', isDefault: 'Y' }],
    };
    const values = dictDefaults(page, { tags: [], sex: '1' }, (code) => normalizeItems(items[code]));
    expect(values).toEqual({ lossType: 'fire', tags: ['a', 'b'] });
    expect(normalizeItems(items.claim_tag)).toEqual([
      { value: 'a', text: '甲', isDefault: true },
      { value: 'b', text: '乙', isDefault: true },
      { value: 'c', text: '丙' },
    ]);
  });
});
