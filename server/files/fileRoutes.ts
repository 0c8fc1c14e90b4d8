/**
 * JeecgBoot's file endpoints:
 *   POST /sys/common/upload          multipart file, isup=1, biz (default temp) → message = stored path
 *   GET  /sys/common/static/{path}   the stored file, for a signed-in user
 *
 * Both need a session. `<img src>` cannot send the X-Access-Token header; our web app therefore
 * fetches files with the header (Host.request.getBlob) and shows object URLs, so the token never
 * lands in a URL, a log or a Referer. Other JeecgBoot clients append `?token=` as JeecgBoot does;
 * the auth guard (server/auth/guard.ts tokenOf) accepts it, and the answer carries
 * `Referrer-Policy: no-referrer` so a PDF's links cannot pass such a URL on.
 *
 * Served files: Content-Type from our own extension table (unknown → application/octet-stream),
 * `nosniff`, inline only for pictures and PDF, a sandboxing CSP on everything but PDF (Chromium's
 * PDF viewer does not run in a sandboxed document).
 */
import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { fail, okMessage } from '../http/envelope';
import { SIGNED_IN } from '../http/routeConfig';
import { dispositionFor } from './contentDisposition';
import { contentTypeOf, extensionOf, servedInline } from './fileTypes';
import { FILE_MESSAGES } from './messages';
import { receiveUpload, type UploadPolicy } from './receiveUpload';
import { existingFileInside, resolveInside } from './safePath';
import { displayNameOf } from './storedNames';

const signedIn = { permission: SIGNED_IN } as const;
const noQuery = { type: 'object', properties: { _t: { type: 'string' }, token: { type: 'string' } } } as const;
const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export const fileRoutes: FastifyPluginAsync = async (app) => {
  const { uploadDir, uploadMaxBytes, uploadAllowedTypes } = app.appConfig;
  const policy: UploadPolicy = { dir: uploadDir, maxBytes: uploadMaxBytes, allowedTypes: new Set(uploadAllowedTypes) };

  app.post('/sys/common/upload', { config: signedIn, schema: { querystring: noQuery } }, async (request) => {
    const stored = await receiveUpload(request, policy);
    request.log.info({ stored, user: request.sessionUser?.username }, 'file uploaded');
    return okMessage(stored);
  });

  app.get<{ Params: { '*': string } }>(
    '/sys/common/static/*',
    {
      config: signedIn,
      schema: { params: { type: 'object', properties: { '*': { type: 'string' } } }, querystring: noQuery },
    },
    async (request, reply) => {
      const requested = request.params['*'];
      const full = resolveInside(uploadDir, requested);
      if (!full) return reply.code(400).send(fail(FILE_MESSAGES.badPath, 400));
      const file = await existingFileInside(uploadDir, full);
      if (!file) return reply.code(404).send(fail(FILE_MESSAGES.notFound, 404));
      const ext = extensionOf(requested);
      const inline = servedInline(ext);
      reply
        .header('Content-Type', contentTypeOf(ext))
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', dispositionFor(displayNameOf(requested), inline))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'no-referrer')
        .header('Cache-Control', 'private, max-age=3600');
      if (ext !== 'pdf') reply.header('Content-Security-Policy', SANDBOX_CSP);
      return reply.send(fs.createReadStream(file.path));
    },
  );
};
