/** Candidate: @ant-design/plots 2 (AntV G2 5, canvas), animations off. Drawn = G2's afterrender. */
import { Column, Pie } from '@ant-design/plots';
import type { CandidateProps } from '../api';

interface G2Like {
  on(event: string, listener: () => void): void;
}

export default function PlotsCandidate({ spec, width, height, onDrawn }: CandidateProps) {
  const onReady = (plot: { chart?: G2Like } | G2Like) => {
    const chart = 'chart' in plot && plot.chart ? plot.chart : (plot as G2Like);
    chart.on('afterrender', onDrawn);
  };
  return spec.kind === 'pie' ? (
    <Pie data={spec.rows} angleField={spec.series[0].field} colorField={spec.x} width={width} height={height} autoFit={false} animate={false} onReady={onReady} />
  ) : (
    <Column data={spec.rows} xField={spec.x} yField={spec.series[0].field} width={width} height={height} autoFit={false} animate={false} onReady={onReady} />
  );
}
