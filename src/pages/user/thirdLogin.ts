// What the third-party login page does with its URL and the browser it runs in; pure, tested alone.

/**
 * Enterprise WeChat (企业微信, "wxwork") and DingTalk embed their own browser, whose user agent names
 * them: there the user is already signed in to the work chat, so the login page goes straight to
 * the OAuth2 provider (spec §2) instead of showing the password form.
 */
export function isEmbeddedWorkChat(userAgent: string): boolean {
  return /\bwxwork\//i.test(userAgent) || /\bDingTalk\b/i.test(userAgent);
}

/** Why the server sent the browser back without a sign-in (server/auth/third/thirdLoginRoutes.ts). */
export const THIRD_ERROR_TEXTS: Readonly<Record<string, string>> = {
  state: '登录请求已失效或不是从本浏览器发起的，请重新登录',
  denied: '您已在第三方平台取消授权，未能登录',
  failed: '第三方平台返回的登录信息未通过校验，请重新登录',
  unavailable: '第三方登录服务暂时无法访问，请稍后重试或使用账号密码登录',
};

export type ThirdLoginStep =
  | { kind: 'login'; ticket: string; thirdType: string }
  | { kind: 'bind'; ticket: string }
  | { kind: 'cas'; ticket: string }
  | { kind: 'error'; message: string }
  | { kind: 'start' };

/** The step a URL of /oauth2-app/login stands for. */
export function thirdLoginStep(search: string): ThirdLoginStep {
  const query = new URLSearchParams(search);
  const error = query.get('thirdError');
  if (error !== null) return { kind: 'error', message: THIRD_ERROR_TEXTS[error] ?? THIRD_ERROR_TEXTS.failed };
  const loginTicket = query.get('oauth2LoginToken');
  if (loginTicket) return { kind: 'login', ticket: loginTicket, thirdType: query.get('thirdType') || 'oidc' };
  const bindTicket = query.get('bindToken');
  if (bindTicket) return { kind: 'bind', ticket: bindTicket };
  const casTicket = query.get('ticket');
  if (casTicket) return { kind: 'cas', ticket: casTicket };
  return { kind: 'start' };
}

/** The service URL CAS sent the browser back to: this page without the ticket. */
export function casServiceOf(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('ticket');
  url.hash = '';
  return url.href;
}
