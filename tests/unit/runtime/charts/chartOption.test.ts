import { describe, expect, it } from 'vitest';
import { CARTESIAN_GRID, SLANTED_BOTTOM, categoryLabel, chartOption, defaultAriaLabel, pickedBy, slanted } from '../../../../runtime/charts/chartOption';
import { chartNumber, formatAxisValue, formatFigure } from '../../../../runtime/charts/numberFormat';
import type { ChartProps } from '../../../../runtime/charts/types';

const months: ChartProps = {
  kind: 'bar',
  x: 'month',
  series: [
    { field: 'opened', title: '受理数' },
    { field: 'closed', title: '结案数' },
  ],
  rows: [
    { month: '1月', opened: 12, closed: '7' },
    { month: '2月', opened: 9, closed: null },
  ],
};

describe('chart numbers in Chinese', () => {
  it('groups figures and keeps two decimals', () => {
    expect(formatFigure(1234567.891)).toBe('1,234,567.89');
    expect(formatFigure('88.5')).toBe('88.5');
    expect(formatFigure(null)).toBe('0');
  });
  it('writes value axes in 万 and 亿', () => {
    expect(formatAxisValue(8500)).toBe('8,500');
    expect(formatAxisValue(125000)).toBe('12.5万');
    expect(formatAxisValue(360_000_000)).toBe('3.6亿');
    expect(formatAxisValue(-20000)).toBe('-2万');
  });
  it('reads numeric text and treats the rest as 0', () => {
    expect(chartNumber('12.5')).toBe(12.5);
    expect(chartNumber('abc')).toBe(0);
    expect(chartNumber(undefined)).toBe(0);
  });
});

describe('chartOption', () => {
  it('draws one bar series per declared series over the rows, in order', () => {
    const option = chartOption(months) as { xAxis: { data: string[] }; series: Array<{ type: string; name: string; data: number[] }> };
    expect(option.xAxis.data).toEqual(['1月', '2月']);
    expect(option.series.map((s) => [s.type, s.name, s.data])).toEqual([
      ['bar', '受理数', [12, 9]],
      ['bar', '结案数', [7, 0]],
    ]);
  });
  it('keeps the plot area where the e2e test clicks it, and slants many or long categories', () => {
    const option = chartOption(months) as { grid: Record<string, unknown> };
    expect(option.grid).toMatchObject({ ...CARTESIAN_GRID, outerBoundsMode: 'none' });
    const companies = Array.from({ length: 8 }, (_, i) => ({ name: `中国人民财产保险股份有限公司${i}` }));
    expect(slanted({ rows: companies, x: 'name' })).toBe(true);
    expect((chartOption({ ...months, rows: companies, x: 'name' }) as { grid: { bottom: number } }).grid.bottom).toBe(SLANTED_BOTTOM);
    expect(slanted({ rows: months.rows, x: 'month' })).toBe(false);
    expect(categoryLabel('中国人民财产保险股份有限公司')).toBe('中国人民财产保险…');
  });
  it('draws a pie of the first series with named slices and the empty category as （空）', () => {
    const option = chartOption({ ...months, kind: 'pie', rows: [...months.rows, { month: null, opened: 3 }] }) as { series: Array<{ data: unknown[] }> };
    expect(option.series).toHaveLength(1);
    expect(option.series[0].data).toEqual([
      { name: '1月', value: 12 },
      { name: '2月', value: 9 },
      { name: '（空）', value: 3 },
    ]);
  });
  it('labels the chart for screen readers', () => {
    expect(defaultAriaLabel(months)).toBe('柱状图：受理数、结案数');
    const option = chartOption({ ...months, ariaLabel: '本年案件' }) as { aria: { label: { description: string } } };
    expect(option.aria.label.description).toBe('本年案件');
  });
});

describe('pickedBy', () => {
  it('names the row and the series of the clicked bar', () => {
    expect(pickedBy(months, { dataIndex: 1, seriesIndex: 1 })).toEqual({ row: months.rows[1], field: 'closed' });
  });
  it('names the first series for a slice', () => {
    expect(pickedBy({ ...months, kind: 'pie' }, { dataIndex: 0, seriesIndex: 0 })).toEqual({ row: months.rows[0], field: 'opened' });
  });
  it('picks nothing beside the marks', () => {
    expect(pickedBy(months, {})).toBeUndefined();
  });
});
