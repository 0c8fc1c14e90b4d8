/** JeecgBoot's `Result<T>` envelope: every API answer has this shape. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** JeecgBoot's `Result.ok(msg)` sets both message and result to the text; clients read either. */
export function okMessage(message: string): Envelope<string> {
  return ok(message, message);
}

export function fail(message: string, code = 500): Envelope<null> {
  return { success: false, message, code, result: null, timestamp: Date.now() };
}

/** A refusal the user should read: answered as HTTP 200 with `success:false` and its code. */
export class BusinessError extends Error {
  constructor(
    message: string,
    readonly code = 500,
  ) {
    super(message);
  }
}

export const NO_PERMISSION_MESSAGE = '没有权限，请联系管理员授权';
export const TOKEN_INVALID_MESSAGE = 'Token失效，请重新登录!';
