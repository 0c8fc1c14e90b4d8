import { passwordPolicyError } from '../../runtime/contract/passwordRule';

// The rule itself is shared with the web app (注册, 忘记密码 check it as the user types).
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_POLICY_MESSAGE, passwordPolicyError } from '../../runtime/contract/passwordRule';

/** spec §5: the confirmation differs from the new password. */
export const PASSWORD_MISMATCH_MESSAGE = '两次输入的密码不一样！';

/**
 * Why a new password cannot be set — typed twice differently (when the form sends the confirmation)
 * or too weak —, or undefined. Every place that sets a password asks this: own change, 用户管理's
 * 修改密码, 注册, 忘记密码.
 */
export function newPasswordError(password: string, confirmation?: string): string | undefined {
  if (confirmation !== undefined && confirmation !== password) return PASSWORD_MISMATCH_MESSAGE;
  return passwordPolicyError(password);
}
