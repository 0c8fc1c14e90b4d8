import { describe, expect, it } from 'vitest';
import { canonicalSignString, computeSign, parseSignTimestamp, signInputsOf } from '../../../server/http/sign';

// The same vectors belong in the web app's tests of src/api/sign.ts: both sides must agree.
describe('X-Sign of the dictionary endpoints', () => {
  it('signs the sorted query parameters plus the comma path segment, without _t', () => {
    const params = { pageSize: '10', keyword: '张', _t: '1700000000' };
    expect(canonicalSignString(params, 'sys_user,realname,username')).toBe(
      '{"keyword":"张","pageSize":"10","x-path-variable":"sys_user,realname,username"}',
    );
    expect(computeSign(params, 'sys_user,realname,username')).toBe('DEC32AAE8A40A8EC67A5FC920DBCE7BB');
  });

  it('leaves a path segment without a comma out of the signed string', () => {
    expect(canonicalSignString({}, 'sex')).toBe('{}');
    expect(computeSign({}, 'sex')).toBe('E19D6243CB1945AB4F7202A1B00F77D5');
  });

  it('reads the inputs from a request URL, decoded', () => {
    expect(signInputsOf('/insurance/sys/dict/loadDict/sys_user%2Crealname%2Cusername?keyword=%E5%BC%A0&pageSize=10')).toEqual({
      params: { keyword: '张', pageSize: '10' },
      pathVariable: 'sys_user,realname,username',
    });
  });

  it('reads X-TIMESTAMP as Beijing yyyyMMddHHmmss or epoch milliseconds', () => {
    expect(parseSignTimestamp('20250102030405')).toBe(Date.UTC(2025, 0, 1, 19, 4, 5));
    expect(parseSignTimestamp('1735758245000')).toBe(1735758245000);
    expect(parseSignTimestamp('2025-01-02')).toBeUndefined();
    expect(parseSignTimestamp('')).toBeUndefined();
  });
});
