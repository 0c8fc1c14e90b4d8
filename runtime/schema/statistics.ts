/**
 * The `statistics` section of a page document (统计报表): the checks the loader can make within the
 * document, and the compiled reports (defaults resolved) the view and the server read. What needs the
 * joined pages (their fields, their row conditions) is checked by the server at start
 * (server/crud/statistics/checks.ts) and by `npm run schemas:check`.
 */
import type { PageDocument, RowCondition, StatisticsJoin, StatisticsMeasure, StatisticsReport } from '../generated/page';
import type { CompiledPage } from './compiledPageTypes';
import { SYSTEM_FIELD_NAMES } from './naming';
import { pointer, type SchemaError } from './schemaError';

export type StatisticsPeriod = 'month' | 'quarter' | 'year' | 'all';
export type StatisticsFormat = 'integer' | 'number' | 'money' | 'percent';

/** Default and largest number of innermost group rows a report answers. */
export const DEFAULT_MAX_GROUPS = 1000;

export interface CompiledStatisticsJoin {
  name: string;
  page: string;
  /** to-many: the joined page's field holding the source row's id */
  link?: string;
  /** to-one: the source's field holding the joined row's id */
  by?: string;
}

export interface CompiledStatisticsFilter {
  field: string;
  join?: string;
  label?: string;
  period?: StatisticsPeriod;
  /** the query parameter: `<field>` or `<join>.<field>` (ranges: `<param>_begin` / `_end`) */
  param: string;
}

export interface CompiledStatisticsGroup {
  field: string;
  join?: string;
  title?: string;
  bucket?: 'month' | 'quarter' | 'year';
  areaLevel?: 1 | 2;
  sortBy?: string;
  /** the key of the group's value in answered rows (`<field>`, `<join>.<field>`, with `_<bucket>` / `_l<level>`) */
  key: string;
}

export interface CompiledStatisticsMeasure {
  key: string;
  title: string;
  agg: 'count' | 'sum' | 'avg' | 'ratio';
  field?: string;
  join?: string;
  where: readonly RowCondition[];
  split?: true | { weight: string };
  of?: string;
  to?: string;
  format?: StatisticsFormat;
}

export interface CompiledStatistics {
  key: string;
  title: string;
  description?: string;
  permissions: { list: string; exportXls: string };
  joins: ReadonlyMap<string, CompiledStatisticsJoin>;
  filters: readonly CompiledStatisticsFilter[];
  groups: readonly CompiledStatisticsGroup[];
  measures: readonly CompiledStatisticsMeasure[];
  chart?: { kind: 'bar' | 'line' | 'pie'; measures: readonly string[]; height?: number };
  drillDown?: { route: string };
  maxGroups: number;
  /** `/receive/receive/statistics/caseReport` (under the API base) */
  url: string;
  exportUrl: string;
}

const prefixed = (join: string | undefined, name: string) => (join ? `${join}.${name}` : name);

function groupKey(group: StatisticsReport['groups'][number]): string {
  const base = prefixed(group.join, group.field);
  if (group.bucket) return `${base}_${group.bucket}`;
  if (group.areaLevel) return `${base}_l${group.areaLevel}`;
  return base;
}

function compileMeasure(m: StatisticsMeasure): CompiledStatisticsMeasure {
  return {
    key: m.key,
    title: m.title,
    agg: m.agg,
    where: m.where ?? [],
    ...(m.field === undefined ? {} : { field: m.field }),
    ...(m.join === undefined ? {} : { join: m.join }),
    ...(m.split === undefined ? {} : { split: m.split }),
    ...(m.of === undefined ? {} : { of: m.of }),
    ...(m.to === undefined ? {} : { to: m.to }),
    ...(m.format === undefined ? {} : { format: m.format }),
  };
}

