/**
 * Where the at-rest key comes from: LOSSDESK_SECRET_KEY (64 hex digits or base64 of 32 bytes), or,
 * when unset, a random key made once in `<DATA_DIR>/.secret-key` (readable by the server only) with
 * a warning in the log. The file is read only when a secret is first sealed or opened, so a server
 * that never stores one never makes it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SECRET_KEY_BYTES, SecretBox } from './secretBox';

export const SECRET_KEY_ENV = 'LOSSDESK_SECRET_KEY';
export const SECRET_KEY_FILE = '.secret-key';

/** The key of LOSSDESK_SECRET_KEY, or undefined when unset; throws (with a Chinese message) when malformed. */
export function parseSecretKey(value: string | undefined): Buffer | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const key = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
    if (key.length === SECRET_KEY_BYTES) return key;
  }
  throw new Error(`环境变量 ${SECRET_KEY_ENV} 应为 64 位十六进制数或 32 字节的 base64（可用 openssl rand -hex 32 生成）`);
}

/** The key kept in `<dataDir>/.secret-key`, made on first use. */
export function keyFileSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRET_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(SECRET_KEY_BYTES).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') throw err;
  }
  const key = parseSecretKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} 为空，请删除该文件后重启（已保存的密码需重新填写）`);
  return key;
}

export interface SecretKeySource {
  /** LOSSDESK_SECRET_KEY, when set. */
  configured: Buffer | undefined;
  dataDir: string;
  /** Told once when the key file is used instead of LOSSDESK_SECRET_KEY. */
  warn: (message: string) => void;
  /** Several API nodes share a PostgreSQL database: each would make its own file, so say so louder. */
  sharedDatabase: boolean;
}

/** The one SecretBox of a server, made on first use. */
export function lazySecretBox(source: SecretKeySource): () => SecretBox {
  let box: SecretBox | undefined;
  return () => {
    if (box) return box;
    if (source.configured) {
      box = new SecretBox(source.configured);
      return box;
    }
    box = new SecretBox(keyFileSecret(source.dataDir));
    const file = path.join(source.dataDir, SECRET_KEY_FILE);
    source.warn(
      source.sharedDatabase
        ? `未设置 ${SECRET_KEY_ENV}：密码使用本节点 ${file} 中的密钥加密，其他 API 节点无法解密；多节点共用 PostgreSQL 时须为每个节点设置同一个 ${SECRET_KEY_ENV}`
        : `未设置 ${SECRET_KEY_ENV}：密码使用 ${file} 中自动生成的密钥加密；该文件与数据库一同备份即失去保护，生产环境请设置 ${SECRET_KEY_ENV}`,
    );
    return box;
  };
}
