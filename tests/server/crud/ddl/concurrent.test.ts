import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { applyEntityTables, DDL_LOCK_KEY, readTable, type EntityTable } from '../../../../server/crud/ddl';
import { openSharedPostgres, type SharedPostgres } from '../../support/sharedPostgres';

type Db = Kysely<unknown>;

const tables: EntityTable[] = [
  { table: 'ddl_customer', fields: [{ column: 'name', kind: 'string', length: 100, required: true, unique: true }], tree: { parentColumn: 'pid', hasChildColumn: 'has_child' } },
  { table: 'ddl_trust_level', fields: [{ column: 'level_name', kind: 'string', length: 50 }, { column: 'sort_no', kind: 'integer', defaultValue: 0 }] },
];

/** The migrations this test recorded (the test database already holds the schema pages' tables). */
async function recorded(db: Db): Promise<{ table_name: string }[]> {
  return (
    await sql<{ table_name: string }>`SELECT table_name FROM lossdesk_entity_migration WHERE table_name LIKE 'ddl\_%' ORDER BY id`.execute(db)
  ).rows;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Two API nodes (separate pools on one PostgreSQL database) starting at the same moment. PGlite has a
// single session, so there is nothing to race there.
describe('entity DDL on two API nodes at once (postgres)', () => {
  let shared: SharedPostgres;
  let nodeA: Db;
  let nodeB: Db;

  beforeAll(async () => {
    shared = await openSharedPostgres(2);
    nodeA = shared.databases[0].db as unknown as Db;
    nodeB = shared.databases[1].db as unknown as Db;
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('lets exactly one node create the tables; the other finds nothing to do', async () => {
    const [a, b] = await Promise.all([applyEntityTables(nodeA, tables), applyEntityTables(nodeB, tables)]);
    const actions = [a, b].map((r) => r.tables.map((t) => t.action).join(','));
    expect(actions.sort()).toEqual(['created,created', 'unchanged,unchanged']);
    expect(await recorded(nodeA)).toEqual([{ table_name: 'ddl_customer' }, { table_name: 'ddl_trust_level' }]);
  });

  it('lets one node alter while the other waits, then sees the change done', async () => {
    const grown = tables.map((t) => ({ ...t, fields: [...t.fields, { column: 'remark', kind: 'text' as const }] }));
    const [a, b] = await Promise.all([applyEntityTables(nodeA, grown), applyEntityTables(nodeB, grown)]);
    expect([a, b].map((r) => r.tables.map((t) => t.action).join(',')).sort()).toEqual(['altered,altered', 'unchanged,unchanged']);
    expect(await recorded(nodeB)).toHaveLength(4);
  });

  it('waits for the DDL lock another node holds and reads the tables only after it is released', async () => {
    const table: EntityTable = { table: 'ddl_currency', fields: [{ column: 'name', kind: 'string', length: 20 }] };
    let settled = false;
    let waiting: Promise<unknown> = Promise.resolve();
    await nodeA.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(DDL_LOCK_KEY)})`.execute(trx);
      waiting = applyEntityTables(nodeB, [table]).finally(() => {
        settled = true;
      });
      await sleep(300);
      expect(settled).toBe(false);
      // Node A creates the table while B waits; B must see it, not create it again.
      await applyEntityTables(trx, [table]);
    });
    const report = (await waiting) as Awaited<ReturnType<typeof applyEntityTables>>;
    expect(report.tables[0].action).toBe('unchanged');
    expect(await readTable(nodeB, 'ddl_currency')).toBeDefined();
  });
});
