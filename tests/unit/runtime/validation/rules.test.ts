import { describe, expect, it } from 'vitest';
import { MAX_RAW_REGEX_LENGTH } from '../../../../runtime/validation/rawRegex';
import { rulesFromOnlineCode } from '../../../../runtime/validation/fieldRules';
import {
  checkRules,
  EMAIL_RULES,
  MOBILE_RULES,
  USERNAME_RULES,
  validateValue,
  type ValidationRule,
} from '../../../../runtime/validation/rules';

describe('required', () => {
  it('names the field in the default message', () => {
    expect(validateValue('', [{ required: true }], { label: '公估师姓名' })).toBe('请输入公估师姓名');
    expect(validateValue(undefined, [{ required: true }])).toBe('该项为必填项');
  });

  it('treats null, blank text, empty lists and NaN as empty; 0 and false as values', () => {
    for (const empty of [null, undefined, '', '   ', [], [''], Number.NaN]) {
      expect(validateValue(empty, [{ required: true, message: '必填' }]), JSON.stringify(empty)).toBe('必填');
    }
    for (const filled of [0, false, 'x', ['a']]) expect(validateValue(filled, [{ required: true }])).toBeUndefined();
  });

  it('reports the first failing rule only', () => {
    const rules: ValidationRule[] = [{ required: true, message: '请输入手机号码' }, { pattern: 'mobile' }, { maxLength: 5 }];
    expect(validateValue('', rules)).toBe('请输入手机号码');
    expect(validateValue('123456', rules)).toBe('请输入正确的手机号码');
    expect(validateValue('13800138000', rules)).toBe('最大长度为5');
  });
});

describe('app-shell §5 fields', () => {
  it('mobile: required, then the pattern', () => {
    expect(validateValue('', MOBILE_RULES)).toBe('请输入手机号码');
    expect(validateValue('12345678901', MOBILE_RULES)).toBe('请输入正确的手机号码');
    expect(validateValue('13800138000', MOBILE_RULES)).toBeUndefined();
  });

  it('username: characters first, then 4 to 18 long with the 6 to 18 message (both readings stand)', () => {
    expect(validateValue('', USERNAME_RULES)).toBe('请输入用户名');
    expect(validateValue('zhang san', USERNAME_RULES)).toBe('只能输入字母、数字、下划线');
    expect(validateValue('abc', USERNAME_RULES)).toBe('用户名长度为6到18位');
    expect(validateValue('abcd', USERNAME_RULES)).toBeUndefined();
    expect(validateValue('a'.repeat(18), USERNAME_RULES)).toBeUndefined();
    expect(validateValue('a'.repeat(19), USERNAME_RULES)).toBe('用户名长度为6到18位');
  });

  it('e-mail: optional, valid format', () => {
    expect(validateValue('', EMAIL_RULES)).toBeUndefined();
    expect(validateValue('zhangsan@', EMAIL_RULES)).toBe('邮箱格式不正确');
    expect(validateValue('zhangsan@example.com', EMAIL_RULES)).toBeUndefined();
  });
});

describe('length and count rules', () => {
  it('gives 最小长度为N / 最大长度为N, counting characters', () => {
    expect(validateValue('ab', [{ minLength: 3 }])).toBe('最小长度为3');
    expect(validateValue('abc', [{ minLength: 3 }])).toBeUndefined();
    expect(validateValue('公估业务', [{ maxLength: 3 }])).toBe('最大长度为3');
    expect(validateValue('公估业', [{ maxLength: 3 }])).toBeUndefined();
    expect(validateValue(12345, [{ maxLength: 4 }])).toBe('最大长度为4');
  });

  it('leaves an empty value to required', () => {
    expect(validateValue('', [{ minLength: 3 }])).toBeUndefined();
    expect(validateValue('', [{ required: true, message: '请输入名称' }, { minLength: 3 }])).toBe('请输入名称');
  });

  it('gives 至少选择N项 / 最多选择N项 for checkbox groups (arrays or comma-joined values)', () => {
    expect(validateValue(['a'], [{ minItems: 2 }])).toBe('至少选择2项');
    expect(validateValue('a', [{ minItems: 2 }])).toBe('至少选择2项');
    expect(validateValue('a,b', [{ minItems: 2 }])).toBeUndefined();
    expect(validateValue(['a', 'b', 'c'], [{ maxItems: 2 }])).toBe('最多选择2项');
    expect(validateValue('a,b,c', [{ maxItems: 2 }])).toBe('最多选择2项');
    expect(validateValue('a,b', [{ maxItems: 2 }])).toBeUndefined();
  });

  it('uses a rule’s own message when given', () => {
    expect(validateValue('a', [{ minLength: 2, message: '名称太短' }])).toBe('名称太短');
  });
});

