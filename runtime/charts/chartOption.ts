/**
 * The ECharts option for a ChartProps (headless: no DOM, no echarts runtime), so layout, labels and
 * formats are unit-tested and the one drawing module stays small.
 */
import { chartNumber, formatAxisValue, formatFigure } from './numberFormat';
import type { ChartProps, ChartRow } from './types';

/** CJK fonts first: canvas text falls back per glyph only within the list it is given. */
export const CHART_FONT = '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "WenQuanYi Micro Hei", sans-serif';

/** antd's palette, so charts match the rest of the page. */
export const CHART_COLORS = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#2f54eb', '#a0d911'];

/**
 * The plot area's margins (px) of bar and line charts. Fixed, not fitted to the labels: value labels
 * are short (formatAxisValue) and category labels are cut (categoryLabel), so a category's place is
 * known from the width alone — which the e2e test relies on to click a bar.
 */
export const CARTESIAN_GRID = { left: 72, right: 24, top: 40, bottom: 36 } as const;
/** The bottom margin when category labels are slanted (many or long categories). */
export const SLANTED_BOTTOM = 76;
const LABEL_CHARS = 8;

export function categoryText(row: ChartRow, x: string): string {
  const value = row[x];
  return value === null || value === undefined || value === '' ? '（空）' : String(value);
}

/** 中国人民财产保险股份有限公司 → 中国人民财产保险… */
export function categoryLabel(text: string): string {
  return [...text].length > LABEL_CHARS ? `${[...text].slice(0, LABEL_CHARS).join('')}…` : text;
}

/** Slant the category labels when they could not stand side by side. */
export function slanted(props: Pick<ChartProps, 'rows' | 'x'>): boolean {
  const longest = Math.max(0, ...props.rows.map((row) => Math.min(LABEL_CHARS, [...categoryText(row, props.x)].length)));
  return props.rows.length > 12 || props.rows.length * longest > 48;
}

export function defaultAriaLabel(props: Pick<ChartProps, 'kind' | 'series'>): string {
  const kind = props.kind === 'pie' ? '饼图' : props.kind === 'line' ? '折线图' : '柱状图';
  return `${kind}：${props.series.map((s) => s.title).join('、')}`;
}

type Option = Record<string, unknown>;

export function chartOption(props: ChartProps): Option {
  const picking = props.onPick !== undefined;
  const common: Option = {
    animation: false,
    color: CHART_COLORS,
    textStyle: { fontFamily: CHART_FONT },
    aria: { enabled: true, label: { description: props.ariaLabel ?? defaultAriaLabel(props) } },
    tooltip: { trigger: 'item', valueFormatter: (value: unknown) => formatFigure(value), textStyle: { fontFamily: CHART_FONT } },
  };
  if (props.kind === 'pie') {
    const first = props.series[0];
    return {
      ...common,
      legend: { type: 'scroll', bottom: 0, textStyle: { fontFamily: CHART_FONT } },
      series: first
        ? [
            {
              type: 'pie',
              name: first.title,
              radius: ['0%', '62%'],
              center: ['50%', '46%'],
              cursor: picking ? 'pointer' : 'default',
              label: { formatter: (slice: { name: string; percent: number }) => `${categoryLabel(slice.name)}：${slice.percent}%`, fontFamily: CHART_FONT },
              labelLayout: { hideOverlap: true },
              data: props.rows.map((row) => ({ name: categoryText(row, props.x), value: chartNumber(row[first.field]) })),
            },
          ]
        : [],
    };
  }
  const slant = slanted(props);
  return {
    ...common,
    legend: { top: 4, textStyle: { fontFamily: CHART_FONT } },
    grid: { ...CARTESIAN_GRID, bottom: slant ? SLANTED_BOTTOM : CARTESIAN_GRID.bottom, outerBoundsMode: 'none' },
    xAxis: {
      type: 'category',
      data: props.rows.map((row) => categoryText(row, props.x)),
      axisTick: { alignWithLabel: true },
      axisLabel: { formatter: categoryLabel, rotate: slant ? 30 : 0, hideOverlap: true, fontFamily: CHART_FONT },
    },
    yAxis: { type: 'value', axisLabel: { formatter: formatAxisValue, fontFamily: CHART_FONT } },
    series: props.series.map((s) => ({
      type: props.kind,
      name: s.title,
      cursor: picking ? 'pointer' : 'default',
      ...(props.kind === 'line' ? { symbolSize: 8, smooth: false } : { barMaxWidth: 48 }),
      data: props.rows.map((row) => chartNumber(row[s.field])),
    })),
  };
}

/** What a click on the chart picked: the row and the series' field, or nothing (a click beside the marks). */
export function pickedBy(props: Pick<ChartProps, 'kind' | 'rows' | 'series'>, event: { dataIndex?: number; seriesIndex?: number }): { row: ChartRow; field: string } | undefined {
  const row = event.dataIndex === undefined ? undefined : props.rows[event.dataIndex];
  const series = props.kind === 'pie' ? props.series[0] : props.series[event.seriesIndex ?? -1];
  return row && series ? { row, field: series.field } : undefined;
}
