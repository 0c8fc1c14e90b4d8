import { describe, expect, it } from 'vitest';
import { PATTERN_NAMES, PATTERNS, type PatternName } from '../../../../runtime/validation/patterns';
import { validateValue } from '../../../../runtime/validation/rules';
import metaSchema from '../../../../schemas/meta/page.schema.json';

interface Case {
  valid: unknown[];
  invalid: unknown[];
  message: string;
}

// Each pattern of app-shell §5, widgets §5 and contract §4.3, with what a user types and what they read.
const CASES: Record<PatternName, Case> = {
  mobile: {
    valid: ['13800138000', '14712345678', '16612345678', '19912345678', 13912345678],
    invalid: ['12800138000', '10012345678', '1380013800', '138001380000', '+8613800138000', '1380013800a'],
    message: '请输入正确的手机号码',
  },
  email: {
    valid: ['a@b.cn', 'zhang.san@example.com', 'li_si+tag@mail.company.com.cn', 'w-w@sub-domain.org'],
    invalid: ['plain', 'a@b', '@b.com', 'a@.com', 'a b@c.com', 'a@b.c', 'a@-b.com'],
    message: '邮箱格式不正确',
  },
  url: {
    valid: ['http://example.com', 'https://www.example.com.cn/path?a=1&b=2#top', 'http://localhost:8080/api', 'https://a.b:443'],
    invalid: ['ftp://example.com', 'www.example.com', 'http://', 'https://example', 'http://exa mple.com', 'javascript:alert(1)'],
    message: '请输入正确的网址',
  },
  postcode: { valid: ['100000', '518057'], invalid: ['012345', '10000', '1000000', '10000a'], message: '请输入正确的邮政编码' },
  letters: { valid: ['abc', 'ABCdef'], invalid: ['abc1', 'a b', 'a|b', '中文', 'é'], message: '只能输入英文字母' },
  number: {
    valid: ['0', '12', '-3', '+4', '3.14', '-0.5', 42, -1.5],
    invalid: ['1.', '.5', '1.2.3', '1e3', 'abc', '--1', '1,000'],
    message: '请输入数字',
  },
  integer: { valid: ['0', '15', '-7', '+7', 99], invalid: ['1.0', '1.5', 'a', ' 1'], message: '请输入整数' },
  money: {
    valid: ['0', '0.5', '0.05', '12', '12.3', '12.34', '100000.00', 8.5],
    invalid: ['012', '00.5', '1.234', '1.', '-1', '.5', '1,000.00', 'abc'],
    message: '请输入正确的金额，最多两位小数',
  },
  naturalNumber: { valid: ['0', '1', '2024', 7], invalid: ['-1', '01', '1.5', 'a'], message: '请输入自然数' },
  landline: {
    valid: ['010-12345678', '0755-8765432', '02112345678', '87654321', '010-12345678-123'],
    invalid: ['12345', '010-1234', '13800138000', 'abc-12345678', '010--12345678'],
    message: '请输入正确的座机号码',
  },
  bankCard: {
    valid: ['6222021234567890', '6222021234567890123', '1234567890', '12345678901234567890'],
    invalid: ['0222021234567890', '123456789', '123456789012345678901', '6222 0212 3456 7890'],
    message: '请输入正确的银行卡号',
  },
  idNumber: { valid: ['A1234567', 'E12345678', 'a'.repeat(50)], invalid: ['a'.repeat(51), 'A-123', 'A 123', '护照123'], message: '证件号码只能是50位以内的字母或数字' },
  chineseIdCard: {
    valid: ['110101199003074514', '11010119900307451X', '11010119900307451x', '110101900307451'],
    invalid: ['1101011990030745', '1101011990030745141', '11010119900307451Y', '11010119900307X514'],
    message: '请输入正确的身份证号码',
  },
  qq: { valid: ['10000', '123456789012'], invalid: ['1234', '0123456', '1234567890123', 'qq12345'], message: '请输入正确的QQ号码' },
  upTo20LettersDigits: { valid: ['a', 'Abc123', 'x'.repeat(20)], invalid: ['x'.repeat(21), 'ab_c', 'a b', '中'], message: '只能输入20位以内的字母或数字' },
  chineseEnglish2to100: {
    valid: ['张三', 'Li Si', '中国 China', '中'.repeat(100)],
    invalid: ['张', '中'.repeat(101), '张三1', 'Li-Si', '张三！'],
    message: '请输入2到100位的中文、英文或空格',
  },
  digitsAndNewlines: { valid: ['123', '1\n2\n3', '12\r\n34'], invalid: ['1 2', '1,2', 'a\n1'], message: '只能输入数字和换行' },
  upTo255: { valid: ['a', '中'.repeat(255), 'x'.repeat(255)], invalid: ['x'.repeat(256), '中'.repeat(256)], message: '最多输入255个字符' },
  username: { valid: ['admin', 'zhang_san', 'User01'], invalid: ['zhang san', 'zhang-san', '张三', 'a.b'], message: '只能输入字母、数字、下划线' },
  'n6-16': { valid: ['123456', '1'.repeat(16)], invalid: ['12345', '1'.repeat(17), '12345a'], message: '请输入6到16位数字' },
  '*6-16': { valid: ['ab cd!', '中文也可以算字符', 'x'.repeat(16)], invalid: ['short', 'x'.repeat(17)], message: '请输入6到16位任意字符' },
  's6-18': { valid: ['abcdef', 'A'.repeat(18)], invalid: ['abcde', 'A'.repeat(19), 'abcde1', 'abc|def'], message: '请输入6到18位字母' },
};

