/**
 * Texts of the validation messages. The product is Chinese; the specification (app-shell §5,
 * widgets §5) renders some of them in English. Where the spec gives Chinese we use it verbatim;
 * where it gives only English, this table is the translation we ship:
 *
 * | spec (English rendering)                       | product text              |
 * |------------------------------------------------|---------------------------|
 * | Please enter mobile number                     | 请输入手机号码            |
 * | Please enter a correct mobile number           | 请输入正确的手机号码      |
 * | Please enter username                          | 请输入用户名              |
 * | Only letters, digits, underscore allowed       | 只能输入字母、数字、下划线 |
 * | (username) length message "6 to 18"            | 用户名长度为6到18位       |
 * | Email format incorrect                         | 邮箱格式不正确            |
 * | minimum length N                               | 最小长度为N               |
 * | maximum length N                               | 最大长度为N               |
 * | (checkbox group) at least N                    | 至少选择N项               |
 * | (checkbox group) at most N                     | 最多选择N项               |
 * | (number) smallest / largest value N (no text)  | 最小值为N / 最大值为N     |
 * | (raw regex, contract §4.3) 输入的值不合法       | 输入的值不合法            |
 * | rapid clicks (Chinese in the spec)             | 你点击的太快了，请慢点点击! |
 *
 * The remaining pattern messages (网址, 邮政编码, 银行卡号 …) are ours: the spec names the pattern
 * but not its message; see runtime/validation/patterns.ts.
 */

export const MOBILE_REQUIRED_MESSAGE = '请输入手机号码';
export const USERNAME_REQUIRED_MESSAGE = '请输入用户名';

/** Raw-regex rules without their own message (JeecgBoot online forms, contract §4.3). */
export const INVALID_VALUE_MESSAGE = '输入的值不合法';

/** Shown when a rule itself is broken (an uncompilable regex in a page document). Same text as the server's code-rule check. */
export const BROKEN_RULE_MESSAGE = '校验规则配置有误，请联系管理员';

export const CLICK_TOO_FAST_MESSAGE = '你点击的太快了，请慢点点击!';
/** Same action clicked again within this window is refused. */
export const CLICK_THROTTLE_MS = 300;

/**
 * A field's required message: '请输入<label>' for what is typed, '请选择<label>' for what is chosen
 * (a select, a date, a picker); without a label a neutral text.
 */
export function requiredMessage(label?: string, chosen = false): string {
  if (!label) return '该项为必填项';
  return `${chosen ? '请选择' : '请输入'}${label}`;
}

export const minLengthMessage = (n: number): string => `最小长度为${n}`;
export const maxLengthMessage = (n: number): string => `最大长度为${n}`;
export const minItemsMessage = (n: number): string => `至少选择${n}项`;
export const maxItemsMessage = (n: number): string => `最多选择${n}项`;
export const minValueMessage = (n: number): string => `最小值为${n}`;
export const maxValueMessage = (n: number): string => `最大值为${n}`;

/** The server's answer to a failed duplicate check, used if it ever answers without a message. */
export const DUPLICATE_FALLBACK_MESSAGE = '该值不可用，系统中已存在！';
