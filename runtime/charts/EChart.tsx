/**
 * The chart, drawn by Apache ECharts tree-shaken through echarts/core (bar, line, pie; grid,
 * tooltip, legend, aria; canvas) — chosen by bench/charts.bench.ts. Loaded only through `Chart`
 * (index.tsx), so it is a chunk of its own that only pages drawing charts fetch.
 */
import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { categoryText, chartOption, defaultAriaLabel, pickedBy } from './chartOption';
import { formatFigure } from './numberFormat';
import type { ChartProps } from './types';

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, CanvasRenderer]);

/** Shown to screen readers and keyboards only: the canvas has no focusable marks. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
const MAX_LISTED = 200;

export default function EChart(props: ChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | undefined>(undefined);
  // The latest props for the click handler, without re-binding it on every render.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const instance = echarts.init(element.current!, undefined, { renderer: 'canvas', locale: 'ZH' });
    chart.current = instance;
    instance.on('click', (event) => {
      const picked = pickedBy(latest.current, event);
      if (picked) latest.current.onPick?.(picked.row, picked.field);
    });
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element.current!);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, []);

  const { kind, rows, x, series, onPick, ariaLabel } = props;
  useEffect(() => {
    chart.current?.setOption(chartOption({ kind, rows, x, series, onPick, ariaLabel }), { notMerge: true });
  }, [kind, rows, x, series, onPick, ariaLabel]);

  const label = ariaLabel ?? defaultAriaLabel(props);
  const listed = (kind === 'pie' ? series.slice(0, 1) : series).flatMap((s) => rows.slice(0, MAX_LISTED).map((row) => ({ row, s })));
  return (
    <div className="lossdesk-chart" style={{ position: 'relative' }}>
      <div ref={element} role="img" aria-label={label} style={{ width: '100%', height: props.height ?? 320 }} />
      <ul style={visuallyHidden} aria-label={`${label}的数据`}>
        {listed.map(({ row, s }, i) => {
          const text = `${categoryText(row, x)} ${s.title}：${formatFigure(row[s.field])}`;
          return <li key={i}>{onPick ? <button type="button" onClick={() => onPick(row, s.field)}>{text}</button> : text}</li>;
        })}
      </ul>
    </div>
  );
}
