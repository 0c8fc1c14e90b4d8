import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DAMAGED, isSealed, SecretBox, SecretOpenError, WRONG_KEY } from '../../../server/secrets/secretBox';
import { keyFileSecret, lazySecretBox, parseSecretKey, SECRET_KEY_FILE } from '../../../server/secrets/secretKey';

const key = (fill: number) => Buffer.alloc(32, fill);

describe('SecretBox (AES-256-GCM at rest)', () => {
  it('opens what it sealed; the sealed text never contains the plain text and differs each time', () => {
    const box = new SecretBox(key(1));
    const a = box.seal('pg-密码-123');
    const b = box.seal('pg-密码-123');
    expect(a).not.toContain('pg-');
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(box.open(a)).toBe('pg-密码-123');
    expect(box.open(box.seal(''))).toBe('');
  });

  it('under another key refuses with a message naming the key, not garbage', () => {
    const sealed = new SecretBox(key(1)).seal('secret');
    expect(() => new SecretBox(key(2)).open(sealed)).toThrow(new SecretOpenError(WRONG_KEY));
  });

  it('refuses an altered value or one relabelled to another key', () => {
    const box = new SecretBox(key(1));
    const sealed = box.seal('secret');
    const [v, fp, packed] = sealed.split('.');
    const bytes = Buffer.from(packed, 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => box.open(`${v}.${fp}.${bytes.toString('base64url')}`)).toThrow(DAMAGED);
    expect(() => box.open('plain text')).toThrow(DAMAGED);
    // The key's fingerprint is authenticated: a value sealed under key 2 relabelled as key 1's fails.
    const other = new SecretBox(key(2)).seal('secret').split('.');
    expect(() => box.open(`${other[0]}.${box.fingerprint}.${other[2]}`)).toThrow(DAMAGED);
  });

  it('accepts only 32-byte keys', () => {
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow('32 字节');
  });
});

describe('LOSSDESK_SECRET_KEY', () => {
  it('reads 64 hex digits or base64 of 32 bytes; unset is undefined', () => {
    const raw = crypto.randomBytes(32);
    expect(parseSecretKey(raw.toString('hex'))?.equals(raw)).toBe(true);
    expect(parseSecretKey(raw.toString('base64'))?.equals(raw)).toBe(true);
    expect(parseSecretKey(raw.toString('base64url'))?.equals(raw)).toBe(true);
    expect(parseSecretKey(undefined)).toBeUndefined();
    expect(parseSecretKey('  ')).toBeUndefined();
  });

  it('refuses anything else with a Chinese message', () => {
    expect(() => parseSecretKey('short')).toThrow('LOSSDESK_SECRET_KEY 应为 64 位十六进制数');
    expect(() => parseSecretKey('z'.repeat(64))).toThrow('LOSSDESK_SECRET_KEY');
  });

  it('when unset, makes one key file in the data folder on first use, keeps it, and warns once', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-key-'));
    try {
      const warnings: string[] = [];
      const box = lazySecretBox({ configured: undefined, dataDir: dir, warn: (m) => warnings.push(m), sharedDatabase: false });
      expect(fs.existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(false);
      const sealed = box().seal('x');
      box();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('未设置 LOSSDESK_SECRET_KEY');
      expect(fs.statSync(path.join(dir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
      // A restart reads the same key.
      expect(new SecretBox(keyFileSecret(dir)).open(sealed)).toBe('x');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a configured key wins and nothing is written or warned', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-key-'));
    try {
      const warnings: string[] = [];
      const box = lazySecretBox({ configured: key(7), dataDir: dir, warn: (m) => warnings.push(m), sharedDatabase: true });
      expect(box().open(new SecretBox(key(7)).seal('y'))).toBe('y');
      expect(warnings).toEqual([]);
      expect(fs.existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
