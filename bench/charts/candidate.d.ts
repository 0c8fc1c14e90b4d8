// The runner (bench/charts.bench.ts) aliases this name to bench/charts/candidates/<name>.tsx.
declare module '@chart-candidate' {
  import type { ComponentType } from 'react';
  import type { CandidateProps } from './api';
  const Candidate: ComponentType<CandidateProps>;
  export default Candidate;
}
