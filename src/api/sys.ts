// Sign-in, session and user calls of spec §7.
import { get, post } from './request';
import type { CurrentUserDeparts, CurrentUserTenants, Envelope, LoginResult, PermissionResult, UserInfo } from './types';

export interface LoginForm {
  username: string;
  password: string;
  captcha: string;
  /** the key the captcha image was fetched with */
  checkKey: string;
}

export interface LoginChoice {
  /** 记住我: false keeps the session in this browser tab only, and the server makes it short. */
  remember_me?: boolean;
}

export interface PhoneLoginForm extends LoginChoice {
  mobile: string;
  /** the 6-digit code of the text message */
  captcha: string;
}

export interface RegisterForm {
  username: string;
  password: string;
  confirmPassword: string;
  phone: string;
  smscode: string;
}

export interface PasswordChangeForm {
  username: string;
  ticket: string;
  password: string;
  confirmPassword: string;
}

export interface UpdatePasswordForm {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** Captcha image for `key` as a data URL (`result`). The server answers code 0 on success. */
export function getCaptcha(key: string | number): Promise<Envelope<string>> {
  return get<string>(`/sys/randomImage/${key}`);
}

export function login(form: LoginForm & LoginChoice): Promise<Envelope<LoginResult>> {
  return post<LoginResult>('/sys/login', form);
}

export function phoneLogin(form: PhoneLoginForm): Promise<Envelope<LoginResult>> {
  return post<LoginResult>('/sys/phoneLogin', form);
}

/** 获取验证码: smsmode 0 登录, 1 注册, 2 忘记密码; `result.wait` is the seconds until the next may be asked. */
export function sendSmsCode(mobile: string, smsmode: string): Promise<Envelope<{ wait: number } | null>> {
  return post<{ wait: number } | null>('/sys/sms', { mobile, smsmode });
}

/** Whether 注册 is open (系统设置's 开放注册, read by the server at each request). */
export function registrationOpen(): Promise<Envelope<boolean>> {
  return get<boolean>('/sys/user/registerOpen');
}

export function register(form: RegisterForm): Promise<Envelope<string>> {
  return post<string>('/sys/user/register', form);
}

/** 忘记密码 step 2: the phone's code proves the account; answers the ticket of step 3. */
export function phoneVerification(form: { username: string; phone: string; smscode: string }): Promise<Envelope<{ username: string; ticket: string }>> {
  return post<{ username: string; ticket: string }>('/sys/user/phoneVerification', form);
}

export function passwordChange(form: PasswordChangeForm): Promise<Envelope<string>> {
  return post<string>('/sys/user/passwordChange', form);
}

/**
 * Ends the server session of `token`. Sent with the token explicitly because the local copy is
 * already gone by then; silent, since logging out proceeds whatever the server says.
 */
export function logout(token: string): Promise<Envelope<unknown>> {
  return post<unknown>('/sys/logout', undefined, { headers: { 'X-Access-Token': token }, silent: true });
}

export function getUserPermissionByToken(): Promise<Envelope<PermissionResult>> {
  return get<PermissionResult>('/sys/permission/getUserPermissionByToken');
}

export function getCurrentUserDeparts(): Promise<Envelope<CurrentUserDeparts>> {
  return get<CurrentUserDeparts>('sys/user/getCurrentUserDeparts');
}

export function selectDepart(orgCode: string, username: string): Promise<Envelope<{ userInfo: UserInfo }>> {
  return post<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username });
}

export function updatePassword(form: UpdatePasswordForm): Promise<Envelope<unknown>> {
  return post<unknown>('sys/user/updatePassword', form);
}

/**
 * The user's usable tenants and the request's own (the header's switch). Asked in the default tenant,
 * which is always open: the stored tenant may have been frozen since.
 */
export function getCurrentUserTenant(): Promise<Envelope<CurrentUserTenants>> {
  return get<CurrentUserTenants>('/sys/tenant/getCurrentUserTenant', undefined, { headers: { 'tenant-id': '0' } });
}
