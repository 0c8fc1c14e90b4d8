import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../../server/db/open';
import {
  applyEntityTables,
  planTable,
  readTable,
  renderPlans,
  type ColumnInfo,
  type ColumnSpec,
  type EntityTable,
  type Step,
} from '../../../../server/crud/ddl';
import { entityTableOf, listShapeOf, loadEntityPages } from '../../../../server/crud/pages';
import { entityModel } from '../../../../server/crud/entity/model';
import { DATABASE_KINDS, openTestDatabase } from '../../../support/database';

type Db = Kysely<unknown>;
type IndexStep = Extract<Step, { op: 'createIndex' }>;

/** A claims-like table: a list sorted by report date, a dictionary, a date range and two like fields. */
const claims: EntityTable = {
  table: 'ddl_claim',
  fields: [
    { column: 'claim_no', kind: 'string', length: 30 },
    { column: 'insured', kind: 'string', length: 100 },
    { column: 'status', kind: 'string', length: 2 },
    { column: 'report_date', kind: 'date' },
    { column: 'amount', kind: 'money' },
  ],
};
const list: EntityTable['list'] = {
  tenantScoped: true,
  sortColumn: 'report_date',
  sortable: ['insured', 'report_date'],
  query: [
    { column: 'insured', mode: 'like', text: true },
    { column: 'claim_no', mode: 'like', text: true },
    { column: 'status', mode: 'eq', text: true },
    { column: 'report_date', mode: 'range', text: false },
    { column: 'amount', mode: 'like', text: false },
  ],
};

const DATA_TYPES: Record<ColumnSpec['type']['base'], string> = {
  varchar: 'character varying',
  text: 'text',
  smallint: 'smallint',
  integer: 'integer',
  bigint: 'bigint',
  numeric: 'numeric',
  date: 'date',
  timestamp: 'timestamp without time zone',
  timestamptz: 'timestamp with time zone',
  time: 'time without time zone',
  boolean: 'boolean',
  other: 'other',
};

const indexSteps = (steps: readonly Step[]) => steps.filter((s): s is IndexStep => s.op === 'createIndex');

describe('list indexes derived from the page (plan)', () => {
  it('indexes the default sort with its id tie-break, sortable columns, eq and like fields, tenant first', () => {
    const plan = planTable(undefined, { ...claims, list });
    expect(indexSteps(plan.steps).map((s) => [s.name, s.columns, s.method ?? 'btree', s.concurrently === true])).toEqual([
      ['ddl_claim_tenant_id_create_time_idx', ['tenant_id', 'create_time'], 'btree', false],
      // The default sort; the range on report_date is its prefix and gets no index of its own.
      ['ddl_claim_tenant_id_report_date_id_idx', ['tenant_id', 'report_date', 'id'], 'btree', false],
      ['ddl_claim_tenant_id_insured_id_idx', ['tenant_id', 'insured', 'id'], 'btree', false],
      ['ddl_claim_insured_trgm_idx', ['insured'], 'trgm', false],
      // A like text of 1–2 characters has no trigram: the GIN index over the characters serves it.
      ['ddl_claim_insured_chars_idx', ['insured'], 'chars', false],
      ['ddl_claim_claim_no_trgm_idx', ['claim_no'], 'trgm', false],
      ['ddl_claim_claim_no_chars_idx', ['claim_no'], 'chars', false],
      // A dictionary filter followed by the default sort: a filtered first page is one index walk.
      ['ddl_claim_tenant_id_status_report_date_id_idx', ['tenant_id', 'status', 'report_date', 'id'], 'btree', false],
    ]);
    // A LIKE on a number matches its text form: no index can serve it, none is made.
    expect(renderPlans([plan])).toContain('CREATE INDEX "ddl_claim_insured_trgm_idx" ON "ddl_claim" USING gin ("insured" gin_trgm_ops)');
    expect(renderPlans([plan])).toContain('CREATE INDEX "ddl_claim_insured_chars_idx" ON "ddl_claim" USING gin (string_to_array("insured", NULL))');
  });

  it('leaves the tenant out on a table that is not tenant-scoped', () => {
    const plan = planTable(undefined, { ...claims, list: { ...list, tenantScoped: false, sortable: [], query: [] } });
    expect(indexSteps(plan.steps).map((s) => s.columns)).toContainEqual(['report_date', 'id']);
  });

  it('builds them concurrently on a table that exists, and not again once there', () => {
    const created = planTable(undefined, claims);
    const state = {
      columns: [],
      indexes: indexSteps(created.steps).map((s) => ({ name: s.name, unique: s.unique, primary: false, columns: s.columns })),
    };
    const createTable = created.steps[0];
    if (createTable.op !== 'createTable') throw new Error('no createTable');
    const info = (c: ColumnSpec): ColumnInfo => ({
      name: c.name,
      dataType: DATA_TYPES[c.type.base],
      charLength: c.type.base === 'varchar' ? c.type.length : null,
      numericPrecision: c.type.base === 'numeric' ? c.type.precision : null,
      numericScale: c.type.base === 'numeric' ? c.type.scale : null,
      nullable: !c.notNull,
      defaultExpr: null,
    });
    const current = { ...state, columns: createTable.columns.map(info) };
    const plan = planTable(current, { ...claims, list: { ...list, sortable: [], query: [] } });
    expect(indexSteps(plan.steps).map((s) => [s.name, s.concurrently])).toEqual([['ddl_claim_tenant_id_report_date_id_idx', true]]);
    expect(renderPlans([plan])).toContain('CREATE INDEX CONCURRENTLY IF NOT EXISTS "ddl_claim_tenant_id_report_date_id_idx"');
  });

  it('derives the expert page\'s indexes from its document', () => {
    const page = loadEntityPages().find((p) => p.entity.table === 'mnt_expert');
    if (!page) throw new Error('no expert page');
    const shape = listShapeOf(page);
    expect(shape).toMatchObject({ tenantScoped: true, sortColumn: 'create_time', sortable: ['expert_name', 'create_time'] });
    const names = indexSteps(planTable(undefined, entityTableOf(page)).steps).map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'mnt_expert_tenant_id_create_time_id_idx',
        'mnt_expert_tenant_id_expert_name_id_idx',
        'mnt_expert_expert_name_trgm_idx',
        'mnt_expert_expert_name_chars_idx',
        'mnt_expert_tenant_id_sex_create_time_id_idx',
      ]),
    );
    // The query layer asks the characters index of exactly the columns that get one.
    const fields = entityModel(page).queryFields;
    expect(fields.get('expertName')?.charIndex).toBe(true);
    expect(fields.get('sex')?.charIndex).toBeUndefined();
    // A system table keeps its migrations' indexes: nothing is assumed there.
    expect(entityModel(page, new Set(['expert_name'])).queryFields.get('expertName')?.charIndex).toBeUndefined();
  });
});

