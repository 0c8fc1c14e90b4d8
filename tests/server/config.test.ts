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
    });
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
  });
});
