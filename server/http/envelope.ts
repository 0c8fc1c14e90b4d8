import type { Envelope } from '../../runtime/contract/envelope';

/** JeecgBoot's `Result<T>` envelope, one type for server and browser: runtime/contract/envelope.ts. */
export type { Envelope } from '../../runtime/contract/envelope';

export function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** The content type Fastify gives an object it serialises; an answer sent as JSON text sets it itself. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The text of `ok(result)` when the result is JSON text already — an answer kept per set of roles and
 * sent to many users is serialised once, not on every request: the same bytes as serialising
 * `ok(JSON.parse(resultJson), message)`. Send it with `reply.type(JSON_CONTENT_TYPE)`.
 */
export function okJsonText(resultJson: string, message = ''): string {
  return `{"success":true,"message":${JSON.stringify(message)},"code":200,"result":${resultJson},"timestamp":${Date.now()}}`;
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

export { NO_PERMISSION_MESSAGE, TOKEN_INVALID_MESSAGE } from '../../runtime/contract/envelope';
