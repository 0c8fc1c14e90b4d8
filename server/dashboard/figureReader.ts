/**
 * Reads a dashboard figure over its list target (runtime/dashboard/target.ts) the way the list
 * reads its rows: the target becomes the list's own request parameters, translated by the list's
 * query translation; the rows are those of the request's tenant (and live, on a table keeping
 * deleted rows), passing the user's 数据规则 of the page's menus and the named view — the very
 * conditions GET <page>/list applies — so a figure is the total of the list it links to.
 * Only aggregates leave the database; every value is a bound parameter.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { targetListParams, type ListTarget } from '../../runtime/dashboard/target';
import type { Measure } from '../../runtime/dashboard/figures';
import { currentTenant, currentUser } from '../auth/guard';
import type { DB } from '../db/types';
import { translateListQuery } from '../crud/query';
import { bothConditions, dataRuleCondition } from '../crud/entity/dataRuleScope';
import { viewCondition } from '../crud/entity/viewFilter';
import type { EntityModel } from '../crud/entity/model';
import { dynamic, type EntityStore } from '../crud/entity/store';
import { DASHBOARD_READS, ReadLimit } from './concurrency';
import { CASE_TABLE, COST_TABLE, PROGRESS_TABLE, RECEIPT_TABLE } from './caseSummary';
import { namedBy, viewWays } from './namedCases';
import { ruleSplit, type RuleSplit } from './ruleSplit';
import {
  bothParts,
  CaseSummaryQueries,
  CostSummaryQueries,
  eitherOf,
  NAMED_CASE_SUMMARY,
  NAMED_CASES,
  ProgressSummaryQueries,
  ReceiptSummaryQueries,
  summaryOf,
  type AggregateQuery,
  type FigureQueries,
  type FigureSummary,
  type GroupsQuery,
  type SummaryRows,
} from './summaryReader';

export interface Aggregate {
  count: number;
  value: number;
}

/** A grouping of a target's rows: by a field's value, its month (a date field) or its first characters. */
export type Grouping = { field: string; by: 'value' } | { field: string; by: 'month' } | { field: string; by: 'prefix'; length: number };

export interface GroupAggregate extends Aggregate {
  key: string;
}

export interface FigurePages {
  model(page: string): EntityModel;
  store(page: string): EntityStore;
}

function columnOf(model: EntityModel, field: string): RawBuilder<unknown> {
  const f = model.queryFields.get(field);
  if (!f) throw new Error(`${model.page.source}: 没有字段 ${field}`);
  return sql`${sql.ref(`${model.table}.${f.column}`)}`;
}

function measureSql(model: EntityModel, measure: Measure, only?: Expression<SqlBool>): RawBuilder<string> {
  const filter = only ? sql` FILTER (WHERE ${only})` : sql``;
  if (measure.kind === 'count') return sql<string>`count(*)${filter}`;
  const field = sql`COALESCE(${columnOf(model, measure.field)}, 0)`;
  const value = measure.minus ? sql`${field} - COALESCE(${columnOf(model, measure.minus)}, 0)` : field;
  return sql<string>`COALESCE(sum(${value})${filter}, 0)`;
}

function groupSql(model: EntityModel, grouping: Grouping): RawBuilder<string> {
  const column = columnOf(model, grouping.field);
  if (grouping.by === 'month') return sql<string>`to_char(${column}, 'YYYY-MM')`;
  // A literal, not a parameter: GROUP BY must repeat the selected expression exactly.
  if (grouping.by === 'prefix') return sql<string>`left(CAST(${column} AS text), ${sql.lit(Math.trunc(grouping.length))})`;
  return sql<string>`CAST(${column} AS text)`;
}

/** Case figures over cases naming a user (`named`): from their summary, else (委托方, provinces) from their rows. */
function namedCaseQueries(tenant: number, model: EntityModel, named: SummaryRows): FigureQueries {
  return eitherOf(new CaseSummaryQueries(tenant, model, named, NAMED_CASE_SUMMARY), new CaseSummaryQueries(tenant, model, named, NAMED_CASES));
}

/** Figures of one request: its user's rules and tenant. */
export class FigureReader {
  private readonly limit = new ReadLimit(DASHBOARD_READS);
  private readonly splits = new Map<string, Promise<RuleSplit | undefined>>();

  constructor(
    private readonly request: FastifyRequest,
    private readonly db: Kysely<DB>,
    private readonly pages: FigurePages,
  ) {}

  /** The conditions the list puts on every row of the page (tenant, live rows, 数据规则); `ruled` when a data rule is among them. */
  private async baseOf(model: EntityModel, page: string): Promise<{ base: Expression<SqlBool> | undefined; ruled: boolean }> {
    const rules = await dataRuleCondition(this.request, this.db, model);
    return { base: bothConditions(this.pages.store(page).visibleCondition(currentTenant(this.request)), rules), ruled: rules !== undefined };
  }

  private async base(model: EntityModel, page: string): Promise<Expression<SqlBool> | undefined> {
    return (await this.baseOf(model, page)).base;
  }

