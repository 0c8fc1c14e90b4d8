/**
 * A report is resolved against the served pages when the server starts (server/crud/statistics/plan.ts):
 * what the document alone cannot check — a joined page's field, its type — stops the start naming the
 * part, instead of failing a manager's request later.
 */
import { describe, expect, it } from 'vitest';
import { loadEntityPages } from '../../../server/crud/pages';
import { entityModel } from '../../../server/crud/entity/model';
import type { EntityService } from '../../../server/crud/entity/service';
import { planReport, StatisticsPlanError } from '../../../server/crud/statistics/plan';
import { compileStatisticsReport } from '../../../runtime/schema/statistics';
import type { StatisticsReport } from '../../../runtime/generated/page';

// The plan reads only the pages' models: a service without its database is enough here.
const services = new Map(loadEntityPages().map((page) => [`${page.entity.module}/${page.entity.name}`, { model: entityModel(page) } as unknown as EntityService]));
const receive = services.get('receive/receive') as EntityService;
const shipped = receive.model.page.document.statistics?.[0] as StatisticsReport;

function refusal(change: (report: StatisticsReport) => StatisticsReport): { pointer: string; message: string } {
  try {
    planReport(compileStatisticsReport(change(structuredClone(shipped)), '/receive/receive'), receive, services);
  } catch (err) {
    if (err instanceof StatisticsPlanError) return { pointer: err.pointer, message: err.message };
    throw err;
  }
  throw new Error('the plan was accepted');
}

describe('statistics plan at start', () => {
  it('resolves the shipped 案件统计: joins, formats, comma-list groups', () => {
    const plan = planReport(compileStatisticsReport(shipped, '/receive/receive'), receive, services);
    expect([...plan.joins.values()].map((j) => [j.join.name, j.toOne, j.field.name])).toEqual([
      ['costs', false, 'receiveId'],
      ['hours', false, 'caseId'],
    ]);
    expect(plan.measures.map((m) => m.format)).toEqual(['integer', 'integer', 'percent', 'money', 'money', 'money', 'number']);
    expect(plan.groups.map((g) => g.commaList)).toEqual([false, false]);
  });

  it('refuses a joined page’s missing or non-numeric field, and a missing page', () => {
    expect(refusal((r) => ({ ...r, measures: [...r.measures, { key: 'x', title: 'x', agg: 'sum', join: 'costs', field: 'nothing' }] }))).toEqual({
      pointer: '/measures/7/field',
      message: '页面 cost/caseCost 没有字段 nothing',
    });
    expect(refusal((r) => ({ ...r, measures: [...r.measures, { key: 'x', title: 'x', agg: 'sum', join: 'costs', field: 'costStatus' }] })).message).toBe(
      '求和与平均只用于数值字段，costStatus 的类型是 string',
    );
    expect(refusal((r) => ({ ...r, joins: { ...r.joins, costs: { page: 'cost/nothing', link: 'receiveId' } } }))).toEqual({
      pointer: '/joins/costs/page',
      message: '关联的页面 cost/nothing 不存在',
    });
  });

  it('a comma-list field (被保险人) is grouped value by value', () => {
    const plan = planReport(compileStatisticsReport({ ...shipped, groups: [{ field: 'customerIds' }] }, '/receive/receive'), receive, services);
    expect(plan.groups[0].commaList).toBe(true);
  });
});
