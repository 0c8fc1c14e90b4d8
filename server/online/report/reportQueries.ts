/**
 * What the report API reads from a guarded SQL: its result columns (names and types, the SQL run with
 * LIMIT 0), and a filtered, sorted page with the count and the totals. The SQL is always a subquery
 * `(…) AS t`; conditions, sort and paging come from the generic query translation over the report's
 * fields, so every column name is one of the SQL's own columns and every value is bound.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { BusinessError } from '../../http/envelope';
import type { EntityField, EntityFields, FieldKind, ListQuery, RawQuery } from '../../crud/query';
import { translateListQuery } from '../../crud/query';
import type { ReportFieldType, ReportItem } from './reportModel';
import { FIELD_NAME } from './reportInput';
import { boundSql, type ParamValues, type Row, type RunQuery } from './reportRunner';
import type { GuardedSql } from './reportSql';

export interface ReportColumn {
  fieldName: string;
  fieldType: ReportFieldType;
}

/** PostgreSQL's type names (pg_typeof) as JeecgBoot's field types. */
export function fieldTypeOfPg(typeName: string): ReportFieldType {
  switch (typeName) {
    case 'boolean':
      return 'Boolean';
    case 'smallint':
    case 'integer':
    case 'bigint':
      return 'Integer';
    case 'real':
    case 'double precision':
      return 'Double';
    case 'numeric':
    case 'money':
      return 'BigDecimal';
    case 'date':
      return 'Date';
    case 'timestamp without time zone':
    case 'timestamp with time zone':
      return 'Datetime';
    default:
      return 'String';
  }
}

const KIND_OF: Readonly<Record<ReportFieldType, FieldKind>> = {
  String: 'string',
  Integer: 'integer',
  Double: 'number',
  BigDecimal: 'number',
  Date: 'date',
  Datetime: 'datetime',
  Boolean: 'boolean',
};

/** A row of NULLs of the SQL's result: its columns without reading a row (LIMIT 0, left-joined). */
function nullRow(inner: RawBuilder<Row>, select: RawBuilder<unknown>): RawBuilder<Row> {
  return sql<Row>`SELECT ${select} FROM (SELECT 1) AS lossdesk_one LEFT JOIN LATERAL (SELECT * FROM (${inner}) AS q LIMIT 0) AS t ON true`;
}

/** The SQL's result columns in order, typed from PostgreSQL's own analysis of it (no row is read). */
export async function describeColumns(run: RunQuery, guarded: GuardedSql, values: ParamValues = {}): Promise<ReportColumn[]> {
  const inner = boundSql(guarded, values);
  const [row] = await run(nullRow(inner, sql`t.*`));
  const names = Object.keys(row ?? {});
  if (names.length === 0) throw new BusinessError('SQL 没有结果列');
  for (const name of names) {
    if (!FIELD_NAME.test(name)) throw new BusinessError(`结果列「${name}」的列名只能包含小写字母、数字和下划线，且不以数字开头：请在 SQL 中用 AS 起别名`);
  }
  const typesSelect = sql.join(names.map((name, i) => sql`pg_typeof(t.${sql.id(name)})::text AS ${sql.id(`c${i}`)}`));
  let typed: Row | undefined;
  try {
    [typed] = await run(nullRow(inner, typesSelect));
  } catch (err) {
    const match = /column reference "([^"]+)" is ambiguous/.exec(String((err as Error).message));
    if (match) throw new BusinessError(`SQL 结果中有重复的列名 ${match[1]}，请用 AS 起别名`);
    throw err;
  }
  return names.map((fieldName, i) => ({ fieldName, fieldType: fieldTypeOfPg(String(typed?.[`c${i}`] ?? '')) }));
}

/** The report's fields for the generic query translation: sortable when isOrder, queried when isSearch. */
export function reportFields(items: readonly ReportItem[]): EntityFields {
  return new Map(
    items.map((item): [string, EntityField] => [
      item.fieldName,
      { column: item.fieldName, kind: KIND_OF[item.fieldType], sortable: item.isOrder === 1, label: item.fieldTxt },
    ]),
  );
}

const CONTROL_NAMES = ['pageNo', 'pageSize', 'column', 'order'] as const;

/**
 * A getData request as a ListQuery: only the query items' own names (`<f>`, or `<f>_begin` and
 * `<f>_end` for a range) filter, only isOrder columns sort; everything else is dropped.
 */
export function translateReportRequest(items: readonly ReportItem[], raw: RawQuery): ListQuery {
  const picked: Record<string, string | string[] | undefined> = {};
  const names: string[] = [...CONTROL_NAMES];
  for (const item of items) {
    if (item.isSearch !== 1) continue;
    if (item.searchMode === 'group') names.push(`${item.fieldName}_begin`, `${item.fieldName}_end`);
    else names.push(item.fieldName);
  }
  for (const name of names) if (Object.hasOwn(raw, name)) picked[name] = raw[name];
  return translateListQuery(reportFields(items), picked, { defaultSort: [], tieBreaker: null });
}

function whereOf(where: Expression<SqlBool> | undefined): RawBuilder<unknown> {
  return where ? sql`WHERE ${where}` : sql``;
}

function orderOf(query: ListQuery): RawBuilder<unknown> {
  if (query.orderBy.length === 0) return sql``;
  return sql`ORDER BY ${sql.join(query.orderBy.map(({ column, direction }) => sql`${sql.ref(column)} ${sql.raw(direction === 'asc' ? 'ASC' : 'DESC')} NULLS LAST`))}`;
}

export interface ReportPage {
  records: Row[];
  total: number;
  totals?: Record<string, unknown>;
}

/** One page of the filtered, sorted result with the count and the sums of the isTotal items. */
export async function readPage(run: RunQuery, guarded: GuardedSql, values: ParamValues, items: readonly ReportItem[], query: ListQuery): Promise<ReportPage> {
  const inner = boundSql(guarded, values);
  const summed = items.filter((item) => item.isTotal === 1);
  const sums = summed.map((item, i) => sql`sum(t.${sql.id(item.fieldName)}) AS ${sql.id(`s${i}`)}`);
  const [counted] = await run(
    sql<Row>`SELECT ${sql.join([sql`count(*) AS lossdesk_total`, ...sums])} FROM (${inner}) AS t ${whereOf(query.where)}`,
  );
  const records = await run(
    sql<Row>`SELECT t.* FROM (${inner}) AS t ${whereOf(query.where)} ${orderOf(query)} LIMIT ${query.page.pageSize} OFFSET ${query.page.offset}`,
  );
  const total = Number(counted?.lossdesk_total ?? 0);
  if (summed.length === 0) return { records, total };
  const totals: Record<string, unknown> = {};
  summed.forEach((item, i) => {
    totals[item.fieldName] = counted?.[`s${i}`] ?? null;
  });
  return { records, total, totals };
}

/** Every row of the filtered, sorted result, at most `cap`; BusinessError past it. */
export async function readAll(run: RunQuery, guarded: GuardedSql, values: ParamValues, query: ListQuery, cap: number): Promise<Row[]> {
  const inner = boundSql(guarded, values);
  const rows = await run(sql<Row>`SELECT t.* FROM (${inner}) AS t ${whereOf(query.where)} ${orderOf(query)} LIMIT ${cap + 1}`);
  if (rows.length > cap) throw new BusinessError(`导出的数据超过 ${cap} 行，请缩小查询范围后再导出`);
  return rows;
}
