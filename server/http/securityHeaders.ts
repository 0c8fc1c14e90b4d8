import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer (web app and API). Scripts come only from our origin:
 * index.html loads /config.js and /theme-settings.js as files, and the page validator is compiled
 * ahead of time (no `new Function`), so neither 'unsafe-inline' nor 'unsafe-eval' is needed.
 * - style-src keeps 'unsafe-inline': antd's CSS-in-JS writes <style> elements and style attributes.
 * - img-src: stored pictures are shown as blob: object URLs (they need the session header); data:
 *   for antd's inline images.
 * - connect-src 'self' also admits our own ws:/wss: sockets (CSP Level 3), not another host's.
 * - frame-src: the 行业资讯 menu items embed external https pages in an iframe (layouts/IframePageView).
 * - frame-ancestors 'self': only our own pages may frame us (clickjacking).
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'", 'https:'],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * Security headers on every answer through helmet: the CSP above, X-Content-Type-Options
 * nosniff, Referrer-Policy strict-origin-when-cross-origin (an iframe page or link target learns our
 * origin, never a path or query), X-Frame-Options SAMEORIGIN for browsers without frame-ancestors.
 * Not sent: upgrade-insecure-requests and HSTS — the server is often reached over plain http on an
 * intranet, where either would break the app; a TLS front end sets HSTS itself.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const directives: Record<string, string[]> = {};
  for (const [name, sources] of Object.entries(CONTENT_SECURITY_POLICY)) directives[name] = [...sources];
  // Worked out once: @fastify/helmet built the helmet middleware anew on every request, parsing the
  // CSP each time, and the middleware itself sets each header through the response's own checks:
  // together ≈ 4 % of a busy node's CPU under the 200-user load test (bench/users.bench.ts).
  const headers = helmetHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'sameorigin' },
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

type HelmetMiddleware = ReturnType<typeof helmet>;

/** The headers a helmet middleware sets (its options here depend on no request). */
function helmetHeaders(middleware: HelmetMiddleware): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  let failed: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    done = true;
    failed = err;
  });
  // helmet sets its headers synchronously; anything else would leave answers without them.
  if (!done || failed) throw failed instanceof Error ? failed : new Error('helmet 未同步设置安全响应头');
  return headers;
}
