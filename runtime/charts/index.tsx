/**
 * `Chart` — the one chart component (bar, line, pie). Importing this module costs a few hundred
 * bytes: the drawing code (ECharts) is a chunk of its own, fetched the first time a chart mounts.
 */
import { lazy, Suspense } from 'react';
import type { ChartProps } from './types';

export type { ChartKind, ChartProps, ChartRow, ChartSeries } from './types';

const EChart = lazy(() => import('./EChart'));

/** Starts fetching the drawing code before the first chart mounts (e.g. while a report's figures load). */
export function preloadChart(): void {
  void import('./EChart');
}

export function Chart(props: ChartProps) {
  const height = props.height ?? 320;
  return (
    <Suspense fallback={<div aria-busy="true" aria-label={props.ariaLabel ?? '图表加载中'} style={{ height }} />}>
      <EChart {...props} />
    </Suspense>
  );
}
