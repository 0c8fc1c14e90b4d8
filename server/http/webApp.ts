import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

export interface WebAppOptions {
  webDir: string;
  apiBase: string;
}

function isApiPath(pathname: string, apiBase: string): boolean {
  if (apiBase === '') return false;
  return pathname === apiBase || pathname.startsWith(`${apiBase}/`);
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

/** The file under `root` a URL path names, or undefined when it names nothing servable. */
function existingFile(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const absolute = path.resolve(root, `.${decoded}`);
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return undefined;
  try {
    return fs.statSync(absolute).isFile() ? path.relative(root, absolute) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves the built web app at `/` with history-mode fallback: a GET of an unknown non-API path
 * that accepts HTML gets index.html, so a reload on /dashboard/analysis opens the app there.
 * Our own wildcard route (instead of @fastify/static's) lets it declare `anonymous` like every route.
 *
 * The build writes a brotli and a gzip copy beside each text file (scripts/vite/compressAssets.ts);
 * `preCompressed` sends the copy the request's Accept-Encoding prefers (br, then gzip) with its
 * Content-Encoding, Content-Length and ETag, the file itself to a client that accepts neither, and
 * `Vary: Accept-Encoding` on every answer so a shared cache keeps them apart.
 */
export const webAppRoutes: FastifyPluginAsync<WebAppOptions> = async (app, opts) => {
  const root = path.resolve(opts.webDir);
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
  app.get(
    '/*',
    {
      config: { anonymous: true, admission: false },
      schema: { params: { type: 'object', properties: { '*': { type: 'string' } } } },
    },
    async (request, reply) => {
      const pathname = new URL(request.url, 'http://localhost').pathname;
      if (isApiPath(pathname, opts.apiBase)) return reply.callNotFound();
      const file = existingFile(root, pathname === '/' ? '/index.html' : pathname);
      if (file) {
        const immutable = file.startsWith(`assets${path.sep}`);
        return reply.sendFile(file, {
          cacheControl: true,
          maxAge: immutable ? 365 * 24 * 3600 * 1000 : 0,
          immutable,
        });
      }
      const looksLikeFile = path.extname(pathname) !== '';
      if (!looksLikeFile && acceptsHtml(request) && existingFile(root, '/index.html')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
      }
      return reply.callNotFound();
    },
  );
};
