import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config';

describe('server configuration: where uploads live', () => {
  const base = { DEMO: 'on', DATA_DIR: '/srv/lossdesk/data', WEB_DIR: '/srv/lossdesk/dist' };

  it('keeps uploads under the data folder by default, beside the web folder', () => {
    const config = readConfig(base);
    expect(config.uploadDir).toBe(path.resolve('/srv/lossdesk/data/upload'));
    expect(config.webDir).toBe(path.resolve('/srv/lossdesk/dist'));
  });

  it('refuses an upload folder inside the web folder, or one that holds it: the web folder is served without a session', () => {
    for (const UPLOAD_DIR of ['/srv/lossdesk/dist', '/srv/lossdesk/dist/files', '/srv/lossdesk']) {
      expect(() => readConfig({ ...base, UPLOAD_DIR }), UPLOAD_DIR).toThrow(ConfigError);
    }
    expect(() => readConfig({ ...base, UPLOAD_DIR: '/srv/lossdesk/dist/files' })).toThrow(/UPLOAD_DIR（.*）不能位于 WEB_DIR（.*）之内或包含它/);
  });

  it('accepts a neighbour whose name merely starts like the web folder, and any folder when no web folder is served', () => {
    expect(readConfig({ ...base, UPLOAD_DIR: '/srv/lossdesk/dist-uploads' }).uploadDir).toBe(path.resolve('/srv/lossdesk/dist-uploads'));
    expect(readConfig({ ...base, WEB_DIR: '', UPLOAD_DIR: '/srv/lossdesk/dist/files' }).uploadDir).toBe(path.resolve('/srv/lossdesk/dist/files'));
  });
});