  /** The summary's statements for the page's figures (its rows narrowed by `only`), or undefined when no summary keeps the page's table. */
  private summaryQueries(model: EntityModel, only: SummaryRows): FigureQueries | undefined {
    const tenant = currentTenant(this.request);
    if (model.table === CASE_TABLE) return new CaseSummaryQueries(tenant, model, only);
    if (model.table === PROGRESS_TABLE) return new ProgressSummaryQueries(tenant, only);
    if (model.table === COST_TABLE) return new CostSummaryQueries(tenant, model, only);
    // Invoices keep no case: the summary serves only a user without a rule on them.
    return model.table === RECEIPT_TABLE && !only ? new ReceiptSummaryQueries(tenant) : undefined;
  }

  /**
   * The summary for the page's figures: the summary alone when the list's conditions on its rows are
   * the tenant's alone (no 数据规则, none on the owner case either); under a rule that splits
   * (ruleSplit.ts), its department part from the summary plus the rest counted live, in one statement
   * a figure; undefined otherwise (every figure counted live).
   */
  async summary(page: string): Promise<FigureSummary | undefined> {
    const model = this.pages.model(page);
    if (!model.tenantScoped || model.softDeleted) return undefined;
    const { ruled } = await this.baseOf(model, page);
    if (!ruled) {
      const queries = this.summaryQueries(model, undefined);
      return queries && summaryOf(queries, this.db, this.limit);
    }
    const split = await this.split(model);
    if (!split) return undefined;
    const departs = this.summaryQueries(model, split.departs);
    if (!departs) return undefined;
    const visible = this.pages.store(page).visibleCondition(currentTenant(this.request));
    // The rest as rows naming the user (namedCases.ts): its figures are sums over those rows and their summaries.
    const rest = (split.named && this.namedQueries(model, split.named)) ?? this.liveQueries(model, bothConditions(visible, split.others));
    return summaryOf(bothParts(departs, rest), this.db, this.limit);
  }

  /** The statements over the cases naming the user (`named`: his rows, on any of the tables of 0044) for the page's figures, if kept. */
  private namedQueries(model: EntityModel, named: SummaryRows): FigureQueries | undefined {
    const tenant = currentTenant(this.request);
    if (model.table === CASE_TABLE) return namedCaseQueries(tenant, model, named);
    if (model.table === PROGRESS_TABLE) return new ProgressSummaryQueries(tenant, named, 'dash_named_progress_summary');
    return model.table === COST_TABLE ? new CostSummaryQueries(tenant, model, named, 'dash_named_cost_summary') : undefined;
  }

  /** The split of the user's rule on the page (read once per request and page). */
  private split(model: EntityModel): Promise<RuleSplit | undefined> {
    let made = this.splits.get(model.table);
    if (!made) {
      made = ruleSplit(this.db, this.request, model);
      this.splits.set(model.table, made);
    }
    return made;
  }

  /** Live statements over the page's rows passing `base`, narrowed by each target. */
  private liveQueries(model: EntityModel, base: Expression<SqlBool> | undefined): FigureQueries {
    return {
      aggregate: async (target, measure) => {
        let qb = dynamic(this.db)
          .selectFrom(model.table)
          .select([sql<string>`count(*)`.as('n'), measureSql(model, measure).as('v')]);
        const where = bothConditions(base, await this.narrowing(model, target));
        if (where) qb = qb.where(where);
        return sql<{ n: string; v: string }>`${qb}` as AggregateQuery;
      },
      groups: async (target, grouping) => {
        const key = groupSql(model, grouping);
        let qb = dynamic(this.db)
          .selectFrom(model.table)
          .select([key.as('k'), sql<string>`count(*)`.as('n')])
          .where(sql<SqlBool>`${columnOf(model, grouping.field)} IS NOT NULL`)
          .groupBy(key);
        const where = bothConditions(base, await this.narrowing(model, target));
        if (where) qb = qb.where(where);
        return sql<{ k: string; n: string }>`${qb}` as GroupsQuery;
      },
    };
  }

  /** The target's own conditions on top of the base: its view and its query. */
  private async narrowing(model: EntityModel, target: ListTarget): Promise<Expression<SqlBool> | undefined> {
    const raw = targetListParams(target, model.page.list.query.map((q) => ({ field: q.field.name, mode: q.mode })));
    const query = translateListQuery(model.queryFields, raw, model.listOptions);
    return bothConditions(await viewCondition(this.request, model, raw), query.where);
  }

  /** Every condition the list puts on the target's rows, as one. */
  private async where(target: ListTarget): Promise<{ model: EntityModel; where: Expression<SqlBool> | undefined }> {
    const model = this.pages.model(target.page);
    return { model, where: bothConditions(await this.base(model, target.page), await this.narrowing(model, target)) };
  }

