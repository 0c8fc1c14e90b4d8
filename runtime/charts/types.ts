/** The one chart component's props (wave-3 contract between the report view and 首页). */
export type ChartKind = 'bar' | 'line' | 'pie';

export interface ChartSeries {
  /** the row property holding the figure */
  field: string;
  /** the series' name in the legend and tooltip */
  title: string;
}

export type ChartRow = Record<string, unknown>;

export interface ChartProps {
  kind: ChartKind;
  rows: ChartRow[];
  /** the row property naming each category (bar/line) or slice (pie) */
  x: string;
  /** bar/line: one series each; pie: the first series gives the slices' sizes */
  series: ChartSeries[];
  /** px; default 320 */
  height?: number;
  /** a click on a bar, a point or a slice: the row behind it and the series' field */
  onPick?: (row: ChartRow, field: string) => void;
  /** what the chart shows, read by screen readers (default: the series' titles) */
  ariaLabel?: string;
}
