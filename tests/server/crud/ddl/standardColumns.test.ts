import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../../../server/db/open';
import { readTable } from '../../../../server/crud/ddl';
import { loadEntityPages } from '../../../../server/crud/pages';
import { STANDARD_COLUMNS } from '../../../../runtime/contract/standardColumns';
import { DATABASE_KINDS, openTestDatabase } from '../../../support/database';
import { isServedByModule } from '../../../../server/crud/servedPages';

/**
 * The browser checks a record against the compiled page (a too-long value is refused before it is
 * sent); the database against its column types. Both must say the same, for every page: the tables
 * the DDL layer made from a page and the system tables the migrations made alike.
 */
describe.each(DATABASE_KINDS)('standard columns: page and table agree (%s)', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('gives every system field of every page the length its column really has', async () => {
    const db = database.db as unknown as Kysely<unknown>;
    const mismatches: string[] = [];
    // Pages served by a named module describe answers, not their table (server/crud/servedPages.ts).
    const pages = loadEntityPages().filter((page) => !isServedByModule(page));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const state = await readTable(db, page.entity.table);
      expect(state, page.entity.table).toBeDefined();
      for (const field of page.systemFields) {
        const column = state?.columns.find((c) => c.name === field.column);
        if (!column) {
          mismatches.push(`${page.entity.table}.${field.column}: missing`);
        } else if (field.type === 'string' && column.charLength !== (field.length ?? null)) {
          mismatches.push(`${page.entity.table}.${field.column}: page ${field.length}, table ${column.charLength}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('spells the id 32 long and the org code 64, as JeecgBoot and our migrations do', () => {
    const lengths = Object.fromEntries(STANDARD_COLUMNS.filter((c) => c.type === 'string').map((c) => [c.name, c.length]));
    expect(lengths).toEqual({ id: 32, createBy: 50, updateBy: 50, sysOrgCode: 64 });
    const [page] = loadEntityPages();
    expect(page.fieldByName.get('id')?.length).toBe(32);
    expect(page.fieldByName.get('sysOrgCode')?.length).toBe(64);
  });
});