describe('JeecgBoot online validation codes (contract §4.3)', () => {
  const check = (code: string, value: unknown) => validateValue(value, rulesFromOnlineCode(code), { label: '编码' });

  it("'*' is required", () => {
    expect(rulesFromOnlineCode('*')).toEqual([{ required: true }]);
    expect(check('*', '')).toBe('请输入编码');
    expect(check('*', 'x')).toBeUndefined();
  });

  it('maps the pattern codes onto the same table', () => {
    const samples: Array<[string, string, string, string]> = [
      ['n6-16', '123456', '12345', '请输入6到16位数字'],
      ['*6-16', 'a b c!', 'a b', '请输入6到16位任意字符'],
      ['s6-18', 'abcdef', 'abcde1', '请输入6到18位字母'],
      ['url', 'https://example.com', 'example.com', '请输入正确的网址'],
      ['e', 'a@b.cn', 'a@b', '邮箱格式不正确'],
      ['m', '19912345678', '12912345678', '请输入正确的手机号码'],
      ['p', '100000', '010000', '请输入正确的邮政编码'],
      ['s', 'abc', 'ab1', '只能输入英文字母'],
      ['n', '-1.5', '1.5.1', '请输入数字'],
      ['z', '-15', '1.5', '请输入整数'],
      ['money', '12.50', '12.505', '请输入正确的金额，最多两位小数'],
    ];
    for (const [code, good, bad, message] of samples) {
      expect(check(code, good), code).toBeUndefined();
      expect(check(code, bad), code).toBe(message);
    }
  });

  it("'only' becomes the server uniqueness rule; '' means no rule", () => {
    expect(rulesFromOnlineCode('only')).toEqual([{ unique: true }]);
    expect(rulesFromOnlineCode('')).toEqual([]);
    expect(rulesFromOnlineCode(null)).toEqual([]);
    // Asynchronous: the synchronous check lets it pass; the form asks the server (remoteChecks).
    expect(check('only', 'taken')).toBeUndefined();
  });

  it('treats anything else as a raw regex with 输入的值不合法', () => {
    expect(rulesFromOnlineCode('^[A-Z]{2}\\d{4}$')).toEqual([{ regex: '^[A-Z]{2}\\d{4}$' }]);
    expect(check('^[A-Z]{2}\\d{4}$', 'HT2024')).toBeUndefined();
    expect(check('^[A-Z]{2}\\d{4}$', 'ht2024')).toBe('输入的值不合法');
  });

  it('carries a configured message onto the rule', () => {
    expect(validateValue('x', rulesFromOnlineCode('m', '请填写联系人手机'))).toBe('请填写联系人手机');
  });
});

describe('raw regular expressions', () => {
  it('is not anchored: the author writes ^…$', () => {
    expect(validateValue('abc123', [{ regex: '\\d' }])).toBeUndefined();
    expect(validateValue('abc', [{ regex: '\\d' }])).toBe('输入的值不合法');
  });

  it('accepts the /body/flags form and ignores the stateful g and y flags', () => {
    const rules: ValidationRule[] = [{ regex: '/^abc$/gi' }];
    // With a real g flag the second test would start at lastIndex 3 and fail.
    expect(validateValue('ABC', rules)).toBeUndefined();
    expect(validateValue('ABC', rules)).toBeUndefined();
    expect(validateValue('abd', rules)).toBe('输入的值不合法');
  });

  it('never accepts a value through a broken rule, and reports the rule at load time', () => {
    const broken: ValidationRule[] = [{ regex: '([a-z' }];
    expect(validateValue('abc', broken)).toBe('校验规则配置有误，请联系管理员');
    const [problem] = checkRules(broken);
    expect(problem.index).toBe(0);
    expect(problem.reason).toMatch(/^正则表达式无效：/);
  });

  it('refuses a pattern longer than the cap', () => {
    const long = 'a'.repeat(MAX_RAW_REGEX_LENGTH + 1);
    expect(checkRules([{ regex: long }])).toEqual([{ index: 0, reason: `正则表达式过长（最多${MAX_RAW_REGEX_LENGTH}个字符）` }]);
    expect(validateValue('a', [{ regex: long }])).toBe('校验规则配置有误，请联系管理员');
    expect(checkRules([{ regex: '' }])).toEqual([{ index: 0, reason: '正则表达式为空' }]);
  });
});

describe('checkRules', () => {
  it('reports unknown pattern names and bad counts, and accepts good rules', () => {
    const rules = [
      { required: true },
      { pattern: 'telephone' },
      { minLength: -1 },
      { maxItems: 1.5 },
      { ruleCode: '' },
      { pattern: 'qq' },
    ] as unknown as ValidationRule[];
    expect(checkRules(rules)).toEqual([
      { index: 1, reason: '未知的校验规则「telephone」' },
      { index: 2, reason: 'minLength 必须是非负整数' },
      { index: 3, reason: 'maxItems 必须是非负整数' },
      { index: 4, reason: 'ruleCode 不能为空' },
    ]);
    expect(validateValue('x', [rules[1]])).toBe('校验规则配置有误，请联系管理员');
  });
});
