/**
 * Statements go as named prepared statements on PostgreSQL where that is safe
 * (server/db/namedStatements.ts), and a table altered while the server runs never makes one fail:
 * after ADD COLUMN a `select *` answers the new column, after a column's type changes reads and
 * writes go on, inside a transaction too. PGlite names nothing.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../server/db/transaction';
import { nameable } from '../../../server/db/namedStatements';
import type { Database } from '../../../server/db/open';
import type { DB } from '../../../server/db/types';
import { DATABASE_KINDS, openTestDatabase } from '../../support/database';

describe('which statements are named', () => {
  it('names lookups by equality, inserts and updates', () => {
    expect(nameable('select * from "mnt_expert" where "tenant_id" = $1 and "id" = $2')).toBe(true);
    expect(nameable('insert into "sys_log" ("id", "log_type") values ($1, $2)')).toBe(true);
    expect(nameable('update "mnt_expert" set "remark" = $1 where "id" = $2')).toBe(true);
    expect(nameable('SELECT CAST("company_code" AS text) AS value FROM "mnt_insurance_company" WHERE CAST("company_code" AS text) IN ($1, $2)')).toBe(true);
  });

  it('leaves patterns, ranges, orders and pages unnamed, and every utility statement', () => {
    expect(nameable('select * from "mnt_expert" where "expert_name" like $1')).toBe(false);
    expect(nameable('select * from "mnt_expert" where "create_time" >= $1')).toBe(false);
    expect(nameable('select * from "mnt_expert" where "tenant_id" = $1 order by "create_time" desc')).toBe(false);
    expect(nameable('select * from "mnt_expert" where "tenant_id" = $1 limit $2')).toBe(false);
    expect(nameable('select count(*) as "n" from "biz_receive" where "tenant_id" = $1 and "create_by" = $2')).toBe(false);
    expect(nameable('select "state", sum("amount") from "cost" where "tenant_id" = $1 group by "state"')).toBe(false);
    expect(nameable('begin')).toBe(false);
    expect(nameable('DEALLOCATE "x"')).toBe(false);
    expect(nameable('ALTER TABLE t ADD COLUMN c text')).toBe(false);
  });
});

describe.each(DATABASE_KINDS)('named statements on %s', (kind) => {
  let database: Database;
  let db: Kysely<DB>;

  // One connection, so the statements a test prepared are those it reads back.
  beforeAll(async () => {
    database = await openTestDatabase(kind, { maxConnections: 1 });
    db = database.db;
    await sql`CREATE TABLE ns_probe (id varchar(32) PRIMARY KEY, name varchar(10))`.execute(db);
    await sql`INSERT INTO ns_probe VALUES ('a', '甲'), ('b', '乙')`.execute(db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const prepared = async () =>
    (await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'ld\\_%'`.execute(db)).rows;
  const byId = async (id: string) => (await sql<Record<string, unknown>>`select * from ns_probe where id = ${id}`.execute(db)).rows;

  it('prepares a statement seen again under a name (PostgreSQL only) and answers as before', async () => {
    for (let i = 0; i < 3; i++) expect(await byId('a')).toEqual([{ id: 'a', name: '甲' }]);
    const names = (await prepared()).filter((p) => p.statement.includes('ns_probe'));
    expect(names).toHaveLength(kind === 'postgres' ? 1 : 0);
    // A pattern is never named.
    for (let i = 0; i < 3; i++) await sql`select * from ns_probe where name like ${'%甲%'}`.execute(db);
    expect((await prepared()).filter((p) => p.statement.includes('like'))).toHaveLength(0);
  });

  it('answers the new column of a select * after ADD COLUMN', async () => {
    for (let i = 0; i < 7; i++) await byId('a');
    await sql`ALTER TABLE ns_probe ADD COLUMN remark text DEFAULT '备注'`.execute(db);
    expect(await byId('a')).toEqual([{ id: 'a', name: '甲', remark: '备注' }]);
    expect(await byId('b')).toEqual([{ id: 'b', name: '乙', remark: '备注' }]);
  });

  it('reads and writes on after a column changed its type, inside a transaction too', async () => {
    const write = (id: string, name: string) => sql`update ns_probe set name = ${name} where id = ${id}`.execute(db);
    for (let i = 0; i < 7; i++) {
      await byId('b');
      await write('b', '乙');
    }
    await sql`ALTER TABLE ns_probe ALTER COLUMN name TYPE varchar(40)`.execute(db);
    await write('b', '一个比十个字更长的名字，旧的类型放不下');
    expect(await byId('b')).toEqual([{ id: 'b', name: '一个比十个字更长的名字，旧的类型放不下', remark: '备注' }]);
    await sql`ALTER TABLE ns_probe ALTER COLUMN name TYPE text`.execute(db);
    const inside = await inTransaction(db, async (trx) => {
      await sql`update ns_probe set name = ${'丙'} where id = ${'b'}`.execute(trx);
      return (await sql<Record<string, unknown>>`select * from ns_probe where id = ${'b'}`.execute(trx)).rows;
    });
    expect(inside).toEqual([{ id: 'b', name: '丙', remark: '备注' }]);
    expect(await byId('b')).toEqual([{ id: 'b', name: '丙', remark: '备注' }]);
  });

  it('writes on after a text column became a number (the prepared parameter type no longer fits)', async () => {
    await sql`ALTER TABLE ns_probe ADD COLUMN amount varchar(20)`.execute(db);
    const setAmount = (amount: string) => sql`update ns_probe set amount = ${amount} where id = ${'a'}`.execute(db);
    for (let i = 0; i < 7; i++) await setAmount(String(i));
    await sql`ALTER TABLE ns_probe ALTER COLUMN amount TYPE integer USING amount::integer`.execute(db);
    await setAmount('42');
    expect((await sql<{ amount: number }>`select amount from ns_probe where id = ${'a'}`.execute(db)).rows).toEqual([{ amount: 42 }]);
  });

  it('names nothing inside a transaction', async () => {
    await inTransaction(db, async (trx) => {
      for (let i = 0; i < 3; i++) await sql`select name from ns_probe where id = ${'a'} and name = ${'甲'}`.execute(trx);
    });
    expect((await prepared()).filter((p) => p.statement.includes('and name ='))).toHaveLength(0);
  });
});
