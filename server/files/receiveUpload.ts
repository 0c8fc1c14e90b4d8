/**
 * Reads one multipart upload (`file`, `biz`, `isup`) and stores it under the upload folder. The
 * bytes go to a private `.partial/` file first and are moved into place only once every check has
 * passed (type allowed, size within the limit, not empty, picture/PDF bytes matching the
 * extension), so a refused upload leaves nothing behind — the partial file is removed whatever
 * happens.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { BusinessError } from '../http/envelope';
import { contentMatchesExtension, extensionOf, MAGIC_BYTES_NEEDED } from './fileTypes';
import { FILE_MESSAGES } from './messages';
import { resolveInside } from './safePath';
import { bizFolder, newStoredPath } from './storedNames';

export interface UploadPolicy {
  /** The upload folder (config UPLOAD_DIR). */
  dir: string;
  maxBytes: number;
  /** Lower-case extensions without the dot. */
  allowedTypes: ReadonlySet<string>;
}

/** Hidden folder of files still arriving; its leading dot keeps it out of the static route. */
export const PARTIAL_FOLDER = '.partial';
const FILE_FIELD = 'file';

function megabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 100) / 100);
}

async function drain(stream: Readable): Promise<void> {
  await pipeline(stream, new Writable({ write: (_chunk, _encoding, done) => done() }));
}

async function headOf(file: string): Promise<Uint8Array> {
  const handle = await fsp.open(file, 'r');
  try {
    const buffer = Buffer.alloc(MAGIC_BYTES_NEEDED);
    const { bytesRead } = await handle.read(buffer, 0, MAGIC_BYTES_NEEDED, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

interface Received {
  fields: Record<string, string>;
  fileName?: string;
  /** Extension of a file refused by type before its bytes were written. */
  refusedExt?: string;
}

async function readParts(request: FastifyRequest, policy: UploadPolicy, partial: string): Promise<Received> {
  const received: Received = { fields: {} };
  const parts = request.parts({
    limits: { fileSize: policy.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      received.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      continue;
    }
    if (part.fieldname !== FILE_FIELD) {
      await drain(part.file);
      continue;
    }
    const ext = extensionOf(part.filename);
    if (!policy.allowedTypes.has(ext)) {
      received.refusedExt = ext;
      await drain(part.file);
      continue;
    }
    await pipeline(part.file, fs.createWriteStream(partial, { flags: 'wx' }));
    if (part.file.truncated) throw new BusinessError(FILE_MESSAGES.tooLarge(megabytes(policy.maxBytes)));
    received.fileName = part.filename;
  }
  return received;
}

function refusalOf(err: unknown, policy: UploadPolicy): BusinessError | undefined {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new BusinessError(FILE_MESSAGES.tooLarge(megabytes(policy.maxBytes)));
    case 'FST_FILES_LIMIT':
      return new BusinessError(FILE_MESSAGES.oneFileOnly);
    default:
      return undefined;
  }
}

/** Stores the request's file and returns its path relative to the upload folder. */
export async function receiveUpload(request: FastifyRequest, policy: UploadPolicy): Promise<string> {
  if (!request.isMultipart()) throw new BusinessError(FILE_MESSAGES.noFile);
  const partialDir = path.join(policy.dir, PARTIAL_FOLDER);
  await fsp.mkdir(partialDir, { recursive: true });
  const partial = path.join(partialDir, `${crypto.randomBytes(12).toString('hex')}.part`);
  try {
    let received: Received;
    try {
      received = await readParts(request, policy, partial);
    } catch (err) {
      throw refusalOf(err, policy) ?? err;
    }
    if (received.refusedExt !== undefined) throw new BusinessError(FILE_MESSAGES.refusedType(received.refusedExt));
    if (received.fileName === undefined) throw new BusinessError(FILE_MESSAGES.noFile);
    const biz = bizFolder(received.fields.biz);
    if (biz === undefined) throw new BusinessError(FILE_MESSAGES.badBiz);
    const { size } = await fsp.stat(partial);
    if (size === 0) throw new BusinessError(FILE_MESSAGES.emptyFile);
    const ext = extensionOf(received.fileName);
    if (!contentMatchesExtension(ext, await headOf(partial))) throw new BusinessError(FILE_MESSAGES.contentMismatch(ext));

    const stored = newStoredPath(biz, received.fileName);
    const target = resolveInside(policy.dir, stored);
    if (!target) throw new Error(`生成的存储路径不合法: ${stored}`);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(partial, target);
    return stored;
  } finally {
    await fsp.rm(partial, { force: true });
  }
}