export function compileStatisticsReport(report: StatisticsReport, apiPath: string): CompiledStatistics {
  const joins = new Map<string, CompiledStatisticsJoin>();
  for (const [name, j] of Object.entries(report.joins ?? {}) as [string, StatisticsJoin][]) joins.set(name, { name, ...j });
  const url = `${apiPath}/statistics/${report.key}`;
  return {
    key: report.key,
    title: report.title,
    ...(report.description === undefined ? {} : { description: report.description }),
    permissions: { list: `${report.permissionPrefix}:list`, exportXls: `${report.permissionPrefix}:exportXls` },
    joins,
    filters: (report.filters ?? []).map((f) => ({ ...f, param: prefixed(f.join, f.field) })),
    groups: report.groups.map((g) => ({ ...g, key: groupKey(g) })),
    measures: report.measures.map(compileMeasure),
    ...(report.chart ? { chart: report.chart } : {}),
    ...(report.drillDown ? { drillDown: report.drillDown } : {}),
    maxGroups: report.maxGroups ?? DEFAULT_MAX_GROUPS,
    url,
    exportUrl: `${url}/exportXls`,
  };
}

const compiled = new WeakMap<CompiledPage, readonly CompiledStatistics[]>();

/** The page's reports, compiled once per compiled page. */
export function statisticsOf(page: CompiledPage): readonly CompiledStatistics[] {
  let reports = compiled.get(page);
  if (!reports) {
    reports = (page.document.statistics ?? []).map((r) => compileStatisticsReport(r, page.entity.apiPath));
    compiled.set(page, reports);
  }
  return reports;
}

export function findStatistics(page: CompiledPage, key: string): CompiledStatistics | undefined {
  return statisticsOf(page).find((r) => r.key === key);
}

const NUMERIC = new Set(['integer', 'number', 'money']);
const DATES = new Set(['date', 'datetime']);
const SYSTEM_TYPES: Readonly<Record<string, string>> = { createTime: 'datetime', updateTime: 'datetime', tenantId: 'integer' };

interface SourceField {
  type: string;
  widget?: string;
}

/**
 * The checks the document alone allows: keys, references between the report's parts, and the source
 * page's own fields (names and types). Fields of joined pages are the server's to check.
 */
