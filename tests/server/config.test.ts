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
});
