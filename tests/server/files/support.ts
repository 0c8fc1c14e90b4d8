// Multipart bodies for inject, built by hand so a test controls every byte (field order, file
// name, content) the way a browser's FormData would send them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API, authHeaders } from '../support/app';

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  /** Makes the part a file. */
  fileName?: string;
  contentType?: string;
}

export function multipart(parts: readonly MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lossdesk${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type = part.fileName === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value, 'utf8') : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /sys/common/upload as the web app sends it: isup and biz before the file. */
export async function upload(
  app: FastifyInstance,
  token: string | undefined,
  file: { name: string; content: Buffer; contentType?: string },
  fields: Record<string, string> = { isup: '1', biz: 'temp' },
) {
  const { payload, headers } = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', value: file.content, fileName: file.name, contentType: file.contentType },
  ]);
  return app.inject({
    method: 'POST',
    url: `${API}/sys/common/upload`,
    payload,
    headers: { ...headers, ...(token ? authHeaders(token) : {}) },
  });
}

/** A real (tiny) PNG: signature, IHDR, IDAT, IEND of a 1×1 pixel. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

export function tempUploadDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-upload-test-'));
}

/** Every file under `dir`, relative, including hidden folders (to prove nothing was left behind). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