describe('named validation patterns', () => {
  it('covers every pattern of the table', () => {
    expect(Object.keys(CASES).sort()).toEqual([...PATTERN_NAMES].sort());
  });

  it('has exactly the names of the meta-schema (the one list of pattern names)', () => {
    const enumNames = (metaSchema as { $defs: { namedPattern: { enum: string[] } } }).$defs.namedPattern.enum;
    expect([...PATTERN_NAMES].sort()).toEqual([...enumNames].sort());
  });

  it('username checks characters first, then 4 to 18 long with the 6 to 18 message', () => {
    expect(validateValue('a b', [{ pattern: 'username' }])).toBe('只能输入字母、数字、下划线');
    expect(validateValue('abc', [{ pattern: 'username' }])).toBe('用户名长度为6到18位');
    expect(validateValue('abcd', [{ pattern: 'username' }])).toBeUndefined();
    expect(validateValue('a'.repeat(18), [{ pattern: 'username' }])).toBeUndefined();
    expect(validateValue('a'.repeat(19), [{ pattern: 'username' }])).toBe('用户名长度为6到18位');
    expect(validateValue('abc', [{ pattern: 'username', message: '账号不合规' }])).toBe('账号不合规');
  });

  for (const name of PATTERN_NAMES) {
    const { valid, invalid, message } = CASES[name];
    describe(name, () => {
      it('accepts well-formed values', () => {
        for (const value of valid) expect(validateValue(value, [{ pattern: name }]), String(value)).toBeUndefined();
      });
      it(`rejects malformed values with 「${message}」`, () => {
        expect(PATTERNS[name].message).toBe(message);
        for (const value of invalid) expect(validateValue(value, [{ pattern: name }]), String(value)).toBe(message);
      });
      it('leaves an empty value to the required rule', () => {
        for (const empty of ['', null, undefined, []]) expect(validateValue(empty, [{ pattern: name }])).toBeUndefined();
      });
    });
  }

  it('lets a rule override the pattern message', () => {
    expect(validateValue('123', [{ pattern: 'mobile', message: '联系电话格式不对' }])).toBe('联系电话格式不对');
  });

  it('checks every item of a multi-value', () => {
    expect(validateValue(['13800138000', '13900139000'], [{ pattern: 'mobile' }])).toBeUndefined();
    expect(validateValue(['13800138000', '123'], [{ pattern: 'mobile' }])).toBe('请输入正确的手机号码');
  });

  it('counts upTo255 in characters, not UTF-16 units', () => {
    // 255 characters outside the BMP are 510 UTF-16 units.
    expect(validateValue('𠀀'.repeat(255), [{ pattern: 'upTo255' }])).toBeUndefined();
  });
});
