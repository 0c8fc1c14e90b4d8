import type { FastifyRequest } from 'fastify';

export const REDACTED = '[已隐藏]';

// A query parameter whose name says token (`token`, `access_token`, `X-Access-Token`, …) carries a
// session: whoever reads the log could sign in with it.
const TOKEN_PARAM = /([?&])([^=&#]*token[^=&#]*)=([^&#]*)/gi;

/** The URL with the value of every token-like query parameter replaced by REDACTED. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_PARAM, (_match, separator: string, name: string) => `${separator}${name}=${REDACTED}`);
}

/** Fastify's default request serializer, with the URL redacted. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Logger options for Fastify with the request serializer that keeps tokens out of the log; `false`
 * stays off (tests).
 */
export function withRedactedRequests(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const options = logger === true ? {} : logger;
  const serializers = (options as { serializers?: Record<string, unknown> }).serializers ?? {};
  return { ...options, serializers: { ...serializers, req: requestForLog } };
}
