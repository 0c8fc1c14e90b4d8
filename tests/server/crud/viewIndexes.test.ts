/**
 * The partial index of a view comparing two fields (待开票案件: 已开票金额 < 公估费,
 * schemas/pages/receive/receive.json): derived from the view's filter, built by the start, and
 * usable by the list's own condition — rowConditionSql with bound values — on PGlite and PostgreSQL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEntityPages } from '../../../server/crud/pages';
import { PageModels } from '../../../server/crud/entity/pageModels';
import { allRowConditions } from '../../../server/crud/entity/rowConditionSql';
import { viewIndexes, viewIndexName } from '../../../server/crud/viewIndexes';
import type { Database } from '../../../server/db/open';
import { DATABASE_KINDS, openTestDatabase } from '../../support/database';

const pages = loadEntityPages();
const models = new PageModels(pages);

describe.each(DATABASE_KINDS)('view indexes (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(() => database?.close());

  it('待开票案件 gets a partial index on the list order whose predicate is the view filter, values as literals, and one per eq query field it does not fix', () => {
    const found = viewIndexes(database.db, pages).filter((v) => v.table === 'biz_receive');
    const predicate = `("biz_receive"."receive_status" = 'wait_receipt' AND COALESCE("biz_receive"."invoiced_amount", 0) < COALESCE("biz_receive"."fee_amount", 0))`;
    // 委托方 (insurerCode, eq) in front of the list order; 案件状态 is fixed by the view: no index of its own.
    expect(found).toEqual([
      { table: 'biz_receive', view: 'waitReceipt', columns: ['tenant_id', 'create_time', 'id'], predicate },
      { table: 'biz_receive', view: 'waitReceipt', columns: ['tenant_id', 'insurer_code', 'create_time', 'id'], predicate },
    ]);
    expect(new Set(found.map(viewIndexName)).size).toBe(2);
  });

  it('views of fixed values only, or naming the user, get none', () => {
    const views = viewIndexes(database.db, pages).map((v) => `${v.table}/${v.view}`);
    for (const view of ['handle', 'new', 'over', 'personal', 'cooperate']) expect(views).not.toContain(`biz_receive/${view}`);
  });

  it('the start built it, and the list condition with bound values reads it', async () => {
    const index = viewIndexes(database.db, pages).find((v) => v.view === 'waitReceipt' && v.columns.length === 3);
    const receive = models.get('receive/receive');
    const view = receive?.page.views.find((v) => v.key === 'waitReceipt');
    if (!index || !receive || !view) throw new Error('receive.json has no 待开票案件 view');
    const name = viewIndexName(index);
    const { rows } = await sql<{ oid: string | null }>`SELECT to_regclass(${name})::text AS oid`.execute(database.db);
    expect(rows[0].oid).not.toBeNull();
    const condition = allRowConditions(receive, view.filter, 'biz_receive', { session: { userId: 'u', username: 'u', tenantId: 0 }, pages: models });
    if (!condition) throw new Error('待开票案件 has no filter');
    // A test database holds a few cases: without a seq scan the planner shows whether the index can serve the condition.
    const plan = await database.db.connection().execute(async (db) => {
      await sql`SET enable_seqscan = off`.execute(db);
      const explained = await sql<{ 'QUERY PLAN': string }>`
        EXPLAIN SELECT id FROM biz_receive WHERE tenant_id = ${0} AND ${condition}
        ORDER BY create_time DESC, id DESC LIMIT 11`.execute(db);
      await sql`RESET enable_seqscan`.execute(db);
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    // 待开票's other partial index (with 委托方) has the same predicate and is as cheap on a few rows: either proves it.
    const viewNames = viewIndexes(database.db, pages).filter((v) => v.view === 'waitReceipt').map(viewIndexName);
    expect(viewNames.filter((n) => plan.includes(n)), plan).not.toEqual([]);
  });

  it('待开票案件 filtered by 委托方 reads its own partial index', async () => {
    const index = viewIndexes(database.db, pages).find((v) => v.view === 'waitReceipt' && v.columns.includes('insurer_code'));
    const receive = models.get('receive/receive');
    const view = receive?.page.views.find((v) => v.key === 'waitReceipt');
    if (!index || !receive || !view) throw new Error('receive.json has no 待开票案件 view');
    const condition = allRowConditions(receive, view.filter, 'biz_receive', { session: { userId: 'u', username: 'u', tenantId: 0 }, pages: models });
    if (!condition) throw new Error('待开票案件 has no filter');
    const plan = await database.db.connection().execute(async (db) => {
      await sql`SET enable_seqscan = off`.execute(db);
      const explained = await sql<{ 'QUERY PLAN': string }>`
        EXPLAIN SELECT id FROM biz_receive WHERE tenant_id = ${0} AND ${condition} AND insurer_code = ${'CPIC'}
        ORDER BY create_time DESC, id DESC LIMIT 11`.execute(db);
      await sql`RESET enable_seqscan`.execute(db);
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain(viewIndexName(index));
  });
});
