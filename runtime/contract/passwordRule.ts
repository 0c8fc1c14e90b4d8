/**
 * The minimum password rule for every password that is set (own change, 注册, 忘记密码, the initial
 * admin password of DEMO=off, and any later user administration): at least 8 characters and at least
 * three of the four kinds — capital letters, small letters, digits, symbols. The web app checks it
 * too before it sends. The demo accounts' 123456 is seeded as a hash and never passes through here
 * (README: demo logins).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_POLICY_MESSAGE = '密码至少8位，且须包含大写字母、小写字母、数字、特殊符号中的至少三种';

const CLASSES: readonly RegExp[] = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9\s]/];

/** The refusal for a password that breaks the rule, or undefined for an acceptable one. */
export function passwordPolicyError(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return PASSWORD_POLICY_MESSAGE;
  const kinds = CLASSES.filter((re) => re.test(password)).length;
  return kinds >= 3 ? undefined : PASSWORD_POLICY_MESSAGE;
}