describe('server configuration: how long the database and a stop may take', () => {
  const base = { DEMO: 'on' };

  it('bounds the wait for a connection, a statement, the dictionaries and a stop by default', () => {
    expect(readConfig(base)).toMatchObject({
      databaseLimits: { poolWaitMs: 20_000, statementTimeoutMs: 60_000 },
      dictCacheMs: 60_000,
      shutdownTimeoutMs: 5_000,
      authCacheMs: 10_000,
      databasePoolMax: 10,
      databaseNamedStatements: true,
    });
    expect(readConfig({ ...base, AUTH_CACHE_MS: '0', DB_POOL_MAX: '25' })).toMatchObject({ authCacheMs: 0, databasePoolMax: 25 });
    expect(readConfig({ ...base, DB_NAMED_STATEMENTS: 'off' })).toMatchObject({ databaseNamedStatements: false });
    expect(readConfig({ ...base, DB_POOL_WAIT_MS: '500', DB_STATEMENT_TIMEOUT_MS: '3000', SHUTDOWN_TIMEOUT_MS: '1000' })).toMatchObject({
      databaseLimits: { poolWaitMs: 500, statementTimeoutMs: 3000 },
      shutdownTimeoutMs: 1000,
    });
  });

  it('refuses a duration that is no whole number of milliseconds or outside its range, naming the variable', () => {
    expect(() => readConfig({ ...base, DB_POOL_WAIT_MS: 'soon' })).toThrow('环境变量 DB_POOL_WAIT_MS 应为 100 到 600000 之间的整数（单位毫秒），当前为 "soon"');
    expect(() => readConfig({ ...base, DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    expect(() => readConfig({ ...base, SHUTDOWN_TIMEOUT_MS: '1.5' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => readConfig({ ...base, DICT_CACHE_MS: '-1' })).toThrow(/DICT_CACHE_MS/);
    expect(() => readConfig({ ...base, AUTH_CACHE_MS: 'off' })).toThrow(/AUTH_CACHE_MS/);
    expect(() => readConfig({ ...base, DB_POOL_MAX: '0' })).toThrow('环境变量 DB_POOL_MAX 应为 1 到 100 之间的整数，当前为 "0"');
  });
});

describe('server configuration: secrets and the first admin password', () => {
  const base = { DATA_DIR: '/srv/lossdesk/data', WEB_DIR: '' };

  it('takes the X-Sign secret from SIGNATURE_SECRET, JeecgBoot’s default otherwise', () => {
    expect(readConfig({ ...base, DEMO: 'on' }).signatureSecret).toBe('dd05f1c54d63749eda95f9fa6d49v442a');
    expect(readConfig({ ...base, DEMO: 'on', SIGNATURE_SECRET: 'a-Longer-secret-0123' }).signatureSecret).toBe('a-Longer-secret-0123');
    for (const bad of ['short', 'with spaces in the secret', 'x'.repeat(129)]) {
      expect(() => readConfig({ ...base, DEMO: 'on', SIGNATURE_SECRET: bad }), bad).toThrow(/SIGNATURE_SECRET/);
    }
  });

  it('refuses a weak ADMIN_PASSWORD with DEMO=off, naming the rule', () => {
    for (const weak of ['123456', 'password1', 'abcdefgh', 'Ab1!']) {
      expect(() => readConfig({ ...base, DEMO: 'off', ADMIN_PASSWORD: weak }), weak).toThrow(
        'ADMIN_PASSWORD 不符合密码规则：密码至少8位，且须包含大写字母、小写字母、数字、特殊符号中的至少三种',
      );
    }
    expect(readConfig({ ...base, DEMO: 'off', ADMIN_PASSWORD: 'Str0ng!pass' }).adminPassword).toBe('Str0ng!pass');
    // Demo data keeps its documented 123456 logins; ADMIN_PASSWORD is not used then.
    expect(readConfig({ ...base, DEMO: 'on', ADMIN_PASSWORD: '123' }).demo).toBe(true);
  });
});

describe('server configuration: import error files and signed file links', () => {
  const base = { DEMO: 'on', DATA_DIR: '/srv/lossdesk/data', WEB_DIR: '' };

  it('caps error workbooks at 20 MB each and 500 MB together unless told otherwise', () => {
    expect(readConfig(base)).toMatchObject({ importErrorFileMaxBytes: 20 * 1024 * 1024, importErrorFilesMaxBytes: 500 * 1024 * 1024 });
    expect(readConfig({ ...base, IMPORT_ERROR_FILE_MAX_MB: '5', IMPORT_ERROR_FILES_MAX_MB: '50' })).toMatchObject({
      importErrorFileMaxBytes: 5 * 1024 * 1024,
      importErrorFilesMaxBytes: 50 * 1024 * 1024,
    });
    expect(() => readConfig({ ...base, IMPORT_ERROR_FILE_MAX_MB: '0' })).toThrow(/IMPORT_ERROR_FILE_MAX_MB/);
  });

  it('takes FILE_LINK_SECRET only when it is at least 32 characters long', () => {
    expect(readConfig(base).fileLinkSecret).toBeUndefined();
    expect(readConfig({ ...base, FILE_LINK_SECRET: 'k'.repeat(32) }).fileLinkSecret).toBe('k'.repeat(32));
    expect(() => readConfig({ ...base, FILE_LINK_SECRET: 'short' })).toThrow('环境变量 FILE_LINK_SECRET 至少需要 32 个字符');
  });

  it('takes LOSSDESK_SECRET_KEY as 64 hex digits or base64 of 32 bytes, and refuses a malformed one at start', () => {
    expect(readConfig(base).secretKey).toBeUndefined();
    expect(readConfig({ ...base, LOSSDESK_SECRET_KEY: 'ab'.repeat(32) }).secretKey).toEqual(Buffer.alloc(32, 0xab));
    expect(() => readConfig({ ...base, LOSSDESK_SECRET_KEY: 'not-a-key' })).toThrow(ConfigError);
  });

  it('reads NODE_HEARTBEAT_MS (default 5 s, 1 s to 5 min)', () => {
    expect(readConfig(base).heartbeatMs).toBe(5000);
    expect(readConfig({ ...base, NODE_HEARTBEAT_MS: '2000' }).heartbeatMs).toBe(2000);
    expect(() => readConfig({ ...base, NODE_HEARTBEAT_MS: '10' })).toThrow('环境变量 NODE_HEARTBEAT_MS 应为 1000 到 300000 之间的整数');
  });
});

describe('server configuration: trusted proxies', () => {
  const base = { DEMO: 'on' };
  it('trusts no proxy by default, and takes addresses or ranges from TRUST_PROXY', () => {
    expect(readConfig(base).trustProxy).toBe(false);
    expect(readConfig({ ...base, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }).trustProxy).toBe('127.0.0.1,10.0.0.0/8,loopback');
    expect(() => readConfig({ ...base, TRUST_PROXY: 'everyone' })).toThrow(
      '环境变量 TRUST_PROXY 应为逗号分隔的代理地址或网段（如 127.0.0.1,10.0.0.0/8），当前为 "everyone"',
    );
  });
});
