import { describe, expect, it } from 'vitest';
import { CODES_EXHAUSTED, nextOrgCode, nextSegment } from '../../../../server/sys/org/orgCode';

describe('JeecgBoot org codes', () => {
  it('counts A01 … A99, then B01, per level', () => {
    expect(nextSegment('A01')).toBe('A02');
    expect(nextSegment('A09')).toBe('A10');
    expect(nextSegment('A99')).toBe('B01');
    expect(() => nextSegment('Z99')).toThrow(CODES_EXHAUSTED);
    expect(() => nextSegment('1AB')).toThrow('部门编码「1AB」不是字母加两位数字，无法生成下一个编码');
  });

  it('puts a department under its parent: the first child A01, then after the highest sibling', () => {
    expect(nextOrgCode('', undefined)).toBe('A01');
    expect(nextOrgCode('', 'A02')).toBe('A03');
    expect(nextOrgCode('A01', undefined)).toBe('A01A01');
    expect(nextOrgCode('A01', 'A01A04')).toBe('A01A05');
    expect(nextOrgCode('A01A05', 'A01A05B99')).toBe('A01A05C01');
  });
});
