/**
 * JeecgBoot's file endpoints, and one of ours:
 *   POST /sys/common/upload          multipart file, isup=1, biz (default temp) → message = stored path
 *   GET  /sys/common/static/{path}   the stored file: with a session in the X-Access-Token header,
 *                                    or through a signed link (?expires=&signature=, ./signedLinks.ts)
 *   GET  /sys/common/signStaticUrl?path=   a signed link to a stored file, for a signed-in user
 *
 * Our web app fetches files with the header (Host.request.getBlob) and shows object URLs. What
 * cannot send a header (`<img src>`, a new window) asks for a signed link: it names one file and
 * lasts five minutes. The session token is NOT taken from the URL here (`?token=`, as JeecgBoot
 * clients append it): a 7-day token in a URL ends up in logs, histories and Referer headers. The
 * answer carries `Referrer-Policy: no-referrer` so a PDF's links cannot pass a link on.
 *
 * Served files: Content-Type from our own extension table (unknown → application/octet-stream),
 * `nosniff`, inline only for pictures and PDF, a sandboxing CSP on everything but PDF (Chromium's
 * PDF viewer does not run in a sandboxed document).
 */
import fs from 'node:fs';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { findSessionUser } from '../auth/sessions';
import { fail, ok, okMessage, TOKEN_INVALID_MESSAGE } from '../http/envelope';
import { SIGNED_IN } from '../http/routeConfig';
import { dispositionFor } from './contentDisposition';
import { contentTypeOf, extensionOf, servedInline } from './fileTypes';
import { FILE_MESSAGES } from './messages';
import { receiveUpload, type UploadPolicy } from './receiveUpload';
import { existingFileInside, resolveInside } from './safePath';
import { fileLinkSecret, FileLinkSigner } from './signedLinks';
import { displayNameOf } from './storedNames';

const signedIn = { permission: SIGNED_IN } as const;
const noQuery = { type: 'object', properties: { _t: { type: 'string' }, token: { type: 'string' } } } as const;
const staticQuery = {
  type: 'object',
  properties: { _t: { type: 'string' }, token: { type: 'string' }, expires: { type: 'string', maxLength: 20 }, signature: { type: 'string', maxLength: 128 } },
} as const;
const signQuery = { type: 'object', required: ['path'], properties: { path: { type: 'string', minLength: 1, maxLength: 500 }, _t: { type: 'string' } } } as const;

/** The session of the X-Access-Token header only (never `?token=`). */
async function headerSession(request: FastifyRequest): Promise<boolean> {
  const header = request.headers['x-access-token'];
  const token = (Array.isArray(header) ? header[0] : header)?.trim();
  return token ? (await findSessionUser(request.server.db, token)) !== undefined : false;
}
const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export const fileRoutes: FastifyPluginAsync = async (app) => {
  const { uploadDir, uploadMaxBytes, uploadAllowedTypes, fileLinkSecret: configuredSecret } = app.appConfig;
  const signer = new FileLinkSigner(fileLinkSecret(configuredSecret, uploadDir));
  const policy: UploadPolicy = { dir: uploadDir, maxBytes: uploadMaxBytes, allowedTypes: new Set(uploadAllowedTypes) };

  app.post('/sys/common/upload', { config: signedIn, schema: { querystring: noQuery } }, async (request) => {
    const stored = await receiveUpload(request, policy);
    request.log.info({ stored, user: request.sessionUser?.username }, 'file uploaded');
    return okMessage(stored);
  });

  app.get<{ Querystring: { path: string } }>('/sys/common/signStaticUrl', { config: signedIn, schema: { querystring: signQuery } }, async (request, reply) => {
    const requested = request.query.path;
    const full = resolveInside(uploadDir, requested);
    if (!full) return reply.code(400).send(fail(FILE_MESSAGES.badPath, 400));
    if (!(await existingFileInside(uploadDir, full))) return reply.code(404).send(fail(FILE_MESSAGES.notFound, 404));
    const { expires, signature } = signer.sign(requested);
    const encoded = requested.split('/').map(encodeURIComponent).join('/');
    return ok({ url: `/sys/common/static/${encoded}?expires=${expires}&signature=${signature}`, expires });
  });

  app.get<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>(
    '/sys/common/static/*',
    {
      // Either a session (header) or a signed link: checked below, as the guard knows only sessions.
      config: { anonymous: true },
      schema: { params: { type: 'object', properties: { '*': { type: 'string' } } }, querystring: staticQuery },
    },
    async (request, reply) => {
      const requested = request.params['*'];
      const { expires, signature } = request.query;
      const allowed =
        expires !== undefined || signature !== undefined
          ? signer.verify(requested, expires ?? '', signature ?? '')
          : await headerSession(request);
      if (!allowed) return reply.code(401).send(fail(TOKEN_INVALID_MESSAGE, 401));
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
