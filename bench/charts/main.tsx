/**
 * The chart bench page: loads one candidate's chunk on request (`@chart-candidate`, aliased by the
 * runner to bench/charts/candidates/<name>.tsx) and times mounting a chart until its marks are painted,
 * with performance.now() in the page. See bench/README.md.
 */
import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BAR_SPEC, PIE_SPEC, type CandidateProps, type ChartBenchApi } from './api';

const host = document.getElementById('root');
if (!host) throw new Error('index.html has no #root element');

/** Resolves after the next frame has been painted: a task posted from requestAnimationFrame runs after that frame's paint. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  });
}

let Candidate: ComponentType<CandidateProps> | undefined;
let root: Root | undefined;
let box: HTMLDivElement | undefined;

const api: ChartBenchApi = {
  async load() {
    const started = performance.now();
    // The alias is resolved by the runner's Vite build; the candidate is its own chunk.
    const module = (await import('@chart-candidate')) as { default: ComponentType<CandidateProps> };
    Candidate = module.default;
    return performance.now() - started;
  },
  async render(kind) {
    if (!Candidate) throw new Error('load() first');
    api.unmount();
    box = document.createElement('div');
    box.style.width = '800px';
    box.style.height = '400px';
    host.appendChild(box);
    const started = performance.now();
    const drawn = new Promise<void>((resolve) => {
      root = createRoot(box!);
      root.render(createElement(Candidate!, { spec: kind === 'bar' ? BAR_SPEC : PIE_SPEC, width: 800, height: 400, onDrawn: resolve }));
    });
    await drawn;
    await afterNextPaint();
    return performance.now() - started;
  },
  unmount() {
    root?.unmount();
    box?.remove();
    root = undefined;
    box = undefined;
  },
};
window.chartBench = api;
