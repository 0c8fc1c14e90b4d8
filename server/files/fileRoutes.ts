/**
 * JeecgBoot's file endpoints, and one of ours:
 *   POST /sys/common/upload          multipart file, isup=1, biz (default temp) → message = stored path
 *   GET  /sys/common/static/{path}   the stored file: with a session in the X-Access-Token header,
 *                                    or through a signed link (?expires=&signature=, ./signedLinks.ts)
 *   GET  /sys/common/signStaticUrl?path=   a signed link to a stored file, for a signed-in user
 *
 * A session reads a file — and gets a signed link to it — only when it may see it (./fileAccess.ts:
 * its uploader, a reader of a record or announcement that uses it, anybody for an avatar); any
 * other file answers 404 文件不存在 exactly as a missing one does, so asking does not tell which
 * paths exist. A signed link is proof that such a check passed when it was made.
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
import { SIGN_STATIC_URL, STATIC_URL, UPLOAD_URL } from '../../runtime/contract/files';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { currentTenant, currentUser } from '../auth/guard';
import { findSessionUser, sessionPolicyOf } from '../auth/sessions';
import { mayUseTenant, requestedTenant } from '../auth/tenants';
import { fail, NO_PERMISSION_MESSAGE, ok, okMessage, TOKEN_INVALID_MESSAGE } from '../http/envelope';
import { SIGNED_IN } from '../http/routeConfig';
import { dispositionFor } from './contentDisposition';
import { FileAccess, type FileReader } from './fileAccess';
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

type HeaderSession = { reader: FileReader } | 'none' | 'foreignTenant';

/** The session of the X-Access-Token header only (never `?token=`), in the tenant it names (checked as the guard does). */
async function headerSession(request: FastifyRequest): Promise<HeaderSession> {
  const header = request.headers['x-access-token'];
  const token = (Array.isArray(header) ? header[0] : header)?.trim();
  const user = token ? await findSessionUser(request.server.db, token, sessionPolicyOf(request.server)) : undefined;
  if (!user) return 'none';
  const tenantId = requestedTenant(request);
  if (!mayUseTenant(user.tenantIds, tenantId)) return 'foreignTenant';
  return { reader: { userId: user.userId, tenantId } };
}

export interface FileRoutesOptions {
  /** The entity pages served: a record of one uses a file, and the page's list code opens it. */
  pages: readonly CompiledPage[];
}
const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, opts) => {
  const { uploadDir, uploadMaxBytes, uploadAllowedTypes, fileLinkSecret: configuredSecret } = app.appConfig;
  const signer = new FileLinkSigner(fileLinkSecret(configuredSecret, uploadDir));
  const policy: UploadPolicy = { dir: uploadDir, maxBytes: uploadMaxBytes, allowedTypes: new Set(uploadAllowedTypes) };
  const access = new FileAccess(app.db, opts.pages);

  app.post(UPLOAD_URL, { config: signedIn, schema: { querystring: noQuery } }, async (request) => {
    const stored = await receiveUpload(request, policy);
    await access.uploaded(stored, currentUser(request).userId);
    request.log.info({ stored, user: request.sessionUser?.username }, 'file uploaded');
    return okMessage(stored);
  });

  app.get<{ Querystring: { path: string } }>(SIGN_STATIC_URL, { config: signedIn, schema: { querystring: signQuery } }, async (request, reply) => {
    const requested = request.query.path;
    const full = resolveInside(uploadDir, requested);
    if (!full) return reply.code(400).send(fail(FILE_MESSAGES.badPath, 400));
    const reader = { userId: currentUser(request).userId, tenantId: currentTenant(request) };
    if (!(await access.maySee(reader, requested)) || !(await existingFileInside(uploadDir, full))) {
      return reply.code(404).send(fail(FILE_MESSAGES.notFound, 404));
    }
    const { expires, signature } = signer.sign(requested);
    const encoded = requested.split('/').map(encodeURIComponent).join('/');
    return ok({ url: `${STATIC_URL}/${encoded}?expires=${expires}&signature=${signature}`, expires });
  });

  app.get<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>(
    `${STATIC_URL}/*`,
    {
      // Either a session (header) or a signed link: checked below, as the guard knows only sessions.
      config: { anonymous: true },
      schema: { params: { type: 'object', properties: { '*': { type: 'string' } } }, querystring: staticQuery },
    },
    async (request, reply) => {
      const requested = request.params['*'];
      const { expires, signature } = request.query;
      let reader: FileReader | undefined;
      if (expires !== undefined || signature !== undefined) {
        if (!signer.verify(requested, expires ?? '', signature ?? '')) return reply.code(401).send(fail(TOKEN_INVALID_MESSAGE, 401));
      } else {
        const session = await headerSession(request);
        if (session === 'none') return reply.code(401).send(fail(TOKEN_INVALID_MESSAGE, 401));
        if (session === 'foreignTenant') return reply.code(200).send(fail(NO_PERMISSION_MESSAGE, 510));
        reader = session.reader;
      }
      const full = resolveInside(uploadDir, requested);
      if (!full) return reply.code(400).send(fail(FILE_MESSAGES.badPath, 400));
      const file = (!reader || (await access.maySee(reader, requested))) && (await existingFileInside(uploadDir, full));
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
