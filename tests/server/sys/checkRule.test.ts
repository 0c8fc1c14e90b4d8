import { describe, expect, it } from 'vitest';
import { checkValue, parseRuleJson } from '../../../server/sys/checkRule';

describe('code rules', () => {
  const rules = parseRuleJson(
    JSON.stringify([
      { digits: '2', pattern: '^HT$', message: '以 HT 开头' },
      { digits: 4, pattern: '[0-9]{4}', message: '四位年份' },
      { digits: '*', pattern: '[0-9]{6}', message: '六位流水号' },
    ]),
  );

  it('checks each part of the value in turn; "*" checks the rest', () => {
    expect(rules).toBeDefined();
    expect(checkValue(rules!, 'HT2025000123')).toEqual({ passed: true });
    expect(checkValue(rules!, 'HX2025000123')).toMatchObject({ passed: false, message: '以 HT 开头', checkValue: 'HX' });
    expect(checkValue(rules!, 'HT20a5000123')).toMatchObject({ passed: false, message: '四位年份' });
    expect(checkValue(rules!, 'HT20250001234')).toMatchObject({ passed: false, message: '六位流水号', checkValue: '0001234' });
  });

  it('passes an empty value (required-ness is the form rule, not the code rule)', () => {
    expect(checkValue(rules!, '')).toEqual({ passed: true });
  });

  it('refuses malformed rule JSON and broken or oversized patterns without evaluating them', () => {
    expect(parseRuleJson('not json')).toBeUndefined();
    expect(parseRuleJson('{"digits":"*"}')).toBeUndefined();
    expect(parseRuleJson('[{"digits":"*"}]')).toBeUndefined();
    expect(() => checkValue([{ digits: '*', pattern: '(', message: '' }], 'x')).toThrow('校验规则配置有误');
    expect(() => checkValue([{ digits: '*', pattern: 'a'.repeat(501), message: '' }], 'x')).toThrow('校验规则配置有误');
    expect(() => checkValue([{ digits: 'two', pattern: '.*', message: '' }], 'x')).toThrow('校验规则配置有误');
  });
});
