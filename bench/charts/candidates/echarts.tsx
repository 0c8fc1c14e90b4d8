/** Candidate: Apache ECharts, tree-shaken through echarts/core (bar, line, pie; grid, tooltip, legend, aria; canvas). */
import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { CandidateProps } from '../api';

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, CanvasRenderer]);

export default function EChartsCandidate({ spec, width, height, onDrawn }: CandidateProps) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chart = echarts.init(element.current!, undefined, { renderer: 'canvas', width, height });
    chart.on('finished', onDrawn);
    const names = spec.rows.map((row) => String(row[spec.x]));
    chart.setOption(
      spec.kind === 'pie'
        ? { animation: false, tooltip: {}, legend: {}, series: [{ type: 'pie', radius: '60%', data: spec.rows.map((row) => ({ name: String(row[spec.x]), value: row[spec.series[0].field] })) }] }
        : {
            animation: false,
            tooltip: {},
            legend: {},
            xAxis: { type: 'category', data: names },
            yAxis: { type: 'value' },
            series: spec.series.map((s) => ({ type: 'bar', name: s.title, data: spec.rows.map((row) => row[s.field]) })),
          },
    );
    return () => chart.dispose();
  }, [spec, width, height, onDrawn]);
  return <div ref={element} style={{ width, height }} />;
}
