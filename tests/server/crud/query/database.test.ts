import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyListFilter, applyListQuery, translateListQuery, type EntityField, type RawQuery } from '../../../../server/crud/query';
import type { Database } from '../../../../server/db/open';
import type { DB } from '../../../../server/db/types';
import { DATABASE_KINDS, openTestDatabase } from '../../../support/database';
import { superParam } from './support';

interface ProbeRow {
  id: string;
  case_no: string | null;
  insured_name: string | null;
  remark: string | null;
  age: number | null;
  amount: string | null;
  loss_date: string | null;
  create_time: string | null;
  report_clock: string | null;
  closed: boolean | null;
  tags: string | null;
}

const PROBE = new Map<string, EntityField>([
  ['id', { column: 'id', kind: 'string' }],
  ['caseNo', { column: 'case_no', kind: 'string' }],
  ['insuredName', { column: 'insured_name', kind: 'string' }],
  ['remark', { column: 'remark', kind: 'text' }],
  ['age', { column: 'age', kind: 'integer' }],
  ['amount', { column: 'amount', kind: 'money' }],
  ['lossDate', { column: 'loss_date', kind: 'date' }],
  ['createTime', { column: 'create_time', kind: 'datetime' }],
  ['reportClock', { column: 'report_clock', kind: 'time' }],
  ['closed', { column: 'closed', kind: 'boolean' }],
  ['tags', { column: 'tags', kind: 'string' }],
]);

const row = (r: Partial<ProbeRow> & { id: string }): ProbeRow => ({
  case_no: null,
  insured_name: null,
  remark: null,
  age: null,
  amount: null,
  loss_date: null,
  create_time: null,
  report_clock: null,
  closed: null,
  tags: null,
  ...r,
});

const ROWS: ProbeRow[] = [
  row({ id: 'p1', case_no: 'A001', insured_name: '张三', remark: 'pipe 50% leak', age: 30, amount: '100.50', loss_date: '2024-01-01', create_time: '2024-01-01 00:00:00', report_clock: '09:00:00', closed: false, tags: '1,3' }),
  row({ id: 'p2', case_no: 'A002', insured_name: '张三丰', remark: 'pipe_a leak', age: 45, amount: '2000.00', loss_date: '2024-01-15', create_time: '2024-01-31 23:59:59.5', report_clock: '10:30:00', closed: true, tags: '2' }),
  row({ id: 'p3', case_no: 'A010', insured_name: '李四', remark: 'pipeXa', age: 18, amount: '0.00', loss_date: '2024-01-31', create_time: '2024-02-01 00:00:00', report_clock: '23:59:00', closed: false, tags: '3,4' }),
  row({ id: 'p4', case_no: 'B001', insured_name: '王五', remark: 'back\\slash', age: 60, amount: '99999.99', loss_date: '2024-02-29', create_time: '2023-12-31 23:59:59', tags: '5' }),
  row({ id: 'p5', case_no: 'A*1', insured_name: '赵六', remark: '50 percent', create_time: '2024-01-15 12:00:00' }),
  row({ id: 'p6', case_no: 'a,b', insured_name: "O'Brien", create_time: '2024-01-10 08:00:00' }),
  row({ id: 'p7', case_no: '*', create_time: '2024-01-05 08:00:00' }),
  row({ id: 'p8', case_no: 'A%1', create_time: '2024-01-06 08:00:00' }),
];

