/**
 * Secrets kept at rest (a data source's password): AES-256-GCM under one 32-byte key. A sealed
 * value names the key it was sealed under by a short fingerprint, so opening it under another key
 * says so plainly instead of failing as corrupt data.
 */
import crypto from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

/** The sealed value cannot be opened: another key, or altered. `message` is shown to users. */
export class SecretOpenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretOpenError';
  }
}

export const WRONG_KEY = '密码无法解密：当前加密密钥（LOSSDESK_SECRET_KEY）与保存时不同，请恢复原密钥或重新填写密码';
export const DAMAGED = '密码无法解密：保存的密文已损坏，请重新填写密码';

/** The first 8 hex digits of the key's SHA-256: names the key, reveals nothing usable. */
export function keyFingerprint(key: Buffer): string {
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && /^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/.test(value);
}

export class SecretBox {
  readonly fingerprint: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== SECRET_KEY_BYTES) throw new Error(`加密密钥应为 ${SECRET_KEY_BYTES} 字节，实际为 ${key.length} 字节`);
    this.fingerprint = keyFingerprint(key);
  }

  /** `v1.<fingerprint>.<base64url(iv | tag | ciphertext)>`, a fresh random IV each time. */
  seal(plain: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    // The fingerprint is bound as associated data: a value cannot be relabelled to another key.
    cipher.setAAD(Buffer.from(this.fingerprint));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${this.fingerprint}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plain text; SecretOpenError when sealed under another key or altered. */
  open(sealed: string): string {
    if (!isSealed(sealed)) throw new SecretOpenError(DAMAGED);
    const [, fingerprint, packed] = sealed.split('.');
    if (fingerprint !== this.fingerprint) throw new SecretOpenError(WRONG_KEY);
    const bytes = Buffer.from(packed, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretOpenError(DAMAGED);
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(fingerprint));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretOpenError(DAMAGED);
    }
  }
}
