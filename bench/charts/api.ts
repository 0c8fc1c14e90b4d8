/** What the chart bench page offers the runner (bench/charts.bench.ts) on `window.chartBench`. */
export type ChartBenchKind = 'bar' | 'pie';

export interface ChartBenchSpec {
  kind: ChartBenchKind;
  rows: Array<Record<string, string | number>>;
  x: string;
  series: Array<{ field: string; title: string }>;
}

/** Each candidate's module: one React component drawing the spec, calling onDrawn once its marks are in place. */
export interface CandidateProps {
  spec: ChartBenchSpec;
  width: number;
  height: number;
  onDrawn: () => void;
}

export interface ChartBenchApi {
  /** Imports the candidate's chunk (first time: fetch + parse + evaluate); ms. */
  load(): Promise<number>;
  /** Mounts a chart of `kind` into a fresh container, until its marks are painted; ms. */
  render(kind: ChartBenchKind): Promise<number>;
  unmount(): void;
}

declare global {
  interface Window {
    chartBench?: ChartBenchApi;
  }
}

/** 12 months of closed cases (bar) and 8 insurance companies' shares (pie), labels in Chinese. */
export const BAR_SPEC: ChartBenchSpec = {
  kind: 'bar',
  x: 'month',
  series: [{ field: 'closed', title: '结案数' }],
  rows: Array.from({ length: 12 }, (_, i) => ({ month: `${i + 1}月`, closed: 20 + ((i * 37) % 45) })),
};

export const PIE_SPEC: ChartBenchSpec = {
  kind: 'pie',
  x: 'company',
  series: [{ field: 'fee', title: '公估费' }],
  rows: ['中国人保财险', '平安产险', '太平洋产险', '国寿财险', '大地保险', '阳光产险', '天安财险', '华泰财险'].map((company, i) => ({
    company,
    fee: 120_000 - i * 11_500,
  })),
};
