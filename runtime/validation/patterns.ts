/**
 * Every named validation pattern of the product (app-shell §5, widgets §5, contract §4.3), in one
 * table. A pattern applies to a non-empty value only; emptiness is the `required` rule's job.
 * Messages are Chinese; how they map to the spec's English renderings is tabled in ./messages.ts.
 *
 * Choices where the sources disagree:
 * - mobile: app-shell §5 says 1 then 3/4/5/7/8; widgets §5 says 1 then 3-9; JeecgBoot's online
 *   `m` is ^1[3456789]\d{9}$. We take 1[3-9]: it is the newer two sources' reading and the only
 *   one that accepts numbers issued today (16x, 19x); one pattern serves both documents.
 * - username: app-shell §5 allows 4 to 18 characters while its message says 6 to 18, and says both
 *   readings stand. We check 4-18 (so no existing 4-5 character account becomes invalid) and show
 *   the product's 6-18 message. Characters are checked first, with their own message.
 * - chineseIdCard: the spec says 15 or 18 digits; an 18-character card ends in a check character
 *   that may be X, so the 18th may be X or x.
 * - email: JeecgBoot's online `e` demands a three-letter top-level domain (a@b.cn fails); we use
 *   a standard shape for both the named pattern and `e`.
 * - money: "up to 2 decimals, no leading zeros". JeecgBoot's regex rejects a plain 0 and accepts a
 *   trailing dot ('5.'); we accept 0 and require digits after a dot.
 * - number / integer: "optional sign" — a leading + or -.
 */

import type { NamedPattern } from '../generated/page';

/**
 * A pattern's name as page documents write it: the meta-schema's enum (schemas/meta, #/$defs/namedPattern)
 * is the one list; the table below must hold exactly its names.
 */
export type PatternName = NamedPattern;

export interface PatternCheck {
  regex: RegExp;
  message: string;
}

export interface PatternDefinition extends PatternCheck {
  name: PatternName;
  /** A second check, run once the first passes (username: characters, then length). */
  then?: PatternCheck;
}

const TABLE: readonly PatternDefinition[] = [
  { name: 'mobile', regex: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' },
  {
    name: 'email',
    regex: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/,
    message: '邮箱格式不正确',
  },
  {
    // http/https only (spec); host with at least one dot or localhost, optional port, then a path/query.
    name: 'url',
    regex: /^https?:\/\/(?:localhost|[\w-]+(?:\.[\w-]+)+)(?::\d{1,5})?(?:[/?#][\w\-.,@?^=%&:/~+#!*'();[\]$]*)?$/,
    message: '请输入正确的网址',
  },
  { name: 'postcode', regex: /^[1-9]\d{5}$/, message: '请输入正确的邮政编码' },
  { name: 'letters', regex: /^[A-Za-z]+$/, message: '只能输入英文字母' },
  { name: 'number', regex: /^[+-]?\d+(?:\.\d+)?$/, message: '请输入数字' },
  { name: 'integer', regex: /^[+-]?\d+$/, message: '请输入整数' },
  { name: 'money', regex: /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/, message: '请输入正确的金额，最多两位小数' },
  { name: 'naturalNumber', regex: /^(?:0|[1-9]\d*)$/, message: '请输入自然数' },
  // Area code (0 + 2-3 digits, optional hyphen), 7-8 digit number, optional extension.
  { name: 'landline', regex: /^(?:0\d{2,3}-?)?[1-9]\d{6,7}(?:-\d{1,6})?$/, message: '请输入正确的座机号码' },
  { name: 'bankCard', regex: /^[1-9]\d{9,19}$/, message: '请输入正确的银行卡号' },
  { name: 'idNumber', regex: /^[A-Za-z0-9]{1,50}$/, message: '证件号码只能是50位以内的字母或数字' },
  { name: 'chineseIdCard', regex: /^(?:\d{15}|\d{17}[\dXx])$/, message: '请输入正确的身份证号码' },
  { name: 'qq', regex: /^[1-9]\d{4,11}$/, message: '请输入正确的QQ号码' },
  { name: 'upTo20LettersDigits', regex: /^[A-Za-z0-9]{1,20}$/, message: '只能输入20位以内的字母或数字' },
  { name: 'chineseEnglish2to100', regex: /^[\p{Script=Han}A-Za-z ]{2,100}$/u, message: '请输入2到100位的中文、英文或空格' },
  { name: 'digitsAndNewlines', regex: /^[\d\r\n]+$/, message: '只能输入数字和换行' },
  // Counted in characters (code points), not UTF-16 units: 255 Chinese characters are 255.
  { name: 'upTo255', regex: /^[\s\S]{0,255}$/u, message: '最多输入255个字符' },
  // The page language's username pattern is the whole username rule: characters, then length (app-shell §5).
  {
    name: 'username',
    regex: /^[A-Za-z0-9_]+$/,
    message: '只能输入字母、数字、下划线',
    then: { regex: /^[\s\S]{4,18}$/u, message: '用户名长度为6到18位' },
  },
  // JeecgBoot's online codes n6-16, *6-16, s6-18 are page-language names as they are.
  { name: 'n6-16', regex: /^\d{6,16}$/, message: '请输入6到16位数字' },
  { name: '*6-16', regex: /^[\s\S]{6,16}$/u, message: '请输入6到16位任意字符' },
  { name: 's6-18', regex: /^[A-Za-z]{6,18}$/, message: '请输入6到18位字母' },
];

export const PATTERNS: Readonly<Record<PatternName, PatternDefinition>> = Object.freeze(
  Object.fromEntries(TABLE.map((pattern) => [pattern.name, pattern])) as Record<PatternName, PatternDefinition>,
);

export const PATTERN_NAMES: readonly PatternName[] = TABLE.map((pattern) => pattern.name);

export function isPatternName(name: string): name is PatternName {
  return Object.prototype.hasOwnProperty.call(PATTERNS, name);
}

/**
 * JeecgBoot online `field_valid_type` codes (CgformValidPatternEnum) that are patterns. `*`
 * (non-empty) and `only` (unique) are rules of their own; see rulesFromOnlineCode.
 */
export const ONLINE_PATTERN_CODES: Readonly<Record<string, PatternName>> = Object.freeze({
  'n6-16': 'n6-16',
  '*6-16': '*6-16',
  's6-18': 's6-18',
  url: 'url',
  e: 'email',
  m: 'mobile',
  p: 'postcode',
  s: 'letters',
  n: 'number',
  z: 'integer',
  money: 'money',
});
