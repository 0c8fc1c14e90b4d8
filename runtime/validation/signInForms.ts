import { MOBILE_REQUIRED_MESSAGE, USERNAME_REQUIRED_MESSAGE } from './messages';
import { PATTERNS } from './patterns';

export { MOBILE_REQUIRED_MESSAGE, USERNAME_REQUIRED_MESSAGE };

/**
 * The fields of 手机号登录, 注册 and 忘记密码 as both sides check them (app-shell §5): the web app
 * before it sends, the server again. Texts are the product's Chinese renderings of the spec's.
 */
export const SMS_CODE_REQUIRED_MESSAGE = '请输入验证码';
export const SMS_CODE_FORMAT_MESSAGE = '验证码为6位数字';

/** smsmode of POST /sys/sms (JeecgBoot): 0 登录, 1 注册, 2 忘记密码. */
export const SMS_MODE = { login: '0', register: '1', reset: '2' } as const;
export type SmsMode = (typeof SMS_MODE)[keyof typeof SMS_MODE];

/** Seconds between two codes to one phone; the 获取验证码 button counts them down. */
export const SMS_RESEND_SECONDS = 60;

export function mobileError(value: string | undefined): string | undefined {
  const mobile = value?.trim() ?? '';
  if (mobile === '') return MOBILE_REQUIRED_MESSAGE;
  return PATTERNS.mobile.regex.test(mobile) ? undefined : PATTERNS.mobile.message;
}

export function usernameError(value: string | undefined): string | undefined {
  const username = value?.trim() ?? '';
  if (username === '') return USERNAME_REQUIRED_MESSAGE;
  const rule = PATTERNS.username;
  if (!rule.regex.test(username)) return rule.message;
  return rule.then && !rule.then.regex.test(username) ? rule.then.message : undefined;
}

export function smsCodeError(value: string | undefined): string | undefined {
  const code = value?.trim() ?? '';
  if (code === '') return SMS_CODE_REQUIRED_MESSAGE;
  return /^\d{6}$/.test(code) ? undefined : SMS_CODE_FORMAT_MESSAGE;
}
