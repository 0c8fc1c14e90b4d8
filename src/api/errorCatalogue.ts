// Spec §8: what the user sees when a request fails at the HTTP level. Pure, so every row of the
// table is tested without a browser; request.ts carries the reactions out through the host.

export const NOTICE_TITLE = '系统提示';
export const TEXT_FORBIDDEN = '拒绝访问';
export const TEXT_NOT_FOUND = '资源未找到';
export const TEXT_TIMEOUT = '网络超时';
export const TEXT_UNAUTHORIZED = '未授权，请重新登录';
export const TEXT_NETWORK = '网络异常，请检查网络连接';
export const RELOGIN_TITLE = '登录已过期';
export const RELOGIN_CONTENT = '很抱歉，登录已过期，请重新登录';
export const RELOGIN_OK = '重新登录';
export const TOKEN_INVALID_MARK = 'Token失效';

export interface FailedRequest {
  /** HTTP status; undefined when no answer arrived */
  status?: number;
  timedOut: boolean;
  /** `message` of the answer's body (for blob answers: of the body parsed as JSON) */
  serverMessage?: string;
  hasToken: boolean;
}

export type ErrorReaction =
  | { kind: 'notify'; description: string }
  /** 401 with a token: end the session, then reload after 1.5 s */
  | { kind: 'logoutThenReload' }
  /** 500 'Token失效' with a token: the 登录已过期 modal with its re-login button */
  | { kind: 'reloginModal' };

export function reactToFailure(failure: FailedRequest): ErrorReaction[] {
  const { status, timedOut, serverMessage, hasToken } = failure;
  if (timedOut || status === 504) return [{ kind: 'notify', description: TEXT_TIMEOUT }];
  switch (status) {
    case undefined:
      return [{ kind: 'notify', description: TEXT_NETWORK }];
    case 403:
      return [{ kind: 'notify', description: TEXT_FORBIDDEN }];
    case 404:
      return [{ kind: 'notify', description: TEXT_NOT_FOUND }];
    case 401:
      return hasToken
        ? [{ kind: 'notify', description: TEXT_UNAUTHORIZED }, { kind: 'logoutThenReload' }]
        : [{ kind: 'notify', description: TEXT_UNAUTHORIZED }];
    default:
      if (status === 500 && hasToken && serverMessage?.includes(TOKEN_INVALID_MARK)) {
        return [{ kind: 'reloginModal' }];
      }
      return [{ kind: 'notify', description: serverMessage || `请求失败（${status}）` }];
  }
}

/** What the caller gets as the rejection's message (already shown to the user). */
export function failureText(failure: FailedRequest): string {
  const first = reactToFailure(failure).find((r) => r.kind === 'notify');
  if (first && first.kind === 'notify') return first.description;
  return RELOGIN_CONTENT;
}
