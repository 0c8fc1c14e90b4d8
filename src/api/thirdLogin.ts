// 第三方登录 (OpenID Connect) and CAS calls (server/auth/third): which ways in exist, and the steps
// that finish a sign-in that came back from the provider or CAS.
import { runtimeConfig } from '../config';
import { get, post } from './request';
import type { Envelope, LoginResult } from './types';

export interface ThirdLoginProviders {
  /** The OpenID Connect provider, named as the operator wants it on the button. */
  oidc: { name: string } | null;
  /** The CAS server's login page (with this site's service URL). */
  cas: { loginUrl: string } | null;
}

export interface BindInfo {
  realname: string | null;
  email: string | null;
  providerName: string;
}

export function getThirdLoginProviders(): Promise<Envelope<ThirdLoginProviders>> {
  return get<ThirdLoginProviders>('/sys/thirdLogin/providers', undefined, { silent: true });
}

/** The server address that starts a sign-in at the provider (a page navigation, not a request). */
export function oidcStartUrl(): string {
  return `${runtimeConfig().domianURL}/sys/thirdLogin/render/oidc`;
}

export function getThirdLoginUser(ticket: string, thirdType: string): Promise<Envelope<LoginResult>> {
  return get<LoginResult>(`/sys/thirdLogin/getLoginUser/${encodeURIComponent(ticket)}/${encodeURIComponent(thirdType)}`);
}

export function getBindInfo(ticket: string): Promise<Envelope<BindInfo>> {
  return get<BindInfo>(`/sys/thirdLogin/bindInfo/${encodeURIComponent(ticket)}`);
}

export function bindThirdAccount(form: { token: string; username: string; password: string }): Promise<Envelope<LoginResult>> {
  return post<LoginResult>('/sys/thirdLogin/user/bind', form);
}

export function casValidateLogin(ticket: string, service: string): Promise<Envelope<LoginResult>> {
  return get<LoginResult>('/sys/cas/client/validateLogin', { ticket, service });
}
