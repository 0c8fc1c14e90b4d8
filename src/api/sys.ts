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

export function login(form: LoginForm): Promise<Envelope<LoginResult>> {
  return post<LoginResult>('/sys/login', form);
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
