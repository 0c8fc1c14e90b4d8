import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA_VERSION,
  PAGE_MIGRATIONS,
  migratePageDocument,
  type MigrationRegistry,
} from '../../../../runtime/schema/migrations';
import { expertDocument } from './fixtures';

/** A future language version 2 that renamed list.toolbar to list.buttons, as a step would be written. */
const withV2: MigrationRegistry = {
  current: 2,
  steps: [
    {
      from: 1,
      describe: 'list.toolbar renamed to list.buttons',
      migrate: (doc) => {
        const list = { ...(doc.list as Record<string, unknown>) };
        list.buttons = list.toolbar;
        delete list.toolbar;
        return { ...doc, list };
      },
    },
  ],
};

describe('schemaVersion migrations', () => {
  it('version 1 is current and needs no step', () => {
    expect(CURRENT_SCHEMA_VERSION).toBe(1);
    expect(PAGE_MIGRATIONS.steps).toEqual([]);
    const doc = expertDocument();
    expect(migratePageDocument(doc, 'a.json')).toEqual({ ok: true, doc });
  });

  it('lifts an older document through the registered steps without touching the original', () => {
    const doc = expertDocument();
    const result = migratePageDocument(doc, 'a.json', withV2);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const migrated = result.doc as { schemaVersion: number; list: Record<string, unknown> };
    expect(migrated.schemaVersion).toBe(2);
    expect(migrated.list.buttons).toEqual(doc.list.toolbar);
    expect(migrated.list.toolbar).toBeUndefined();
    expect(result.from).toBe(1);
    expect(doc.list.toolbar).toBeDefined();
  });

  it('refuses a document newer than the runtime', () => {
    const doc = { ...expertDocument(), schemaVersion: 3 };
    expect(migratePageDocument(doc, 'online:abc', withV2)).toEqual({
      ok: false,
      errors: [
        {
          source: 'online:abc',
          pointer: '/schemaVersion',
          message: '文档的 schemaVersion 3 比运行时支持的版本 2 新，请升级 lossdesk 后再加载',
          expected: '≤ 2',
        },
      ],
    });
  });

  it('reports a version no step starts from', () => {
    const doc = { ...expertDocument(), schemaVersion: 0 };
    const result = migratePageDocument(doc, 'a.json', withV2);
    expect(result).toEqual({
      ok: false,
      errors: [{ source: 'a.json', pointer: '/schemaVersion', message: 'schemaVersion 0 无法迁移：缺少从版本 0 升级的步骤' }],
    });
  });

  it('leaves documents without a usable version to the meta-schema', () => {
    for (const doc of ['x', null, {}, { schemaVersion: '1' }]) {
      expect(migratePageDocument(doc, 'a.json')).toEqual({ ok: true, doc });
    }
  });
});
