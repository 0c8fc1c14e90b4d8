/**
 * 收件管理's 导入邮件 (schemas/pages/receive/receiveMail.json list.uploads): POST
 * {API_BASE}/receive/receiveMail/importEml with one .eml file (multipart `file`, at most
 * EML_MAX_MB), behind receiveMail:add. The mail is parsed (emlParse.ts); its attachments of an allowed
 * type are stored as uploads of the user (server/files) and the others named in the answer. Nothing
 * is saved: the answer's result is the new record's values, which the page opens in its add form for
 * the user to pick the case and save.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { currentUser } from '../auth/guard';
import { FileAccess } from '../files/fileAccess';
import { extensionOf } from '../files/fileTypes';
import { resolveInside } from '../files/safePath';
import { newStoredPath } from '../files/storedNames';
import { BusinessError } from '../http/envelope';
import { parseEml } from './emlParse';

export const EML_MAX_MB = 10;
export const EML_IMPORT_PATH = '/receive/receiveMail/importEml';
export const EML_MESSAGES = {
  noFile: '请选择要导入的 .eml 邮件文件',
  notEml: '只能导入 .eml 格式的邮件文件',
  tooLarge: `邮件文件不能超过 ${EML_MAX_MB} MB`,
};
const ATTACHMENT_FOLDER = 'receiveMail';

export interface EmlRoutesOptions {
  pages: readonly CompiledPage[];
}

export const emlRoutes: FastifyPluginAsync<EmlRoutesOptions> = async (app, opts) => {
  const { uploadDir, uploadMaxBytes, uploadAllowedTypes } = app.appConfig;
  const allowed = new Set(uploadAllowedTypes);
  const access = new FileAccess(app.db, opts.pages);

  app.post(EML_IMPORT_PATH, { config: { permission: 'receiveMail:add' }, schema: { querystring: { type: 'object', properties: { _t: { type: 'string' } } } } }, async (request) => {
    if (!request.isMultipart()) throw new BusinessError(EML_MESSAGES.noFile);
    const file = await request.file({ limits: { fileSize: EML_MAX_MB * 1024 * 1024, files: 1 } });
    if (!file) throw new BusinessError(EML_MESSAGES.noFile);
    if (extensionOf(file.filename) !== 'eml') {
      file.file.resume();
      throw new BusinessError(EML_MESSAGES.notEml);
    }
    const bytes = await file.toBuffer().catch((err: unknown) => {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BusinessError(EML_MESSAGES.tooLarge);
      throw err;
    });
    if (file.file.truncated) throw new BusinessError(EML_MESSAGES.tooLarge);
    const mail = await parseEml(bytes);

    const stored: string[] = [];
    const skipped: string[] = [];
    const userId = currentUser(request).userId;
    for (const attachment of mail.attachments) {
      if (!allowed.has(extensionOf(attachment.fileName)) || attachment.content.length > uploadMaxBytes || attachment.content.length === 0 || stored.length >= 10) {
        skipped.push(attachment.fileName);
        continue;
      }
      const relative = newStoredPath(ATTACHMENT_FOLDER, attachment.fileName);
      const target = resolveInside(uploadDir, relative);
      if (!target) throw new Error(`生成的存储路径不合法: ${relative}`);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, attachment.content, { flag: 'wx' });
      await access.uploaded(relative, userId);
      stored.push(relative);
    }
    const message = skipped.length > 0 ? `邮件已读取，以下附件类型不允许或过大，未保存：${skipped.join('、')}` : '邮件已读取，请选择案件后保存';
    return {
      success: true,
      code: 200,
      message,
      result: { mailType: 'email', sender: mail.sender, mailDate: mail.mailDate, subject: mail.subject, body: mail.body, attachments: stored.join(',') },
      timestamp: Date.now(),
    };
  });
};
