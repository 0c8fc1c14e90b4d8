/**
 * A report's parts resolved against the served pages: each field of a filter, group or measure as the
 * compiled field of the page it lies on, and each join as the joined page's service. Built at start
 * (checks.ts reports what cannot be resolved) and read by every request.
 */
import type { CompiledField } from '../../../runtime/schema/compiledPageTypes';
import type { CompiledStatistics, CompiledStatisticsFilter, CompiledStatisticsGroup, CompiledStatisticsJoin, CompiledStatisticsMeasure } from '../../../runtime/schema/statistics';
import { isMultiValued } from '../entity/model';
import type { EntityService } from '../entity/service';

export interface JoinPlan {
  join: CompiledStatisticsJoin;
  service: EntityService;
  /** to-many: the joined page's field holding the source id; to-one: the source's field holding the joined id */
  field: CompiledField;
  toOne: boolean;
  /** SQL alias, made here (never a document's text) */
  alias: string;
}

export interface FieldPlan {
  field: CompiledField;
  /** absent: the source page's */
  join?: JoinPlan;
  service: EntityService;
  /** the value is a comma list (协办人, 被保险人): a row counts under each of its values */
  commaList: boolean;
}

export interface FilterPlan extends FieldPlan {
  filter: CompiledStatisticsFilter;
}

export interface GroupPlan extends FieldPlan {
  group: CompiledStatisticsGroup;
}

export interface MeasurePlan {
  measure: CompiledStatisticsMeasure;
  field?: CompiledField;
  join?: JoinPlan;
  weight?: CompiledField;
  format: 'integer' | 'number' | 'money' | 'percent';
}

export interface ReportPlan {
  report: CompiledStatistics;
  source: EntityService;
  joins: ReadonlyMap<string, JoinPlan>;
  filters: readonly FilterPlan[];
  groups: readonly GroupPlan[];
  measures: readonly MeasurePlan[];
}

export class StatisticsPlanError extends Error {
  constructor(
    readonly pointer: string,
    message: string,
  ) {
    super(message);
  }
}

const NUMERIC = new Set(['integer', 'number', 'money']);

/** A field holding several keys comma-joined. */
export function holdsCommaList(field: CompiledField, services: ReadonlyMap<string, EntityService>): boolean {
  if (isMultiValued(field)) return true;
  if (field.widget === 'picker') {
    const picker = field.options.picker as { page?: string; multiple?: boolean } | undefined;
    if (picker?.multiple !== undefined) return picker.multiple;
    return picker?.page ? services.get(picker.page)?.model.page.picker?.multiple === true : false;
  }
  return false;
}

/** Resolves the report over the served pages; throws StatisticsPlanError naming the part (a JSON pointer inside the report). */
export function planReport(report: CompiledStatistics, source: EntityService, services: ReadonlyMap<string, EntityService>): ReportPlan {
  const fieldOn = (service: EntityService, name: string, at: string): CompiledField => {
    const field = service.model.page.fieldByName.get(name);
    if (!field || field.stored === false) throw new StatisticsPlanError(at, `页面 ${service.model.page.entity.module}/${service.model.page.entity.name} 没有字段 ${name}`);
    return field;
  };
  const joins = new Map<string, JoinPlan>();
  let index = 0;
  for (const join of report.joins.values()) {
    const service = services.get(join.page);
    const at = `/joins/${join.name}`;
    if (!service) throw new StatisticsPlanError(`${at}/page`, `关联的页面 ${join.page} 不存在`);
    index += 1;
    const toOne = join.by !== undefined;
    const field = toOne ? fieldOn(source, join.by as string, `${at}/by`) : fieldOn(service, join.link as string, `${at}/link`);
    joins.set(join.name, { join, service, field, toOne, alias: toOne ? `o${index}` : `j${index}` });
  }
  const joinOf = (name: string | undefined, at: string, toOneOnly: boolean): JoinPlan | undefined => {
    if (name === undefined) return undefined;
    const join = joins.get(name);
    if (!join) throw new StatisticsPlanError(at, `引用了未声明的关联 ${name}`);
    if (toOneOnly && !join.toOne) throw new StatisticsPlanError(at, `关联 ${name} 是一对多关联（link），只能用于统计指标`);
    return join;
  };
  const fieldPlan = (join: JoinPlan | undefined, name: string, at: string): FieldPlan => {
    const service = join?.service ?? source;
    const field = fieldOn(service, name, at);
    return { field, service, commaList: holdsCommaList(field, services), ...(join ? { join } : {}) };
  };
  const filters = report.filters.map((filter, i): FilterPlan => {
    const plan = fieldPlan(joinOf(filter.join, `/filters/${i}/join`, true), filter.field, `/filters/${i}/field`);
    if (filter.period && plan.field.type !== 'date' && plan.field.type !== 'datetime') {
      throw new StatisticsPlanError(`/filters/${i}/period`, `期间筛选只用于日期字段，${filter.field} 的类型是 ${plan.field.type}`);
    }
    return { ...plan, filter };
  });
  const groups = report.groups.map((group, i): GroupPlan => {
    const plan = fieldPlan(joinOf(group.join, `/groups/${i}/join`, true), group.field, `/groups/${i}/field`);
    if (group.bucket && plan.field.type !== 'date' && plan.field.type !== 'datetime') {
      throw new StatisticsPlanError(`/groups/${i}/bucket`, `按月/季/年分组只用于日期字段，${group.field} 的类型是 ${plan.field.type}`);
    }
    if (group.areaLevel && plan.field.widget !== 'area') throw new StatisticsPlanError(`/groups/${i}/areaLevel`, `按省/市分组只用于 area 控件的字段，${group.field} 不是`);
    return { ...plan, group };
  });
  const measures = report.measures.map((measure, i): MeasurePlan => {
    if (measure.agg === 'ratio') return { measure, format: measure.format ?? 'percent' };
    const join = joinOf(measure.join, `/measures/${i}/join`, false);
    const owner = join?.service ?? source;
    const field = measure.field === undefined ? undefined : fieldOn(owner, measure.field, `/measures/${i}/field`);
    if (field && !NUMERIC.has(field.type)) throw new StatisticsPlanError(`/measures/${i}/field`, `求和与平均只用于数值字段，${measure.field} 的类型是 ${field.type}`);
    const weight = typeof measure.split === 'object' ? fieldOn(source, measure.split.weight, `/measures/${i}/split/weight`) : undefined;
    if (weight && !NUMERIC.has(weight.type)) throw new StatisticsPlanError(`/measures/${i}/split/weight`, `权重字段 ${weight.name} 须为数值字段`);
    if (measure.split !== undefined && (!join?.toOne || measure.agg !== 'sum')) {
      throw new StatisticsPlanError(`/measures/${i}/split`, '分摊（split）只用于一对一关联（by）上的求和指标');
    }
    const format = measure.format ?? (measure.agg === 'count' ? 'integer' : field?.type === 'money' ? 'money' : field?.type === 'integer' && measure.agg === 'sum' ? 'integer' : 'number');
    return { measure, format, ...(field ? { field } : {}), ...(join ? { join } : {}), ...(weight ? { weight } : {}) };
  });
  return { report, source, joins, filters, groups, measures };
}
