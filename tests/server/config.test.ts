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
