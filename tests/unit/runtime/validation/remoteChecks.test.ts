import { describe, expect, it, vi } from 'vitest';
import { checkRuleCode, duplicateCheck, type CheckAnswer, type CheckRequest } from '../../../../runtime/validation/remoteChecks';

function fakeRequest(answer: CheckAnswer | Error) {
  return vi.fn<CheckRequest>(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
}

describe('duplicateCheck (spec §5)', () => {
  it('sends table, field, value and the record id to /sys/duplicate/check', async () => {
    const request = fakeRequest({ success: true, message: '该值可用！' });
    const result = await duplicateCheck(request, { tableName: 'maintenance_expert', fieldName: 'expert_code', fieldVal: 'E001', dataId: '42' });
    expect(result).toBeUndefined();
    expect(request).toHaveBeenCalledWith('/sys/duplicate/check', {
      tableName: 'maintenance_expert',
      fieldName: 'expert_code',
      fieldVal: 'E001',
      dataId: '42',
    });
  });

  it('leaves out the record id when adding', async () => {
    const request = fakeRequest({ success: true });
    await duplicateCheck(request, { tableName: 't', fieldName: 'f', fieldVal: 7, dataId: undefined });
    expect(request).toHaveBeenCalledWith('/sys/duplicate/check', { tableName: 't', fieldName: 'f', fieldVal: '7' });
  });

  it('is skipped when the value is empty', async () => {
    const request = fakeRequest({ success: false, message: 'never asked' });
    for (const empty of ['', '  ', null, undefined, []]) {
      expect(await duplicateCheck(request, { tableName: 't', fieldName: 'f', fieldVal: empty })).toBeUndefined();
    }
    expect(request).not.toHaveBeenCalled();
  });

  it("shows the server's message when the value is taken", async () => {
    const request = fakeRequest({ success: false, message: '该值不可用，系统中已存在！' });
    expect(await duplicateCheck(request, { tableName: 't', fieldName: 'f', fieldVal: 'E001' })).toBe('该值不可用，系统中已存在！');
  });

  it('falls back to the standard text when the server gives none', async () => {
    const request = fakeRequest({ success: false, message: '' });
    expect(await duplicateCheck(request, { tableName: 't', fieldName: 'f', fieldVal: 'E001' })).toBe('该值不可用，系统中已存在！');
  });

  it('does not pass silently when the request fails', async () => {
    const request = fakeRequest(new Error('网络异常，请检查网络连接'));
    expect(await duplicateCheck(request, { tableName: 't', fieldName: 'f', fieldVal: 'E001' })).toBe('网络异常，请检查网络连接');
  });
});

describe('checkRuleCode (spec §5)', () => {
  it('sends the rule code and the URL-encoded value to /sys/checkRule/checkByCode', async () => {
    const request = fakeRequest({ success: true });
    expect(await checkRuleCode(request, { ruleCode: 'contract_no', value: 'HT 2024/01&中' })).toBeUndefined();
    expect(request).toHaveBeenCalledWith('/sys/checkRule/checkByCode', {
      ruleCode: 'contract_no',
      value: encodeURIComponent('HT 2024/01&中'),
    });
  });

  it("shows the server's message when the value breaks the rule", async () => {
    const request = fakeRequest({ success: false, message: '合同编号需以HT开头' });
    expect(await checkRuleCode(request, { ruleCode: 'contract_no', value: 'XX2024' })).toBe('合同编号需以HT开头');
  });

  it('is skipped when the value is empty', async () => {
    const request = fakeRequest({ success: false, message: 'never asked' });
    expect(await checkRuleCode(request, { ruleCode: 'contract_no', value: '' })).toBeUndefined();
    expect(await checkRuleCode(request, { ruleCode: 'contract_no', value: null })).toBeUndefined();
    expect(request).not.toHaveBeenCalled();
  });

  it('reports a failed request with its text', async () => {
    const request = fakeRequest(new Error('该编码不存在'));
    expect(await checkRuleCode(request, { ruleCode: 'nope', value: 'x' })).toBe('该编码不存在');
  });
});
