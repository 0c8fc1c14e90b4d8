/**
 * Names on disk. An upload is stored as `<biz>/<yyyyMMdd>/<16 hex>_<original name, sanitised>`:
 * the random prefix makes the name unguessable and unique, the original stays readable for the
 * download dialog. The relative path is what the client keeps (comma-joined), so it must never
 * contain a comma, a backslash or anything a URL or a header would choke on.
 */
import crypto from 'node:crypto';
import { extensionOf } from './fileTypes';

export const DEFAULT_BIZ = 'temp';
const BIZ_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;
const MAX_BIZ_LENGTH = 100;
const MAX_BASE_LENGTH = 60;
const PREFIX_PATTERN = /^[0-9a-f]{16}_/;
/** U+200E/U+200F marks, U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, U+061C. */
const BIDI_CONTROLS = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

/** The biz folder asked for, or undefined when it is not a plain relative path of safe segments. */
export function bizFolder(raw: string | undefined): string | undefined {
  const biz = (raw ?? '').trim();
  if (biz === '') return DEFAULT_BIZ;
  if (biz.length > MAX_BIZ_LENGTH || !BIZ_PATTERN.test(biz)) return undefined;
  return biz;
}

/**
 * The client's file name made safe to keep: its last path segment only (old browsers send
 * `C:\fakepath\…`), no control characters, separators or characters with a meaning in paths, URLs,
 * headers or our comma-joined values; no leading dots; at most 60 characters before the extension.
 */
export function sanitiseFileName(original: string): string {
  const last = original.slice(Math.max(original.lastIndexOf('/'), original.lastIndexOf('\\')) + 1);
  const ext = extensionOf(last);
  const withoutExt = ext ? last.slice(0, last.length - ext.length - 1) : last;
  const base = [...withoutExt.normalize('NFC')]
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      // Control characters, and lone surrogates that no header or file system can carry;
      // direction marks and overrides, which make '合同‮fdp.exe' look like '合同exe.pdf'.
      return code >= 0x20 && code !== 0x7f && (code < 0xd800 || code > 0xdfff) && !BIDI_CONTROLS.has(code);
    })
    .join('')
    .replace(/[<>:"|?*%#&;,'`$\\/\s]+/g, '_')
    .replace(/^[._]+/, '');
  const kept = [...base].slice(0, MAX_BASE_LENGTH).join('') || 'file';
  return ext ? `${kept}.${ext}` : kept;
}

/** yyyyMMdd in Beijing time, so the day folder matches the users' calendar whatever the server zone. */
export function dayFolder(now: Date): string {
  const beijing = new Date(now.getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${beijing.getUTCFullYear()}${pad(beijing.getUTCMonth() + 1)}${pad(beijing.getUTCDate())}`;
}

/** A fresh relative path for an upload under `biz`. */
export function newStoredPath(biz: string, originalName: string, now = new Date()): string {
  return `${biz}/${dayFolder(now)}/${crypto.randomBytes(8).toString('hex')}_${sanitiseFileName(originalName)}`;
}

/** The name to offer when the file is downloaded: the stored name without its random prefix. */
export function displayNameOf(storedPath: string): string {
  const last = storedPath.slice(storedPath.lastIndexOf('/') + 1);
  return last.replace(PREFIX_PATTERN, '') || last;
}
