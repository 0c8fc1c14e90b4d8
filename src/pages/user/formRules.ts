import type { FormRule } from 'antd';
import { mobileError, usernameError } from '../../../runtime/validation/signInForms';
import { passwordPolicyError } from '../../../runtime/contract/passwordRule';

/** antd rules of the sign-in forms, each the shared check (runtime/contract) the server repeats. */
function checked(check: (value: string | undefined) => string | undefined): FormRule {
  return {
    validator: (_, value?: string) => {
      const error = check(value);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };
}

export const MOBILE_RULES: FormRule[] = [checked(mobileError)];
export const USERNAME_RULES: FormRule[] = [checked(usernameError)];
export const NEW_PASSWORD_RULES: FormRule[] = [
  { required: true, message: '请输入新密码!' },
  checked((value) => (value ? passwordPolicyError(value) : undefined)),
];

/** The confirmation of the password in `field` (spec §5: 请确认新密码! / 两次输入的密码不一样！). */
export function confirmRules(field: string): FormRule[] {
  return [
    { required: true, message: '请确认新密码!' },
    ({ getFieldValue }) => ({
      validator: (_, value?: string) =>
        !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一样！')),
    }),
  ];
}
