/**
 * JeecgBoot's `Result<T>` envelope (contract §1.1): every API answer has this shape, the server
 * writes it (server/http/envelope.ts) and the browser reads it (src/api, runtime/host). `success` is
 * the flag to read; `code` may be 0, 200, 201, 500, 510…
 */
export interface Envelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** The refusal of an action the user's roles do not grant (code 510). */
export const NO_PERMISSION_MESSAGE = '没有权限，请联系管理员授权';
/** A request whose token is missing, expired or revoked (code 500; the browser offers to sign in again). */
export const TOKEN_INVALID_MESSAGE = 'Token失效，请重新登录!';
