import fs from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { loadPageSchema, type CompiledPage } from '../../../../runtime/schema/loadPageSchema';
import { findStatistics, type CompiledStatistics } from '../../../../runtime/schema/statistics';
import { formatFigure, groupCells, type StatisticsRow } from '../../../../runtime/statistics/answer';
import { drillDownTarget } from '../../../../runtime/statistics/drillDown';
import { filterParams, initialFilterValues } from '../../../../runtime/statistics/filterValues';
import { choiceOf, periodRange } from '../../../../runtime/statistics/period';

const SOURCE = 'schemas/pages/receive/receive.json';
const receiveDoc = () => JSON.parse(fs.readFileSync(path.resolve(SOURCE), 'utf8')) as Record<string, unknown> & { statistics: Record<string, unknown>[] };

function load(doc: unknown): CompiledPage {
  const loaded = loadPageSchema(doc, `test:${Math.random()}`);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.pointer} ${e.message}`).join('\n'));
  return loaded.page;
}
const errorsOf = (doc: unknown) => {
  const loaded = loadPageSchema(doc, `test:${Math.random()}`);
  return loaded.ok ? [] : loaded.errors.map((e) => `${e.pointer} ${e.message}`);
};

const page = load(receiveDoc());
const report = findStatistics(page, 'caseReport') as CompiledStatistics;

describe('period quick choices', () => {
  const today = dayjs('2026-11-27');
  it('本月, 本季, 本年 and 全部 around today', () => {
    expect(periodRange('month', today)).toEqual({ begin: '2026-11-01', end: '2026-11-30' });
    expect(periodRange('quarter', today)).toEqual({ begin: '2026-10-01', end: '2026-12-31' });
    expect(periodRange('quarter', dayjs('2026-02-28'))).toEqual({ begin: '2026-01-01', end: '2026-03-31' });
    expect(periodRange('year', today)).toEqual({ begin: '2026-01-01', end: '2026-12-31' });
    expect(periodRange('all', today)).toEqual({});
  });
  it('tells which choice a range is', () => {
    expect(choiceOf({ begin: '2026-10-01', end: '2026-12-31' }, today)).toBe('quarter');
    expect(choiceOf({ begin: '2026-10-02', end: '2026-12-31' }, today)).toBeUndefined();
  });
});

describe('the compiled report (receive.json caseReport)', () => {
  it('has its endpoints, codes and a period filter opening on 本年', () => {
    expect(report.url).toBe('/receive/receive/statistics/caseReport');
    expect(report.exportUrl).toBe('/receive/receive/statistics/caseReport/exportXls');
    expect(report.permissions).toEqual({ list: 'receiveReport:list', exportXls: 'receiveReport:exportXls' });
    const values = initialFilterValues(report);
    expect(values.trustDate).toEqual(periodRange('year'));
    expect(filterParams(report, { ...values, departId: ' d1 ', insurerCode: '' })).toEqual({
      trustDate_begin: `${dayjs().year()}-01-01`,
      trustDate_end: `${dayjs().year()}-12-31`,
      departId: 'd1',
    });
  });

  it('refuses mistakes by pointer, in Chinese', () => {
    const doc = receiveDoc();
    const r = doc.statistics[0] as Record<string, unknown>;
    r.key = 'handle';
    r.groups = [{ field: 'nope' }, { field: 'receiveName', bucket: 'month' }];
    r.measures = [
      { key: 'cases', title: '案件数', agg: 'count' },
      { key: 'cases', title: '重复', agg: 'sum', field: 'receiveName' },
      { key: 'rate', title: '比率', agg: 'ratio', of: 'cases', to: 'missing' },
      { key: 'split', title: '分摊', agg: 'sum', join: 'costs', field: 'amount', split: true },
    ];
    r.chart = { kind: 'bar', measures: ['none'] };
    r.filters = [{ field: 'receiveName', period: 'year' }, { field: 'amount', join: 'costs' }];
    expect(errorsOf(doc)).toEqual([
      '/statistics/0/key 报表 key handle 与页面的视图或其他报表重名',
      '/statistics/0/filters/0/period 期间筛选只用于日期字段，receiveName 的类型是 string',
      '/statistics/0/filters/1/field 关联 costs 是一对多关联（link），只能用于统计指标',
      '/statistics/0/measures/1/key 指标 key cases 重复',
      '/statistics/0/groups/0/field 引用了不存在的字段 nope',
      '/statistics/0/groups/1/bucket 按月/季/年分组只用于日期字段，receiveName 的类型是 string',
      '/statistics/0/measures/1/field 求和与平均只用于数值字段，receiveName 的类型是 string',
      '/statistics/0/measures/2/to 比率引用了不存在的指标 missing',
      '/statistics/0/measures/3/split 分摊（split）只用于一对一关联（by）上的求和指标',
      '/statistics/0/chart/measures/0 图表引用了不存在的指标 none',
    ]);
  });
});

describe('figures and group cells', () => {
  it('writes figures as the table, print and export show them', () => {
    expect(formatFigure(1234.5, 'money')).toBe('1,234.50');
    expect(formatFigure('88', 'integer')).toBe('88');
    expect(formatFigure(0.6667, 'percent')).toBe('66.67%');
    expect(formatFigure(null, 'percent')).toBe('');
    expect(formatFigure(2.456, 'number')).toBe('2.46');
  });
  it('puts 小计 after a subtotal’s groups and 合计 first', () => {
    const keys = ['departId', 'receiveStatus'];
    expect(groupCells({ type: 'row', level: 2, departId_text: '公估一部', receiveStatus_text: '处理中' }, keys)).toEqual(['公估一部', '处理中']);
    expect(groupCells({ type: 'subtotal', level: 1, departId_text: '公估一部' }, keys)).toEqual(['公估一部', '小计']);
    expect(groupCells({ type: 'total', level: 0 }, keys)).toEqual(['合计', '']);
  });
});

describe('drill-down from a figure to the list', () => {
  const filters = { trustDate: { begin: '2026-01-01', end: '2026-12-31' }, departId: 'd1' };
  const row: StatisticsRow = { type: 'row', level: 2, departId: 'd1', receiveStatus: 'handle' };
  const search = (target: string | undefined) => new URLSearchParams((target ?? '').split('?')[1] ?? '');

  it('a count: the filters, the row’s groups as q.<field> where the list queries them, else 高级查询', () => {
    const target = drillDownTarget({ report, page, filters, row, measureKey: 'cases' });
    expect(target?.startsWith('/receive/all?')).toBe(true);
    const params = search(target);
    // trustDate and receiveStatus are query items of the case list (range, eq); 承办部门 is not.
    expect(params.get('q.trustDate_begin')).toBe('2026-01-01');
    expect(params.get('q.trustDate_end')).toBe('2026-12-31');
    expect(params.get('q.receiveStatus')).toBe('handle');
    expect(JSON.parse(params.get('superQuery') ?? '[]')).toEqual([{ field: 'departId', rule: 'eq', val: 'd1' }]);
    expect(params.get('matchType')).toBe('and');
  });

  it('a conditional count adds its condition; the 合计 has no group', () => {
    const target = drillDownTarget({ report, page, filters: {}, row: { type: 'total', level: 0 }, measureKey: 'closed' });
    expect(JSON.parse(search(target).get('superQuery') ?? '[]')).toEqual([{ field: 'receiveStatus', rule: 'in', val: 'over,wait_receipt,receipted,old' }]);
  });

  it('no link where the list cannot name the rows: a joined measure, a ratio, an empty group', () => {
    expect(drillDownTarget({ report, page, filters, row, measureKey: 'cost' })).toBeUndefined();
    expect(drillDownTarget({ report, page, filters, row, measureKey: 'closeRate' })).toBeUndefined();
    expect(drillDownTarget({ report, page, filters, row: { ...row, departId: null }, measureKey: 'cases' })).toBeUndefined();
  });
});
