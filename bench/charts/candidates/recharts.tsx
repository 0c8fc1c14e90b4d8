/** Candidate: Recharts 3 (SVG through React), animations off. Drawn = its bars / sectors are in the DOM. */
import { useEffect, useRef } from 'react';
import { Bar, BarChart, Cell, Legend, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { CandidateProps } from '../api';

const COLORS = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16'];

export default function RechartsCandidate({ spec, width, height, onDrawn }: CandidateProps) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Recharts 3 draws its marks over several renders (series register in its store first): wait for them.
    const selector = spec.kind === 'pie' ? '.recharts-pie-sector' : '.recharts-bar-rectangle';
    let frame = 0;
    const check = () => {
      if ((element.current?.querySelectorAll(selector).length ?? 0) >= spec.rows.length) onDrawn();
      else frame = requestAnimationFrame(check);
    };
    check();
    return () => cancelAnimationFrame(frame);
  }, [spec, onDrawn]);
  return (
    <div ref={element}>
      {spec.kind === 'pie' ? (
        <PieChart width={width} height={height}>
          <Pie data={spec.rows} dataKey={spec.series[0].field} nameKey={spec.x} isAnimationActive={false} outerRadius="60%">
            {spec.rows.map((_, i) => (
              <Cell key={i} fill={COLORS[i % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip />
          <Legend />
        </PieChart>
      ) : (
        <BarChart width={width} height={height} data={spec.rows}>
          <XAxis dataKey={spec.x} />
          <YAxis />
          <Tooltip />
          <Legend />
          {spec.series.map((s) => (
            <Bar key={s.field} dataKey={s.field} name={s.title} fill="#1677ff" isAnimationActive={false} />
          ))}
        </BarChart>
      )}
    </div>
  );
}