  /**
   * Several figures over one page. Without a data rule each is its own statement (most are index
   * range counts: 本月新收, a state). Under a data rule, whose test (本部门 or 主办 or 协办 or 成员…)
   * no index answers, they share one pass over the rows: the base conditions once, each figure's
   * own (view, query) as a FILTER — a row is tested once, not once per figure
   * (bench/dashboard.bench.ts measured both ways).
   */
  async aggregateAll(page: string, items: ReadonlyArray<{ target: ListTarget; measure: Measure }>): Promise<Aggregate[]> {
    if (items.length === 0) return [];
    const model = this.pages.model(page);
    const { base, ruled } = await this.baseOf(model, page);
    const own = await Promise.all(items.map((item) => this.narrowing(model, item.target)));
    if (!ruled) return Promise.all(items.map((item, i) => this.aggregateOne(model, bothConditions(base, own[i]), item.measure)));
    const everyRow = own.some((c) => c === undefined);
    const selections = items.flatMap((item, i) => {
      const only = own[i];
      return [(only ? sql<string>`count(*) FILTER (WHERE ${only})` : sql<string>`count(*)`).as(`c${i}`), measureSql(model, item.measure, only).as(`v${i}`)];
    });
    let qb = dynamic(this.db).selectFrom(model.table).select(selections);
    const any = everyRow ? undefined : sql<SqlBool>`(${sql.join(own as Expression<SqlBool>[], sql` OR `)})`;
    const where = bothConditions(base, any);
    if (where) qb = qb.where(where);
    const row = (await this.limit.run(() => qb.executeTakeFirstOrThrow())) as Record<string, unknown>;
    return items.map((_, i) => ({ count: Number(row[`c${i}`]), value: Number(row[`v${i}`]) }));
  }

  /**
   * Several figures over one page, each its own statement whatever the rule: the figures a summary
   * leaves (我的案件, 协办 …: views an index answers, their few rows then tested against the rule) —
   * one pass over all rows would throw those indexes away.
   */
  async aggregateEach(page: string, items: ReadonlyArray<{ target: ListTarget; measure: Measure }>): Promise<Aggregate[]> {
    const model = this.pages.model(page);
    const { base, ruled } = await this.baseOf(model, page);
    const split = ruled ? await this.split(model) : undefined;
    const visible = this.pages.store(page).visibleCondition(currentTenant(this.request));
    return Promise.all(
      items.map(async (item) => {
        // A view inside the rule (我的案件 under 本部门 or 主办 or 成员): its rows need no test of the rule.
        const view = item.target.view ? model.page.views.find((v) => v.key === item.target.view) : undefined;
        const inside = !ruled || (view !== undefined && split?.covers(view.filter) === true);
        const named = inside && view ? await this.namedView(model, view.filter, item) : undefined;
        if (named) return named;
        const rows = view && split?.covers(view.filter) ? visible : base;
        return this.aggregateOne(model, bothConditions(rows, await this.narrowing(model, item.target)), item.measure);
      }),
    );
  }


  /**
   * A view whose filter names the user (我的案件: 主办 or 成员; 协办), the rule adding nothing to it:
   * counted from the user's rows of dash_case_name (namedCases.ts); undefined when it cannot say.
   */
  private async namedView(
    model: EntityModel,
    filter: Parameters<typeof viewWays>[2],
    item: { target: ListTarget; measure: Measure },
  ): Promise<Aggregate | undefined> {
    const ways = viewWays(model, this.request.server.pageModels, filter);
    if (ways === undefined) return undefined;
    const queries = namedCaseQueries(currentTenant(this.request), model, namedBy(currentUser(this.request).username, ways));
    return summaryOf(queries, this.db, this.limit).aggregate({ ...item.target, view: undefined }, item.measure);
  }

  private async aggregateOne(model: EntityModel, where: Expression<SqlBool> | undefined, measure: Measure): Promise<Aggregate> {
    let qb = dynamic(this.db)
      .selectFrom(model.table)
      .select([sql<string>`count(*)`.as('count'), measureSql(model, measure).as('value')]);
    if (where) qb = qb.where(where);
    const row = await this.limit.run(() => qb.executeTakeFirstOrThrow());
    return { count: Number(row.count), value: Number(row.value) };
  }

  /** The target's rows per group, most rows first (then by key); at most `limit` groups. */
  async groups(target: ListTarget, measure: Measure, grouping: Grouping, limit?: number): Promise<GroupAggregate[]> {
    const { model, where } = await this.where(target);
    const key = groupSql(model, grouping);
    let qb = dynamic(this.db)
      .selectFrom(model.table)
      .select([key.as('key'), sql<string>`count(*)`.as('count'), measureSql(model, measure).as('value')])
      .where(sql<SqlBool>`${columnOf(model, grouping.field)} IS NOT NULL`)
      .groupBy(key)
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(key);
    if (where) qb = qb.where(where);
    if (limit !== undefined) qb = qb.limit(limit);
    const rows = await this.limit.run(() => qb.execute());
    return rows.map((r) => ({ key: String(r.key), count: Number(r.count), value: Number(r.value) }));
  }
}
