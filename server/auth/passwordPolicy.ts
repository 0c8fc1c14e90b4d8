// The rule itself is shared with the web app (注册, 忘记密码 check it as the user types).
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_POLICY_MESSAGE, passwordPolicyError } from '../../runtime/contract/passwordRule';