describe.each(DATABASE_KINDS)('list queries on %s', (kind) => {
  let database: Database;
  let db: Kysely<DB & { query_probe: ProbeRow }>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db.withTables<{ query_probe: ProbeRow }>();
    await sql`CREATE TABLE query_probe (
      id varchar(32) PRIMARY KEY,
      case_no varchar(50),
      insured_name varchar(100),
      remark text,
      age integer,
      amount numeric(12, 2),
      loss_date date,
      create_time timestamp,
      report_clock time,
      closed boolean,
      tags varchar(100)
    )`.execute(db);
    await db.insertInto('query_probe').values(ROWS).execute();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** The ids a list request returns, in the order it returns them. */
  async function listed(query: RawQuery): Promise<string[]> {
    const translated = translateListQuery(PROBE, { pageSize: '100', ...query });
    const rows = await applyListQuery(db.selectFrom('query_probe').select('id'), translated).execute();
    return rows.map((r) => r.id);
  }

  /** The ids matching a filter, sorted. */
  async function matching(query: RawQuery): Promise<string[]> {
    return (await listed(query)).sort();
  }

  it('tells LIKE from exact matches on string fields', async () => {
    expect(await matching({ caseNo: 'A001' })).toEqual(['p1']);
    expect(await matching({ caseNo: '*A0*' })).toEqual(['p1', 'p2', 'p3']);
    expect(await matching({ caseNo: '*01' })).toEqual(['p1', 'p4']);
    expect(await matching({ caseNo: 'A0*' })).toEqual(['p1', 'p2', 'p3']);
    expect(await matching({ caseNo: 'A0' })).toEqual([]);
    expect(await matching({ insuredName: '张三' })).toEqual(['p1']);
    expect(await matching({ insuredName: '*张三*' })).toEqual(['p1', 'p2']);
    expect(await matching({ caseNo: '*' })).toEqual(['p7']);
    expect(await matching({ caseNo: 'A*1' })).toEqual(['p5']);
    expect(await matching({ caseNo: 'a++b' })).toEqual(['p6']);
  });

  it('finds with the index over the characters exactly what a short LIKE finds', async () => {
    // The list index derived for a like query field (ddl/listIndexes.ts), read when the planner may not scan.
    await sql`CREATE INDEX IF NOT EXISTS query_probe_chars_idx ON query_probe USING gin (string_to_array(insured_name, NULL))`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS query_probe_remark_chars_idx ON query_probe USING gin (string_to_array(remark, NULL))`.execute(db);
    const indexed = new Map(
      [...PROBE].map(([name, field]) => [name, name === 'insuredName' || name === 'remark' ? { ...field, charIndex: true } : field] as const),
    );
    const texts = ['*张*', '*三*', '张*', '*丰', '*张三*', '*三张*', '*王五*', '*%*', '*_*', '*\\*', '*5*', '*50*', '*e*', '*ak*', "*'*", '*O*'];
    for (const value of texts) {
      for (const field of ['insuredName', 'remark']) {
        const plain = await matching({ [field]: value });
        const translated = translateListQuery(indexed, { pageSize: '100', [field]: value });
        const through = await db.transaction().execute(async (trx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(trx);
          const rows = await applyListQuery(trx.selectFrom('query_probe').select('id'), translated).execute();
          return rows.map((r) => r.id).sort();
        });
        expect(through, `${field}=${value}`).toEqual(plain);
      }
    }
    expect(await matching({ insuredName: '*张*' })).toEqual(['p1', 'p2']);
    const { rows } = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const where = translateListQuery(indexed, { insuredName: '*张*' }).where;
      return sql<{ plan: string }>`EXPLAIN SELECT id FROM query_probe WHERE ${where}`.execute(trx);
    });
    expect(rows.map((r) => Object.values(r)[0]).join('\n')).toContain('query_probe_chars_idx');
  });

  it('answers not-equal and IN', async () => {
    expect(await matching({ caseNo: '!A001' })).toEqual(['p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']);
    expect(await matching({ caseNo: 'A001,B001' })).toEqual(['p1', 'p4']);
    expect(await matching({ caseNo: 'in A002,A010' })).toEqual(['p2', 'p3']);
    expect(await matching({ caseNo_MultiString: 'A001,A*1' })).toEqual(['p1', 'p5']);
    expect(await matching({ age: '18,60' })).toEqual(['p3', 'p4']);
    expect(await matching({ age: '!= 30' })).toEqual(['p2', 'p3', 'p4']);
  });

  it('treats % _ and \\ in LIKE text as themselves', async () => {
    expect(await matching({ remark: '*50%*' })).toEqual(['p1']);
    expect(await matching({ remark: '*e_a*' })).toEqual(['p2']);
    expect(await matching({ remark: '*k\\s*' })).toEqual(['p4']);
    expect(await matching({ caseNo: '*%*' })).toEqual(['p8']);
    expect(await matching({ caseNo: 'A%*' })).toEqual(['p8']);
    expect(await matching({ caseNo: '*_*' })).toEqual([]);
  });

  it('matches comma-wrapped multi-select values item by item', async () => {
    expect(await matching({ tags: ',3,' })).toEqual(['p1', 'p3']);
    expect(await matching({ tags: ',1,5,' })).toEqual(['p1', 'p4']);
  });

  it('applies ranges and spaced operators by type', async () => {
    expect(await matching({ age: 'ge 30' })).toEqual(['p1', 'p2', 'p4']);
    expect(await matching({ age: '> 30' })).toEqual(['p2', 'p4']);
    expect(await matching({ age_begin: '18', age_end: '45' })).toEqual(['p1', 'p2', 'p3']);
    expect(await matching({ amount: 'gt 100.5' })).toEqual(['p2', 'p4']);
    expect(await matching({ amount: '100.5' })).toEqual(['p1']);
    expect(await matching({ amount_begin: '0', amount_end: '100.50' })).toEqual(['p1', 'p3']);
    expect(await matching({ lossDate_begin: '2024-01-01', lossDate_end: '2024-01-31' })).toEqual(['p1', 'p2', 'p3']);
    expect(await matching({ lossDate: '2024-02-29' })).toEqual(['p4']);
    expect(await matching({ reportClock_begin: '10:00' })).toEqual(['p2', 'p3']);
    expect(await matching({ closed: 'true' })).toEqual(['p2']);
    expect(await matching({ closed: 'false' })).toEqual(['p1', 'p3']);
  });

  it('includes the whole last day of a datetime range (the 23:59:59 rule), to the microsecond', async () => {
    expect(await matching({ createTime_begin: '2024-01-01', createTime_end: '2024-01-31' })).toEqual(['p1', 'p2', 'p5', 'p6', 'p7', 'p8']);
    expect(await matching({ createTime_end: '2023-12-31' })).toEqual(['p4']);
    expect(await matching({ createTime: '2024-01-31 23:59:59' })).toEqual(['p2']);
    expect(await matching({ createTime: 'le 2024-01-01 00:00:00' })).toEqual(['p1', 'p4']);
    expect(await matching({ createTime: 'gt 2024-01-31 23:59:59' })).toEqual(['p3']);
  });

  it('runs the super query joined by AND or by OR, inside the plain conditions', async () => {
    const conditions = [
      { field: 'caseNo', rule: 'right_like', val: 'A0' },
      { field: 'age', rule: 'ge', val: '30', dbType: 'int' },
    ];
    expect(await matching({ superQueryParams: superParam(conditions) })).toEqual(['p1', 'p2']);
    expect(await matching({ superQueryParams: superParam(conditions), superQueryMatchType: 'or' })).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(
      await matching({
        closed: 'false',
        superQueryMatchType: 'or',
        superQueryParams: superParam([
          { field: 'caseNo', rule: 'eq', val: 'A001' },
          { field: 'caseNo', rule: 'eq', val: 'A010' },
          { field: 'caseNo', rule: 'eq', val: 'A002' },
        ]),
      }),
    ).toEqual(['p1', 'p3']);
    expect(await matching({ superQueryParams: superParam([{ field: 'insuredName', rule: 'left_like', val: '三丰' }]) })).toEqual(['p2']);
    expect(await matching({ superQueryParams: superParam([{ field: 'age', rule: 'in', val: ['18', '45'] }]) })).toEqual(['p2', 'p3']);
    expect(await matching({ superQueryParams: superParam([{ field: 'age', rule: 'like', val: '4' }]) })).toEqual(['p2']);
    expect(
      await matching({ superQueryParams: superParam([{ field: 'createTime', rule: 'lt', val: '2024-01-01', type: 'date' }]) }),
    ).toEqual(['p4']);
    expect(await matching({ superQueryParams: superParam([{ field: 'remark', rule: 'like', val: '50%' }]) })).toEqual(['p1']);
  });

  it('sorts ascending and descending, by lists, with createTime desc by default, and pages', async () => {
    expect(await listed({ age_begin: '0', column: 'age', order: 'asc' })).toEqual(['p3', 'p1', 'p2', 'p4']);
    expect(await listed({ age_begin: '0', column: 'age', order: 'desc' })).toEqual(['p4', 'p2', 'p1', 'p3']);
    expect(await listed({})).toEqual(['p3', 'p2', 'p5', 'p6', 'p8', 'p7', 'p1', 'p4']);
    expect(await listed({ caseNo: 'A0*', column: 'insuredName_dictText', order: 'ascend' })).toEqual(
      await listed({ caseNo: 'A0*', column: 'insuredName', order: 'asc' }),
    );
    expect(await listed({ caseNo: 'A001,A002,A010', column: 'closed,caseNo', order: 'desc' })).toEqual(['p2', 'p3', 'p1']);
    expect(await listed({ pageNo: '2', pageSize: '3' })).toEqual(['p6', 'p8', 'p7']);
    expect(await listed({ pageNo: '3', pageSize: '3' })).toEqual(['p1', 'p4']);
    expect(await listed({ pageNo: '9', pageSize: '3' })).toEqual([]);
  });

  it('counts with the same filter as the page', async () => {
    const translated = translateListQuery(PROBE, { caseNo: '*A0*', pageSize: '1' });
    const { total } = await applyListFilter(
      db.selectFrom('query_probe').select((eb) => eb.fn.countAll<number>().as('total')),
      translated,
    ).executeTakeFirstOrThrow();
    expect(Number(total)).toBe(3);
    expect(await listed({ caseNo: '*A0*', pageSize: '1' })).toHaveLength(1);
  });

  it('keeps hostile values as data: no rows, no harm', async () => {
    expect(await matching({ caseNo: "1' OR '1'='1" })).toEqual([]);
    expect(await matching({ caseNo: "*'; DROP TABLE query_probe; --*" })).toEqual([]);
    expect(await matching({ insuredName: "O'Brien" })).toEqual(['p6']);
    expect(await matching({ insuredName: "*'Br*" })).toEqual(['p6']);
    expect(
      await matching({ superQueryParams: superParam([{ field: 'caseNo', rule: 'in', val: "x') OR ('1'='1,y" }]) }),
    ).toEqual([]);
    expect(await matching({ superQueryParams: superParam([{ field: 'age', rule: 'like', val: "1' OR 1=1 --" }]) })).toEqual([]);
    const { n } = await db.selectFrom('query_probe').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(ROWS.length);
  });
});
