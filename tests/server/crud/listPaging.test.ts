import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityDictionaries, entityService } from '../../../server/crud/entity';
import { forgetTableSizes, isLargeTable } from '../../../server/crud/entity/largeTables';
import type { EntityStore } from '../../../server/crud/entity/store';
import { loadEntityPages } from '../../../server/crud/pages';
import { INVALID_CURSOR_MESSAGE, translateListQuery, type RawQuery } from '../../../server/crud/query';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

interface Page {
  records: Array<{ id: string }>;
  total: number;
  totalExact: boolean;
  nextCursor?: string;
  pages: number;
}

/** 35 experts; create times repeat every 4 rows, so sort ties cross every page boundary. */
const ROWS = 35;

describe.each(DATABASE_KINDS)('list paging: bounded count and keyset continuation on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;
  let store: EntityStore;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
    const db = ctx.database.db;
    await sql`DELETE FROM mnt_expert`.execute(db);
    await sql`
      INSERT INTO mnt_expert (id, expert_name, sex, contact_mobile, major_direction, create_time, tenant_id)
      SELECT 'pg' || lpad(g::text, 4, '0'), '翻页专家' || (g % 6), CASE WHEN g % 3 = 0 THEN '2' ELSE '1' END,
             '139' || lpad(g::text, 8, '0'), '火灾', timestamp '2025-01-01 08:00:00' + (g / 4) * interval '1 hour', 0
      FROM generate_series(1, ${ROWS}::int) AS g`.execute(db);
    const pages = loadEntityPages();
    const expert = pages.find((p) => p.entity.table === 'mnt_expert');
    if (!expert) throw new Error('no expert page');
    store = entityService(expert, new EntityDictionaries(db, ctx.app.dictionaries, pages)).store;
  }, 120_000);
  afterAll(async () => ctx?.close());

  async function list(query: string): Promise<{ success: boolean; message: string; result: Page }> {
    return body<Page>(await ctx.app.inject({ method: 'GET', url: `${API}/maintenance/expert/list?${query.includes('pageSize=') ? '' : 'pageSize=10&'}${query}`, headers: authHeaders(admin) }));
  }

  async function ok(query: string): Promise<Page> {
    const envelope = await list(query);
    expect(envelope.success, envelope.message).toBe(true);
    return envelope.result;
  }

  it.each([
    ['the default sort', ''],
    ['a filter and a sort on a column with ties', 'sex=1&column=expertName&order=asc'],
  ])('reads each next page by its cursor exactly as OFFSET reads it (%s)', async (_, query) => {
    let page = await ok(`${query}&pageNo=1`);
    expect(page.totalExact).toBe(true);
    const seen = new Set(page.records.map((r) => r.id));
    for (let pageNo = 2; page.nextCursor; pageNo++) {
      const continued = await ok(`${query}&pageNo=${pageNo}&cursor=${page.nextCursor}`);
      const offset = await ok(`${query}&pageNo=${pageNo}`);
      expect(continued.records.map((r) => r.id)).toEqual(offset.records.map((r) => r.id));
      expect(continued.total).toBe(offset.total);
      for (const r of continued.records) seen.add(r.id);
      page = continued;
    }
    // The last page carries no cursor, and together the pages showed every matching row once.
    expect(seen.size).toBe(page.total);
  });

  it('refuses a garbled cursor, one of another filter, sort or page, and one on page 1', async () => {
    const first = await ok('sex=1&pageNo=1');
    const cursor = first.nextCursor;
    expect(cursor).toBeTruthy();
    const refused = [
      `sex=1&pageNo=2&cursor=not!a!token`,
      `sex=1&pageNo=2&cursor=${Buffer.from('{"p":2}').toString('base64url')}`,
      `sex=2&pageNo=2&cursor=${cursor}`,
      `sex=1&pageNo=2&column=expertName&order=asc&cursor=${cursor}`,
      `sex=1&pageNo=3&cursor=${cursor}`,
      `sex=1&pageNo=2&pageSize=20&cursor=${cursor}`,
      `sex=1&pageNo=1&cursor=${cursor}`,
    ];
    for (const query of refused) {
      const envelope = await list(query);
      expect(envelope.success, query).toBe(false);
      expect(envelope.message).toBe(INVALID_CURSOR_MESSAGE);
    }
    expect((await list(`sex=1&pageNo=2&cursor=${cursor}`)).success).toBe(true);
  });

  it('counts exactly up to the limit, then answers a lower bound that still reaches the next page', async () => {
    const read = (raw: RawQuery, limit: number) =>
      store.list(ctx.database.db, translateListQuery(store.model.queryFields, raw, store.model.listOptions), 0, undefined, limit);
    // Under the limit: the exact count.
    expect(await read({ pageNo: '1' }, 40)).toMatchObject({ total: ROWS, totalExact: true });
    // Past it: at least the limit and one, or the end of the next page when that is further.
    expect(await read({ pageNo: '1' }, 12)).toMatchObject({ total: 13, totalExact: false });
    expect(await read({ pageNo: '2' }, 12)).toMatchObject({ total: 21, totalExact: false });
    // The last page knows its total without counting; a page past the end reaches back to a real one.
    const last = await read({ pageNo: '4' }, 12);
    expect(last).toMatchObject({ total: ROWS, totalExact: true });
    expect(last.nextCursor).toBeUndefined();
    const beyond = await read({ pageNo: '9' }, 12);
    expect(beyond).toMatchObject({ rows: [], total: 13, totalExact: false });
  });

  it('answers a search with no match with an empty page and a total of 0', async () => {
    for (const query of ['expertName=*鑫*', 'expertName=*鑫*&pageNo=3', 'sex=1&contactMobile=*0000000000*']) {
      const page = await ok(query);
      expect(page, query).toMatchObject({ records: [], total: 0, totalExact: true });
      expect(page.nextCursor, query).toBeUndefined();
    }
  });

  it('on a large table reads a search counted first, in the order hand-written SQL gives, by cursor and by page', async () => {
    // Another tenant's rows of ≈ 1.5 kB that do not compress make the table large (largeTables.ts),
    // so searches are counted first and few matches sorted in memory (store.ts readFewMatches).
    await sql`
      INSERT INTO mnt_expert (id, expert_name, sex, contact_mobile, major_direction, remark, create_time, tenant_id)
      SELECT 'pad' || g, '填充', '1', '138' || lpad(g::text, 8, '0'), '火灾', (SELECT string_agg(md5(g::text || '-' || k::text), '') FROM generate_series(1, 45) AS k),
             timestamp '2024-01-01', 9
      FROM generate_series(1, 6000) AS g`.execute(ctx.database.db);
    forgetTableSizes();
    expect(await isLargeTable(ctx.database.db, 'mnt_expert')).toBe(true);
    const hand = await sql<{ id: string }>`
      SELECT id FROM mnt_expert WHERE tenant_id = 0 AND sex = '1' ORDER BY expert_name ASC, id ASC`.execute(ctx.database.db);
    const query = 'sex=1&column=expertName&order=asc';
    const byPage: string[] = [];
    let page = await ok(`${query}&pageNo=1`);
    const byCursor = page.records.map((r) => r.id);
    for (let pageNo = 1; pageNo <= 3; pageNo++) {
      const numbered = await ok(`${query}&pageNo=${pageNo}`);
      expect(numbered).toMatchObject({ total: hand.rows.length, totalExact: true });
      byPage.push(...numbered.records.map((r) => r.id));
    }
    for (let pageNo = 2; page.nextCursor; pageNo++) {
      page = await ok(`${query}&pageNo=${pageNo}&cursor=${page.nextCursor}`);
      byCursor.push(...page.records.map((r) => r.id));
    }
    expect(byPage).toEqual(hand.rows.map((r) => r.id));
    expect(byCursor).toEqual(hand.rows.map((r) => r.id));
    expect(await ok('expertName=*鑫*')).toMatchObject({ records: [], total: 0, totalExact: true });
    await sql`DELETE FROM mnt_expert WHERE tenant_id = 9`.execute(ctx.database.db);
    forgetTableSizes();
  });

  it('answers JeecgBoot\'s page with totalExact and nextCursor', async () => {
    const first = await ok('pageNo=1');
    expect(first).toMatchObject({ total: ROWS, pages: 4, totalExact: true });
    expect(first.records).toHaveLength(10);
    expect(Object.keys(first.records[0]).some((k) => k.startsWith('__keyset'))).toBe(false);
    const last = await ok('pageNo=4');
    expect(last.records).toHaveLength(5);
    expect(last.nextCursor).toBeUndefined();
  });
});
