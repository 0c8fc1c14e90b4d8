import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../../server/db/open';
import {
  applyEntityTables,
  EntityDdlError,
  planEntityTables,
  readTable,
  renderPlans,
  type EntityTable,
  type TableState,
} from '../../../../server/crud/ddl';
import { DATABASE_KINDS, openTestDatabase } from '../../../support/database';

type Db = Kysely<unknown>;

async function migrations(db: Db, table?: string): Promise<{ table_name: string; schema_hash: string; steps: { op: string; sql: string }[] }[]> {
  const exists = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'lossdesk_entity_migration'`.execute(db);
  if (exists.rows[0].n === 0) return [];
  const rows = await sql<{ table_name: string; schema_hash: string; steps: { op: string; sql: string }[] }>`
    SELECT table_name, schema_hash, steps FROM lossdesk_entity_migration
    WHERE ${table ?? null}::text IS NULL OR table_name = ${table ?? null} ORDER BY id`.execute(db);
  return rows.rows;
}

async function rows<R>(db: Db, query: ReturnType<typeof sql<R>>): Promise<R[]> {
  return (await query.execute(db)).rows;
}

function column(state: TableState | undefined, name: string) {
  const found = state?.columns.find((c) => c.name === name);
  if (!found) throw new Error(`column ${name} not found`);
  return found;
}

async function refused(promise: Promise<unknown>): Promise<EntityDdlError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(EntityDdlError);
  return err as EntityDdlError;
}

const expert: EntityTable = {
  table: 'ddl_expert',
  fields: [
    { column: 'name', kind: 'string', length: 50, required: true },
    { column: 'code', kind: 'string', length: 32, required: true, unique: true },
    { column: 'resume', kind: 'text' },
    { column: 'age', kind: 'integer' },
    { column: 'hour_cost', kind: 'money', defaultValue: '0.00' },
    { column: 'score', kind: 'number', precision: 8, scale: 3 },
    { column: 'birthday', kind: 'date' },
    { column: 'hired_at', kind: 'datetime' },
    { column: 'on_duty', kind: 'time', defaultValue: '09:00:00' },
    { column: 'active', kind: 'boolean', required: true, defaultValue: true },
    { column: 'status', kind: 'string', length: 1, defaultValue: '1' },
  ],
  indexes: [{ columns: ['name', 'age'] }],
};

describe.each(DATABASE_KINDS)('entity tables from schemas (%s)', (kind) => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db as unknown as Db;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('creates a table from scratch with the standard columns, types, defaults, key and indexes', async () => {
    const report = await applyEntityTables(db, [expert]);
    expect(report.tables).toHaveLength(1);
    expect(report.tables[0]).toMatchObject({ table: 'ddl_expert', action: 'created', kept: [] });

    const state = await readTable(db, 'ddl_expert');
    const shape = state?.columns.map((c) => [c.name, c.dataType, c.charLength ?? c.numericPrecision, c.numericScale, c.nullable]);
    expect(shape).toEqual([
      ['id', 'character varying', 32, null, false],
      ['name', 'character varying', 50, null, false],
      ['code', 'character varying', 32, null, false],
      ['resume', 'text', null, null, true],
      ['age', 'integer', 32, 0, true],
      ['hour_cost', 'numeric', 14, 2, true],
      ['score', 'numeric', 8, 3, true],
      ['birthday', 'date', null, null, true],
      ['hired_at', 'timestamp without time zone', null, null, true],
      ['on_duty', 'time without time zone', null, null, true],
      ['active', 'boolean', null, null, false],
      ['status', 'character varying', 1, null, true],
      ['create_by', 'character varying', 50, null, true],
      ['create_time', 'timestamp without time zone', null, null, false],
      ['update_by', 'character varying', 50, null, true],
      ['update_time', 'timestamp without time zone', null, null, true],
      ['sys_org_code', 'character varying', 64, null, true],
      ['tenant_id', 'integer', 32, 0, false],
    ]);
    expect(state?.indexes.map((i) => [i.name, i.unique, i.primary, i.columns])).toEqual([
      ['ddl_expert_code_key', true, false, ['code']],
      ['ddl_expert_name_age_idx', false, false, ['name', 'age']],
      ['ddl_expert_pkey', true, true, ['id']],
      ['ddl_expert_tenant_id_create_time_idx', false, false, ['tenant_id', 'create_time']],
    ]);

    // The defaults are real: a row with only the required values gets them.
    await sql`INSERT INTO ddl_expert (id, name, code) VALUES ('e1', '张三', 'E001')`.execute(db);
    const [row] = await rows(db, sql<Record<string, unknown>>`SELECT * FROM ddl_expert WHERE id = 'e1'`);
    expect(row).toMatchObject({ hour_cost: '0.00', on_duty: '09:00:00', active: true, status: '1', tenant_id: 0, resume: null });
    expect(String(row.create_time)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The primary key and the unique field hold.
    await expect(sql`INSERT INTO ddl_expert (id, name, code) VALUES ('e1', '李四', 'E002')`.execute(db)).rejects.toThrow(/duplicate key/);
    await expect(sql`INSERT INTO ddl_expert (id, name, code) VALUES ('e2', '李四', 'E001')`.execute(db)).rejects.toThrow(/ddl_expert_code_key/);
    await expect(sql`INSERT INTO ddl_expert (id, code) VALUES ('e3', 'E003')`.execute(db)).rejects.toThrow(/null value in column "name"/);

    const recorded = await migrations(db, 'ddl_expert');
    expect(recorded).toHaveLength(1);
    expect(recorded[0].schema_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(recorded[0].steps.map((s) => s.op)).toEqual(['createTable', 'createIndex', 'createIndex', 'createIndex']);
    expect(recorded[0].steps[0].sql).toMatch(/^CREATE TABLE "ddl_expert" \("id" varchar\(32\) PRIMARY KEY, "name" varchar\(50\) NOT NULL/);
  });

  it('does nothing and records nothing when run again with the same schema', async () => {
    const before = await migrations(db);
    const report = await applyEntityTables(db, [expert]);
    expect(report.tables).toEqual([{ table: 'ddl_expert', action: 'unchanged', steps: [], kept: [], notes: [] }]);
    expect(await migrations(db)).toEqual(before);
  });

  it('adds new fields to a table with rows: rows kept, a required field with a default fills them', async () => {
    const table: EntityTable = { table: 'ddl_fee', fields: [{ column: 'title', kind: 'string', length: 50, required: true }] };
    await applyEntityTables(db, [table]);
    await sql`INSERT INTO ddl_fee (id, title) VALUES ('f1', '差旅费'), ('f2', '鉴定费')`.execute(db);

    const grown: EntityTable = {
      ...table,
      fields: [
        ...table.fields,
        { column: 'fee_type', kind: 'string', length: 2, required: true, defaultValue: '01' },
        { column: 'amount', kind: 'money', required: true, defaultValue: 0 },
        { column: 'mobile', kind: 'string', length: 11, required: true },
        { column: 'invoice_no', kind: 'string', length: 30, unique: true },
        { column: 'remark', kind: 'text' },
      ],
    };
    const report = await applyEntityTables(db, [grown]);
    expect(report.tables[0].action).toBe('altered');
    expect(report.tables[0].steps.map((s) => s.op)).toEqual(['addColumn', 'addColumn', 'addColumn', 'addColumn', 'addColumn', 'createIndex']);
    expect(report.tables[0].notes).toEqual(['新增必填字段 mobile 没有默认值，已有数据无法填写，因此建为可空列']);

    expect(await rows(db, sql<Record<string, unknown>>`SELECT id, title, fee_type, amount, mobile, invoice_no, remark FROM ddl_fee ORDER BY id`)).toEqual([
      { id: 'f1', title: '差旅费', fee_type: '01', amount: '0.00', mobile: null, invoice_no: null, remark: null },
      { id: 'f2', title: '鉴定费', fee_type: '01', amount: '0.00', mobile: null, invoice_no: null, remark: null },
    ]);
    const state = await readTable(db, 'ddl_fee');
    expect(column(state, 'fee_type').nullable).toBe(false);
    expect(column(state, 'mobile').nullable).toBe(true);
    expect(state?.indexes.some((i) => i.name === 'ddl_fee_invoice_no_key' && i.unique)).toBe(true);
    expect(await migrations(db, 'ddl_fee')).toHaveLength(2);
  });

  it('widens a varchar from 50 to 100 and keeps the data', async () => {
    const long = '甲'.repeat(50);
    await sql`INSERT INTO ddl_fee (id, title) VALUES ('f3', ${long})`.execute(db);
    const current = await readTable(db, 'ddl_fee');
    const table: EntityTable = {
      table: 'ddl_fee',
      fields: [
        { column: 'title', kind: 'string', length: 100, required: true },
        { column: 'fee_type', kind: 'string', length: 2, required: true, defaultValue: '01' },
        { column: 'amount', kind: 'money', required: true, defaultValue: 0 },
        { column: 'mobile', kind: 'string', length: 11, required: true },
        { column: 'invoice_no', kind: 'string', length: 30, unique: true },
        { column: 'remark', kind: 'text' },
      ],
    };
    const report = await applyEntityTables(db, [table]);
    expect(report.tables[0].steps).toEqual([
      { op: 'widenColumn', table: 'ddl_fee', column: 'title', from: 'varchar(50)', to: { base: 'varchar', length: 100 } },
    ]);
    expect(column(await readTable(db, 'ddl_fee'), 'title').charLength).toBe(100);
    expect(column(current, 'title').charLength).toBe(50);
    expect(await rows(db, sql<{ id: string; title: string }>`SELECT id, title FROM ddl_fee ORDER BY id`)).toEqual([
      { id: 'f1', title: '差旅费' },
      { id: 'f2', title: '鉴定费' },
      { id: 'f3', title: long },
    ]);
    await sql`INSERT INTO ddl_fee (id, title) VALUES ('f4', ${'乙'.repeat(100)})`.execute(db);
  });

  it('refuses a narrowing or incompatible change and applies nothing, not even earlier tables of the run', async () => {
    const before = await migrations(db);
    const newTable: EntityTable = { table: 'ddl_currency', fields: [{ column: 'name', kind: 'string', length: 20 }] };
    const narrowed: EntityTable = { table: 'ddl_expert', fields: expert.fields.map((f) => (f.column === 'name' ? { ...f, length: 20 } : f)) };
    const err = await refused(applyEntityTables(db, [newTable, narrowed]));
    expect(err).toMatchObject({ table: 'ddl_expert', column: 'name', from: 'varchar(50)', to: 'varchar(20)' });
    expect(err.message).toContain('表 ddl_expert 的字段 name 不能从 varchar(50) 改为 varchar(20)');

    const retyped: EntityTable = { table: 'ddl_expert', fields: expert.fields.map((f) => (f.column === 'resume' ? { column: 'resume', kind: 'integer' } : f)) };
    const err2 = await refused(applyEntityTables(db, [newTable, retyped]));
    expect(err2).toMatchObject({ table: 'ddl_expert', column: 'resume', from: 'text', to: 'integer' });

    expect(await readTable(db, 'ddl_currency')).toBeUndefined();
    expect(column(await readTable(db, 'ddl_expert'), 'name').charLength).toBe(50);
    expect(column(await readTable(db, 'ddl_expert'), 'resume').dataType).toBe('text');
    expect(await migrations(db)).toEqual(before);
  });

  it('rolls back the whole run when the database refuses a step (a unique index over duplicate rows)', async () => {
    await sql`INSERT INTO ddl_expert (id, name, code) VALUES ('e2', '张三', 'E002')`.execute(db);
    const before = await migrations(db);
    const newTable: EntityTable = { table: 'ddl_currency', fields: [{ column: 'name', kind: 'string', length: 20 }] };
    const uniqueName: EntityTable = {
      ...expert,
      fields: [...expert.fields.map((f) => (f.column === 'name' ? { ...f, unique: true } : f)), { column: 'email', kind: 'string', length: 45 }],
    };
    const err = await refused(applyEntityTables(db, [newTable, uniqueName]));
    expect(err.table).toBe('ddl_expert');
    expect(err.message).toContain('表 ddl_expert 变更失败，本次所有变更已回滚。执行 CREATE UNIQUE INDEX "ddl_expert_name_key" ON "ddl_expert" ("name") 时出错');
    expect(await readTable(db, 'ddl_currency')).toBeUndefined();
    const state = await readTable(db, 'ddl_expert');
    expect(state?.columns.some((c) => c.name === 'email')).toBe(false);
    expect(await migrations(db)).toEqual(before);
  });

  it('keeps the column and data of a removed field', async () => {
    const slimmer: EntityTable = { ...expert, fields: expert.fields.filter((f) => f.column !== 'resume' && f.column !== 'name'), indexes: [] };
    await sql`UPDATE ddl_expert SET resume = '从业十年' WHERE id = 'e1'`.execute(db);
    const report = await applyEntityTables(db, [slimmer]);
    expect(report.tables[0]).toMatchObject({ action: 'altered', kept: ['name', 'resume'], steps: [{ op: 'allowNull', column: 'name' }] });
    expect(await rows(db, sql<{ name: string; resume: string }>`SELECT name, resume FROM ddl_expert WHERE id = 'e1'`)).toEqual([
      { name: '张三', resume: '从业十年' },
    ]);
    // New rows no longer carry the removed required field, and the table takes them.
    await sql`INSERT INTO ddl_expert (id, code) VALUES ('e9', 'E009')`.execute(db);
    const again = await applyEntityTables(db, [slimmer]);
    expect(again.tables[0]).toMatchObject({ action: 'unchanged', steps: [], kept: ['name', 'resume'] });
  });

  it('refuses hostile names before touching the database', async () => {
    const before = await migrations(db);
    for (const table of ['x; drop table sys_user', 'DdlExpert', `t${'x'.repeat(63)}`]) {
      const err = await refused(applyEntityTables(db, [{ table, fields: [{ column: 'name', kind: 'text' }] }]));
      expect(err.message).toContain('不合法');
    }
    const err = await refused(applyEntityTables(db, [{ table: 'ddl_ok', fields: [{ column: 'a"; drop table sys_user; --', kind: 'text' }] }]));
    expect(err.message).toContain('表 ddl_ok 的字段名');
    expect(await readTable(db, 'ddl_ok')).toBeUndefined();
    expect((await rows(db, sql<{ n: number }>`SELECT count(*)::int AS n FROM sys_user`))[0].n).toBeGreaterThan(0);
    expect(await migrations(db)).toEqual(before);
  });

  it('stores a default that looks like SQL as plain text', async () => {
    const hostile = "x'); DROP TABLE sys_user; --";
    await applyEntityTables(db, [{ table: 'ddl_note', fields: [{ column: 'title', kind: 'string', defaultValue: hostile }] }]);
    await sql`INSERT INTO ddl_note (id) VALUES ('n1')`.execute(db);
    expect(await rows(db, sql<{ title: string }>`SELECT title FROM ddl_note`)).toEqual([{ title: hostile }]);
    expect((await rows(db, sql<{ n: number }>`SELECT count(*)::int AS n FROM sys_user`))[0].n).toBeGreaterThan(0);
    // Read back, the default matches what the schema says, so nothing is planned again.
    expect((await applyEntityTables(db, [{ table: 'ddl_note', fields: [{ column: 'title', kind: 'string', defaultValue: hostile }] }])).tables[0].action).toBe('unchanged');
  });

  it('previews against the live database what a run would do, changing nothing', async () => {
    const before = await migrations(db);
    const grown: EntityTable = { table: 'ddl_note', fields: [{ column: 'title', kind: 'string', length: 300, defaultValue: "x'); DROP TABLE sys_user; --" }] };
    const text = renderPlans(await planEntityTables(db, [grown, { table: 'ddl_unit', fields: [{ column: 'name', kind: 'string', length: 20 }] }]));
    expect(text).toContain('-- ddl_note: 调整表\nALTER TABLE "ddl_note" ALTER COLUMN "title" TYPE varchar(300);');
    expect(text).toContain('-- ddl_unit: 新建表\nCREATE TABLE "ddl_unit" (');
    expect(column(await readTable(db, 'ddl_note'), 'title').charLength).toBe(255);
    expect(await readTable(db, 'ddl_unit')).toBeUndefined();
    expect(await migrations(db)).toEqual(before);
  });

  it('creates a tree table whose roots hang under \'0\'', async () => {
    const area: EntityTable = { table: 'ddl_area', fields: [{ column: 'name', kind: 'string', length: 100, required: true }], tree: { parentColumn: 'pid', hasChildColumn: 'has_child' } };
    await applyEntityTables(db, [area]);
    await sql`INSERT INTO ddl_area (id, name) VALUES ('86', '中国')`.execute(db);
    expect(await rows(db, sql`SELECT pid, has_child FROM ddl_area`)).toEqual([{ pid: '0', has_child: '0' }]);
    expect((await readTable(db, 'ddl_area'))?.indexes.map((i) => i.name)).toContain('ddl_area_pid_idx');
    expect((await applyEntityTables(db, [area])).tables[0].action).toBe('unchanged');
  });
});
