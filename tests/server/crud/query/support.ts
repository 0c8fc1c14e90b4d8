import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { translateListQuery, type EntityField, type EntityFields, type ListQueryOptions, type RawQuery } from '../../../../server/crud/query';

/** A claim-like entity with one field of every kind. */
export const CLAIM: EntityFields = new Map<string, EntityField>([
  ['id', { column: 'id', kind: 'string' }],
  ['caseNo', { column: 'case_no', kind: 'string' }],
  ['insuredName', { column: 'insured_name', kind: 'string', label: '被保险人' }],
  ['remark', { column: 'remark', kind: 'text', sortable: false }],
  ['age', { column: 'age', kind: 'integer', label: '年龄' }],
  ['amount', { column: 'amount', kind: 'money', label: '金额' }],
  ['ratio', { column: 'ratio', kind: 'number' }],
  ['lossDate', { column: 'loss_date', kind: 'date', label: '出险日期' }],
  ['createTime', { column: 'create_time', kind: 'datetime', label: '创建时间' }],
  ['reportClock', { column: 'report_clock', kind: 'time' }],
  ['closed', { column: 'closed', kind: 'boolean' }],
  ['tags', { column: 'tags', kind: 'string' }],
  ['status', { column: 'status', kind: 'string', dictText: true }],
  // A property named like a list parameter: never a filter.
  ['sort', { column: 'sort_no', kind: 'integer' }],
]);

interface ProbeDB {
  claim: Record<string, unknown>;
}

/** Compiles with Kysely's PostgreSQL compiler; nothing is executed. */
export const compiler = new Kysely<ProbeDB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export interface CompiledWhere {
  sql: string;
  parameters: readonly unknown[];
}

/** The WHERE of a request as SQL text and parameters; `undefined` when it filters nothing. */
export function whereOf(query: RawQuery, fields: EntityFields = CLAIM): CompiledWhere | undefined {
  const { where } = translateListQuery(fields, query);
  if (!where) return undefined;
  const compiled = sql`${where}`.compile(compiler);
  return { sql: compiled.sql, parameters: compiled.parameters };
}

/** The whole list statement, for sort and paging. */
export function selectOf(query: RawQuery, options?: ListQueryOptions, fields: EntityFields = CLAIM): CompiledWhere {
  const translated = translateListQuery(fields, query, options);
  let qb = compiler.selectFrom('claim').selectAll();
  if (translated.where) qb = qb.where(translated.where);
  for (const { column, direction } of translated.orderBy) qb = qb.orderBy(sql.ref(column), direction);
  const compiled = qb.limit(translated.page.pageSize).offset(translated.page.offset).compile();
  return { sql: compiled.sql, parameters: compiled.parameters };
}

/** `superQueryParams` as the web app sends it after Fastify's decoding: encodeURI of the JSON. */
export function superParam(conditions: unknown): string {
  return encodeURI(JSON.stringify(conditions));
}
