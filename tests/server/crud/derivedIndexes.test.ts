/**
 * The indexes derived from the pages' conditions (协办人 holds me, a member row names me, 待开票案件)
 * are built by the start with CREATE INDEX CONCURRENTLY — the table keeps taking writes —, recorded
 * like the tables' own steps, and built again when a failed build left an invalid index behind.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEntityPages } from '../../../server/crud/pages';
import { derivedIndexes, ensureDerivedIndexes } from '../../../server/crud/derivedIndexes';
import type { Database } from '../../../server/db/open';
import { inTransaction } from '../../../server/db/transaction';
import { DATABASE_KINDS, openTestDatabase } from '../../support/database';

const pages = loadEntityPages();

describe.each(DATABASE_KINDS)('derived indexes (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(() => database?.close());

  async function validity(name: string): Promise<boolean | undefined> {
    const { rows } = await sql<{ valid: boolean }>`
      SELECT i.indisvalid AS valid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid WHERE c.relname = ${name}`.execute(database.db);
    return rows[0]?.valid;
  }

  async function recorded(name: string): Promise<string[]> {
    const { rows } = await sql<{ text: string }>`
      SELECT s->>'sql' AS text FROM lossdesk_entity_migration m, jsonb_array_elements(m.steps) s
      WHERE s->>'op' = 'createDerivedIndex' AND s->>'name' = ${name} ORDER BY m.id`.execute(database.db);
    return rows.map((r) => r.text);
  }

  it('the case pages ask for the 协办人, member, 待开票 and covering indexes, and the start built each of them valid', async () => {
    const indexes = derivedIndexes(database.db, pages);
    const names = indexes.map((i) => i.name);
    expect(names).toContain('biz_receive_assistants_split_idx');
    expect(names).toContain('biz_receive_member_tenant_id_user_name_receive_id_idx');
    expect(names.some((n) => n.startsWith('biz_receive_waitreceipt_') && n.endsWith('_view_idx'))).toBe(true);
    // The covering twin of the 案件状态 list index, holding the 承办部门 lisi's rule tests (coveringIndexes.ts).
    expect(names.some((n) => n.startsWith('biz_receive_tenant_id_receive_status_create_time_id_wi'))).toBe(true);
    for (const name of names) expect(await validity(name), name).toBe(true);
    expect(await ensureDerivedIndexes(database.db, pages)).toEqual({ built: [], notes: [] });
  });

  it('the search indexes of a rule of departments (btree_gin) and the 待开票 · 委托方 index are derived, built valid and used', async () => {
    const indexes = derivedIndexes(database.db, pages);
    const search = indexes.filter((i) => i.table === 'biz_receive' && i.name.startsWith('biz_receive_depart_id_receive_name_'));
    // One over every case (全部案件, 我的案件) and one per view whose filter is fixed (已结, 历史, 待开票 …); none
    // for 案件编号, which is unique.
    const texts = search.map((i) => `CREATE INDEX IF NOT EXISTS ${i.name} ON ${i.table} ${i.definition.compile(database.db).sql}`);
    expect(texts.some((t) => t.includes('_all_') && t.endsWith('USING gin ("depart_id", "receive_name" gin_trgm_ops)'))).toBe(true);
    expect(texts.some((t) => t.includes(`USING gin ("depart_id", "receive_name" gin_trgm_ops) WHERE "biz_receive"."receive_status" IN ('over', 'wait_receipt', 'receipted')`))).toBe(true);
    expect(texts.some((t) => t.includes('receive_number'))).toBe(false);
    expect(search.length).toBe(1 + pages.find((p) => p.entity.table === 'biz_receive')!.views.filter((v) => v.key !== 'personal' && v.key !== 'cooperate').length);
    const byInsurer = indexes.find((i) => i.name.startsWith('biz_receive_waitreceipt_') && i.definition.compile(database.db).sql.startsWith('("tenant_id", "insurer_code", "create_time", "id") WHERE'));
    expect(byInsurer).toBeDefined();
    for (const { name } of [...search, byInsurer!]) expect(await validity(name), name).toBe(true);
    // Built as derived: the department through btree_gin's class (migration 0045), on the view's rows alone.
    const { rows } = await sql<{ def: string }>`
      SELECT pg_get_indexdef(c.oid) AS def FROM pg_class c WHERE c.relname LIKE 'biz_receive_depart_id_receive_name_old_%'`.execute(database.db);
    expect(rows.map((r) => r.def)).toEqual([expect.stringMatching(/USING gin \(depart_id, receive_name gin_trgm_ops\) WHERE \(\(receive_status\)::text = 'old'::text\)$/)]);
  });

  it('a view naming the user by 主办 gets a (主办, 案件名称) search index over every case, built valid', async () => {
    const indexes = derivedIndexes(database.db, pages).filter((i) => i.name.startsWith('biz_receive_handler_'));
    // 我的案件 tests handler = me; 协办案件's contains and the unique 案件编号 get none.
    expect(indexes.map((i) => i.definition.compile(database.db).sql)).toEqual(['USING gin ("handler", "receive_name" gin_trgm_ops)']);
    const [index] = indexes;
    expect(await validity(index.name)).toBe(true);
    const { rows } = await sql<{ def: string }>`SELECT pg_get_indexdef(${index.name}::regclass) AS def`.execute(database.db);
    expect(rows[0].def).toMatch(/USING gin \(handler, receive_name gin_trgm_ops\)$/);
  });

  it('a missing index is built concurrently and recorded with its statement', async () => {
    const name = 'biz_receive_assistants_split_idx';
    await sql`DROP INDEX ${sql.id(name)}`.execute(database.db);
    expect(await ensureDerivedIndexes(database.db, pages)).toEqual({ built: [name], notes: [] });
    expect(await validity(name)).toBe(true);
    const statements = await recorded(name);
    expect(statements.at(-1)).toBe(`CREATE INDEX CONCURRENTLY IF NOT EXISTS "${name}" ON "biz_receive" USING gin (string_to_array("assistants", ','))`);
  });

  it('an index a failed concurrent build left invalid is dropped and built again', async () => {
    const name = 'biz_receive_member_tenant_id_user_name_receive_id_idx';
    // What an interrupted CREATE INDEX CONCURRENTLY leaves: the index exists but serves nothing.
    await sql`UPDATE pg_index SET indisvalid = false WHERE indexrelid = ${name}::regclass`.execute(database.db);
    expect(await validity(name)).toBe(false);
    expect(await ensureDerivedIndexes(database.db, pages)).toEqual({ built: [name], notes: [] });
    expect(await validity(name)).toBe(true);
  });

  it("inside a caller's transaction the index is built plainly, and goes with a rollback", async () => {
    const name = 'biz_receive_assistants_split_idx';
    await sql`DROP INDEX ${sql.id(name)}`.execute(database.db);
    await expect(
      inTransaction(database.db, async (trx) => {
        expect(await ensureDerivedIndexes(trx, pages)).toEqual({ built: [name], notes: [] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await validity(name)).toBeUndefined();
    await inTransaction(database.db, (trx) => ensureDerivedIndexes(trx, pages));
    expect(await validity(name)).toBe(true);
    expect((await recorded(name)).at(-1)).toBe(`CREATE INDEX IF NOT EXISTS "${name}" ON "biz_receive" USING gin (string_to_array("assistants", ','))`);
  });
});