describe.each(DATABASE_KINDS)('list indexes applied (%s)', (kind) => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db as unknown as Db;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('adds them to a table with rows by CREATE INDEX CONCURRENTLY after the DDL, records them, then finds nothing to do', async () => {
    await applyEntityTables(db, [claims]);
    await sql`INSERT INTO ddl_claim (id, insured, claim_no, status, report_date) SELECT 'c' || g, '被保险人' || g, 'GA' || g, '1', date '2025-01-01' + g FROM generate_series(1, 50) g`.execute(db);
    const report = await applyEntityTables(db, [{ ...claims, list }]);
    expect(report.tables[0].notes).toEqual([]);
    const state = await readTable(db, 'ddl_claim');
    const trgm = state?.indexes.find((i) => i.name === 'ddl_claim_insured_trgm_idx');
    expect(trgm).toMatchObject({ method: 'gin', valid: true, columns: ['insured'] });
    // An expression index: introspection sees one column without a name.
    expect(state?.indexes.find((i) => i.name === 'ddl_claim_insured_chars_idx')).toMatchObject({ method: 'gin', valid: true, columns: [null] });
    expect(state?.indexes.find((i) => i.name === 'ddl_claim_tenant_id_status_report_date_id_idx')).toMatchObject({ method: 'btree', valid: true });
    const recorded = await sql<{ steps: { sql: string }[] }>`SELECT steps FROM lossdesk_entity_migration WHERE table_name = 'ddl_claim' ORDER BY id`.execute(db);
    expect(recorded.rows.at(-1)?.steps.map((s) => s.sql)).toContain('CREATE INDEX CONCURRENTLY IF NOT EXISTS "ddl_claim_insured_trgm_idx" ON "ddl_claim" USING gin ("insured" gin_trgm_ops)');
    const again = await applyEntityTables(db, [{ ...claims, list }]);
    expect(again.tables[0].action).toBe('unchanged');
  });

  it('drops an index a concurrent build could not finish and says so; the next start builds it', async () => {
    const table: EntityTable = { table: 'ddl_claim_dup', fields: [{ column: 'code', kind: 'string', length: 10 }], indexes: [] };
    await applyEntityTables(db, [table]);
    await sql`INSERT INTO ddl_claim_dup (id, code) VALUES ('a', 'x'), ('b', 'x')`.execute(db);
    // A unique list index cannot be derived, so the failing build is provoked by a declared name
    // clash: an invalid leftover of the same name is what a failed CONCURRENTLY leaves behind.
    await sql`CREATE UNIQUE INDEX CONCURRENTLY ddl_claim_dup_code_trgm_idx ON ddl_claim_dup (code)`.execute(db).catch(() => undefined);
    const leftover = (await readTable(db, 'ddl_claim_dup'))?.indexes.find((i) => i.name === 'ddl_claim_dup_code_trgm_idx');
    expect(leftover?.valid).toBe(false);
    const withList: EntityTable = { ...table, list: { tenantScoped: false, sortColumn: 'create_time', sortable: [], query: [{ column: 'code', mode: 'like', text: true }] } };
    await applyEntityTables(db, [withList]);
    const rebuilt = (await readTable(db, 'ddl_claim_dup'))?.indexes.find((i) => i.name === 'ddl_claim_dup_code_trgm_idx');
    expect(rebuilt).toMatchObject({ valid: true, method: 'gin', unique: false });
  });
});
