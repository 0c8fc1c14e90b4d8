/**
 * Short-lived signed links to stored files, for what cannot send the X-Access-Token header (an
 * `<img src>`, a file opened in a new window): `?expires=<ms>&signature=<hex>`, the signature an
 * HMAC-SHA256 of the stored path and the expiry under a server secret. A link names one file and
 * lives FILE_LINK_TTL_MS; it replaces JeecgBoot's `?token=`, which put the 7-day session token
 * into URLs, logs and histories.
 *
 * The secret is FILE_LINK_SECRET when set; otherwise a random one kept in the upload folder
 * (`.file-link-secret`, hidden from the static route), so every node that shares the files shares
 * the secret too.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const FILE_LINK_TTL_MS = 5 * 60 * 1000;
export const FILE_LINK_SECRET_FILE = '.file-link-secret';

export interface SignedLink {
  expires: number;
  signature: string;
}

export class FileLinkSigner {
  constructor(
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  sign(storedPath: string): SignedLink {
    const expires = this.now() + FILE_LINK_TTL_MS;
    return { expires, signature: this.signatureOf(storedPath, expires) };
  }

  /** Is this an unexpired signature of exactly this path? */
  verify(storedPath: string, expires: string, signature: string): boolean {
    const at = Number(expires);
    if (!/^\d{1,15}$/.test(expires) || at <= this.now() || at > this.now() + FILE_LINK_TTL_MS) return false;
    if (!/^[0-9a-f]{64}$/.test(signature)) return false;
    const expected = Buffer.from(this.signatureOf(storedPath, at), 'hex');
    return crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }

  private signatureOf(storedPath: string, expires: number): string {
    return crypto.createHmac('sha256', this.secret).update(`${storedPath}\n${expires}`).digest('hex');
  }
}

/** FILE_LINK_SECRET, or the upload folder's own secret (made on first start, readable by the server only). */
export function fileLinkSecret(configured: string | undefined, uploadDir: string): string {
  if (configured) return configured;
  const file = path.join(uploadDir, FILE_LINK_SECRET_FILE);
  fs.mkdirSync(uploadDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') throw err;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} 中的文件链接密钥过短，请删除该文件后重启`);
  return secret;
}
