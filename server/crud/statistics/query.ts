/**
 * The SQL of a report, built with Kysely's `sql` from the plan: every table and column comes from the
 * compiled pages (our own files, `sql.ref` / `sql.table`), every alias is made here, every value —
 * filter values, conditions' values, the session's — is a bound parameter. The rows are the source
 * page's rows the user may see exactly as its list shows them (tenant, deleted rows, the data rules of
 * every menu item of the page — the report's own included — and of the page owning them), through the
 * same code as the lists (dataRuleCondition, rowConditionSql, query/conditions).
 *
 * One statement per group level (the innermost first, bounded by maxGroups + 1 rows): level k groups by
 * the first k group expressions, so a 小计 or the 合计 counts each source row once even where a group
 * over a comma list counts a row under each of its values.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { CompiledField } from '../../../runtime/schema/compiledPageTypes';
import type { DB } from '../../db/types';
import { allOf, comparison, type Condition } from '../query/conditions';
import { parseValue } from '../query/values';
import type { EntityField } from '../query/types';
import { bothConditions, dataRuleCondition } from '../entity/dataRuleScope';
import { rowConditionSql, type ConditionScope } from '../entity/rowConditionSql';
import type { EntityService } from '../entity/service';
import type { FieldPlan, FilterPlan, GroupPlan, JoinPlan, MeasurePlan, ReportPlan } from './plan';

export type StatisticsParams = Readonly<Record<string, string | string[] | undefined>>;

export interface Asker {
  request: FastifyRequest;
  db: Kysely<DB>;
  tenantId: number;
  scope: ConditionScope;
}

/** A row of one level's statement: `g0…` the group values, `m0…` the raw figures. */
export type LevelRow = Record<string, unknown>;

const SOURCE = 'src';

function entityField(field: CompiledField, qualifier?: string): EntityField {
  return { column: qualifier ? `${qualifier}.${field.column}` : field.column, kind: field.type, label: field.label };
}