export function statisticsErrors(doc: PageDocument, source: string): SchemaError[] {
  const errors: SchemaError[] = [];
  const reports = doc.statistics ?? [];
  if (reports.length === 0) return errors;
  const report = (at: string, message: string) => errors.push({ source, pointer: at, message });
  const own = new Map<string, SourceField>(doc.fields.map((f) => [f.name, { type: f.type, ...(f.widget === undefined ? {} : { widget: f.widget }) }]));
  for (const name of SYSTEM_FIELD_NAMES) if (!own.has(name)) own.set(name, { type: SYSTEM_TYPES[name] ?? 'string' });
  const viewKeys = new Set((doc.views ?? []).map((v) => v.key));
  const seen = new Set<string>();
  reports.forEach((r, i) => {
    const at = (...tokens: (string | number)[]) => pointer('statistics', i, ...tokens);
    if (viewKeys.has(r.key) || seen.has(r.key)) report(at('key'), `报表 key ${r.key} 与页面的视图或其他报表重名`);
    seen.add(r.key);
    const joins = r.joins ?? {};
    /** The source field, or undefined when it lies on a joined page (checked by the server). */
    const fieldOf = (join: string | undefined, name: string, where: string, toOneOnly: boolean): SourceField | undefined => {
      if (join !== undefined) {
        const j = Object.hasOwn(joins, join) ? joins[join] : undefined;
        if (!j) report(where, `引用了未声明的关联 ${join}`);
        else if (toOneOnly && j.by === undefined) report(where, `关联 ${join} 是一对多关联（link），只能用于统计指标`);
        return undefined;
      }
      const field = own.get(name);
      if (!field) report(where, `引用了不存在的字段 ${name}`);
      return field;
    };
    for (const [name, j] of Object.entries(joins) as [string, StatisticsJoin][]) {
      if (j.by !== undefined && !own.has(j.by)) report(at('joins', name, 'by'), `关联字段 ${j.by} 不是本页面的字段`);
    }
    (r.filters ?? []).forEach((f, k) => {
      const field = fieldOf(f.join, f.field, at('filters', k, 'field'), true);
      if (f.period && field && !DATES.has(field.type)) report(at('filters', k, 'period'), `期间筛选只用于日期字段，${f.field} 的类型是 ${field.type}`);
    });
    const measureKeys = new Map<string, StatisticsMeasure>();
    r.measures.forEach((m, k) => {
      if (measureKeys.has(m.key)) report(at('measures', k, 'key'), `指标 key ${m.key} 重复`);
      measureKeys.set(m.key, m);
    });
    r.groups.forEach((g, k) => {
      const field = fieldOf(g.join, g.field, at('groups', k, 'field'), true);
      if (g.bucket && g.areaLevel) report(at('groups', k), 'bucket 与 areaLevel 只能有一个');
      if (g.bucket && field && !DATES.has(field.type)) report(at('groups', k, 'bucket'), `按月/季/年分组只用于日期字段，${g.field} 的类型是 ${field.type}`);
      if (g.areaLevel && field && field.widget !== 'area') report(at('groups', k, 'areaLevel'), `按省/市分组只用于 area 控件的字段，${g.field} 不是`);
      if (g.sortBy && !measureKeys.has(g.sortBy)) report(at('groups', k, 'sortBy'), `排序引用了不存在的指标 ${g.sortBy}`);
    });
    r.measures.forEach((m, k) => {
      const where = (key: string) => at('measures', k, key);
      if (m.agg === 'ratio') {
        for (const side of ['of', 'to'] as const) {
          const ref = m[side];
          const target = ref === undefined ? undefined : measureKeys.get(ref);
          if (ref === undefined) report(where(side), `比率指标须声明 ${side}`);
          else if (!target) report(where(side), `比率引用了不存在的指标 ${ref}`);
          else if (target.agg === 'ratio') report(where(side), `比率不能引用另一个比率 ${ref}`);
        }
        if (m.field !== undefined || m.join !== undefined || m.where !== undefined || m.split !== undefined) report(at('measures', k), '比率指标只有 of 和 to');
        return;
      }
      if (m.of !== undefined || m.to !== undefined) report(at('measures', k), 'of / to 只用于比率指标（agg: ratio）');
      if (m.agg === 'count' && m.field !== undefined) report(where('field'), '计数指标不需要 field');
      if ((m.agg === 'sum' || m.agg === 'avg') && m.field === undefined) report(where('field'), `${m.agg === 'sum' ? '求和' : '平均'}指标须声明 field`);
      const join = m.join === undefined ? undefined : Object.hasOwn(joins, m.join) ? joins[m.join] : undefined;
      if (m.join !== undefined && !join) report(where('join'), `引用了未声明的关联 ${m.join}`);
      if (m.join === undefined && m.field !== undefined) {
        const field = own.get(m.field);
        if (!field) report(where('field'), `引用了不存在的字段 ${m.field}`);
        else if (!NUMERIC.has(field.type)) report(where('field'), `求和与平均只用于数值字段，${m.field} 的类型是 ${field.type}`);
      }
      if (m.split !== undefined) {
        if (!join || join.by === undefined || m.agg !== 'sum') report(where('split'), '分摊（split）只用于一对一关联（by）上的求和指标');
        if (typeof m.split === 'object' && !own.has(m.split.weight)) report(where('split'), `权重字段 ${m.split.weight} 不是本页面的字段`);
      }
    });
    r.chart?.measures.forEach((key, k) => {
      if (!measureKeys.has(key)) report(at('chart', 'measures', k), `图表引用了不存在的指标 ${key}`);
    });
  });
  return errors;
}