function single(params: StatisticsParams, name: string): string | undefined {
  const value = params[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text === undefined || text === '' ? undefined : text;
}

/** The rows of a page the user may see: tenant, live rows, data rules (columns unqualified: inside its own FROM). */
async function visible(service: EntityService, asker: Asker): Promise<Condition | undefined> {
  const rules = await dataRuleCondition(asker.request, asker.db, service.model);
  return bothConditions(service.store.visibleCondition(asker.tenantId), rules) as Condition | undefined;
}

/** One filter's condition on its page's own columns, from the request's parameters (none when not given). */
export function filterConditions(plan: FilterPlan, params: StatisticsParams): Condition[] {
  const { field, filter } = plan;
  const column = entityField(field);
  if (filter.period) {
    const parts: Condition[] = [];
    const begin = single(params, `${filter.param}_begin`);
    const end = single(params, `${filter.param}_end`);
    if (begin !== undefined) parts.push(comparison(column, 'ge', parseValue(begin, field.type, field.label, 'begin')));
    if (end !== undefined) parts.push(comparison(column, 'le', parseValue(end, field.type, field.label, 'end')));
    return parts;
  }
  const value = single(params, filter.param);
  if (value === undefined) return [];
  if (plan.commaList) return [sql<SqlBool>`${value} = ANY (string_to_array(${sql.ref(field.column)}, ','))`];
  return [comparison(column, 'eq', parseValue(value, field.type, field.label))];
}

function fieldColumn(plan: FieldPlan): RawBuilder<unknown> {
  return sql.ref(`${plan.join?.alias ?? SOURCE}.${plan.field.column}`);
}

/** The group's value expression; a comma list is read through its unnest alias. */
function groupExpression(plan: GroupPlan, index: number): RawBuilder<unknown> {
  const value = plan.commaList ? sql.ref(`u${index}.v`) : fieldColumn(plan);
  const { bucket, areaLevel } = plan.group;
  if (bucket === 'month') return sql`to_char(${value}, 'YYYY-MM')`;
  if (bucket === 'quarter') return sql`to_char(${value}, 'YYYY-"Q"Q')`;
  if (bucket === 'year') return sql`to_char(${value}, 'YYYY')`;
  if (areaLevel) return sql`CASE WHEN ${value} IS NULL OR ${value} = '' THEN NULL ELSE rpad(left(${value}, ${areaLevel * 2}), 6, '0') END`;
  // A blank value and no value are one group: （空）.
  return sql`NULLIF(CAST(${value} AS text), '')`;
}

function conditionsOn(service: EntityService, where: readonly import('../../../runtime/generated/page').RowCondition[], qualifier: string, asker: Asker): Condition | undefined {
  return allOf(where.map((c) => rowConditionSql(service.model, c, qualifier, asker.scope)));
}

function filtered(expression: RawBuilder<unknown>, condition: Condition | undefined): RawBuilder<unknown> {
  return condition ? sql`${expression} FILTER (WHERE ${condition})` : expression;
}

/** The raw figure of a measure at a level (ratios are computed from the others afterwards). */
function measureExpression(plan: MeasurePlan, index: number, report: ReportPlan, asker: Asker): RawBuilder<unknown> {
  const { measure } = plan;
  const join = plan.join;
  if (join && !join.toOne) {
    const alias = `m${index}`;
    if (measure.agg === 'count') return sql`COALESCE(SUM(${sql.ref(`${alias}.n`)}), 0)`;
    if (measure.agg === 'sum') return sql`COALESCE(SUM(${sql.ref(`${alias}.s`)}), 0)`;
    return sql`SUM(${sql.ref(`${alias}.s`)}) / NULLIF(SUM(${sql.ref(`${alias}.c`)}), 0)`;
  }
  const owner = join?.service ?? report.source;
  const qualifier = join?.alias ?? SOURCE;
  const condition = conditionsOn(owner, measure.where, qualifier, asker);
  if (measure.agg === 'count') {
    return join ? filtered(sql`COUNT(${sql.ref(`${join.alias}.id`)})`, condition) : filtered(sql`COUNT(*)`, condition);
  }
  const column = sql.ref(`${qualifier}.${plan.field?.column}`);
  if (measure.agg === 'avg') return filtered(sql`AVG(${column})`, condition);
  const value = measure.split !== undefined ? sql`${column} * ${sql.ref(`${SOURCE}.__share${index}`)}` : column;
  return sql`COALESCE(${filtered(sql`SUM(${value})`, condition)}, 0)`;
}

/** Each row's share of the joined row it links to (split), over the rows counted (after filters and rules). */
function shareExpression(plan: MeasurePlan, by: CompiledField): RawBuilder<unknown> {
  const partition = sql.ref(by.column);
  if (typeof plan.measure.split === 'object' && plan.weight) {
    const weight = sql`COALESCE(${sql.ref(plan.weight.column)}, 0)`;
    return sql`${weight} / NULLIF(SUM(${weight}) OVER (PARTITION BY ${partition}), 0)`;
  }
  return sql`1.0 / COUNT(*) OVER (PARTITION BY ${partition})`;
}

export interface PreparedReport {
  /** The statement of the level grouping by the first `depth` groups; `limit` bounds its rows. */
  level(depth: number, limit?: number): RawBuilder<LevelRow>;
}

/** Reads the request's filters and the user's rules once and prepares the statements of every level. */
export async function prepareReport(plan: ReportPlan, params: StatisticsParams, asker: Asker): Promise<PreparedReport> {
  const { source } = plan;
  const table = source.model.table;
  const own: Condition[] = [];
  const sourceRows = await visible(source, asker);
  if (sourceRows) own.push(sourceRows);
  for (const filter of plan.filters) {
    const parts = filterConditions(filter, params);
    if (parts.length === 0) continue;
    if (!filter.join) own.push(...parts);
    else {
      // A filter on the joined row: the source rows whose joined row (one the user may see) meets it.
      const joined = filter.join.service;
      const where = allOf([...(await visibleList(joined, asker)), ...parts]);
      own.push(sql<SqlBool>`${sql.ref(filter.join.field.column)} IN (SELECT ${sql.ref('id')} FROM ${sql.table(joined.model.table)}${where ? sql` WHERE ${where}` : sql``})`);
    }
  }
  const shares = plan.measures.flatMap((m, i) =>
    m.measure.split !== undefined && m.join ? [sql`, ${shareExpression(m, m.join.field)} AS ${sql.ref(`__share${i}`)}`] : [],
  );
  const baseWhere = allOf(own);
  const base = sql`SELECT ${sql.table(table)}.*${sql.join(shares, sql``)} FROM ${sql.table(table)}${baseWhere ? sql` WHERE ${baseWhere}` : sql``}`;

  // Joined rows the user may see, read once per request.
  const oneJoins = new Map<JoinPlan, RawBuilder<unknown>>();
  for (const join of plan.joins.values()) {
    if (!join.toOne) continue;
    const where = await visible(join.service, asker);
    oneJoins.set(
      join,
      sql` LEFT JOIN (SELECT * FROM ${sql.table(join.service.model.table)}${where ? sql` WHERE ${where}` : sql``}) AS ${sql.ref(join.alias)} ON ${sql.ref(`${join.alias}.id`)} = ${sql.ref(`${SOURCE}.${join.field.column}`)}`,
    );
  }
  const manyJoins: RawBuilder<unknown>[] = [];
  for (const [i, m] of plan.measures.entries()) {
    if (!m.join || m.join.toOne) continue;
    const joined = m.join.service;
    const where = allOf([...(await visibleList(joined, asker)), ...(m.measure.where.length > 0 ? [conditionsOn(joined, m.measure.where, joined.model.table, asker) as Condition] : [])]);
    const value = m.field ? sql.ref(m.field.column) : sql`NULL`;
    const link = sql.ref(m.join.field.column);
    manyJoins.push(
      sql` LEFT JOIN (SELECT ${link} AS k, COUNT(*) AS n, SUM(${value}) AS s, COUNT(${value}) AS c FROM ${sql.table(joined.model.table)}${where ? sql` WHERE ${where}` : sql``} GROUP BY ${link}) AS ${sql.ref(`m${i}`)} ON ${sql.ref(`m${i}.k`)} = ${sql.ref(`${SOURCE}.id`)}`,
    );
  }
  const measures = plan.measures.map((m, i) =>
    m.measure.agg === 'ratio' ? sql`NULL AS ${sql.ref(`m${i}`)}` : sql`${measureExpression(m, i, plan, asker)} AS ${sql.ref(`m${i}`)}`,
  );

  return {
    level(depth, limit) {
      const groups = plan.groups.slice(0, depth);
      const used = new Set<JoinPlan>([...groups.flatMap((g) => (g.join ? [g.join] : [])), ...plan.measures.flatMap((m) => (m.join?.toOne ? [m.join] : []))]);
      const joins = [...oneJoins].filter(([join]) => used.has(join)).map(([, text]) => text);
      const unnests = groups.flatMap((g, i) =>
        g.commaList ? [sql` LEFT JOIN LATERAL unnest(string_to_array(${fieldColumn(g)}, ',')) AS ${sql.ref(`u${i}`)}(v) ON TRUE`] : [],
      );
      const dims = groups.map((g, i) => sql`${groupExpression(g, i)} AS ${sql.ref(`g${i}`)}`);
      const select = sql.join([...dims, ...measures]);
      const groupBy = depth === 0 ? sql`` : sql` GROUP BY ${sql.join(groups.map((_, i) => sql.lit(i + 1)))}`;
      const bound = limit === undefined ? sql`` : sql` LIMIT ${limit}`;
      return sql<LevelRow>`SELECT ${select} FROM (${base}) AS ${sql.ref(SOURCE)}${sql.join(joins, sql``)}${sql.join(manyJoins, sql``)}${sql.join(unnests, sql``)}${groupBy}${bound}`;
    },
  };
}

async function visibleList(service: EntityService, asker: Asker): Promise<Condition[]> {
  const where = await visible(service, asker);
  return where ? [where] : [];
}
