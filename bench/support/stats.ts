/** Latency figures and memory sampling for the benchmarks. */

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sortedMs.length) - 1;
  return sortedMs[Math.min(sortedMs.length - 1, Math.max(0, rank))];
}

export interface Latencies {
  count: number;
  p50: number;
  p99: number;
  totalMs: number;
}

export function summarise(samplesMs: readonly number[]): Latencies {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), totalMs: sorted.reduce((s, v) => s + v, 0) };
}

export const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
export const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
export const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export interface MemoryPeak {
  /** Highest RSS seen, and how far above the starting RSS it went. */
  peakRssMb: number;
  rssGrowthMb: number;
  peakHeapMb: number;
}

/** Samples process.memoryUsage() every 50 ms while `run` works. */
export async function withMemory<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; memory: MemoryPeak }> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 50);
  const started = performance.now();
  try {
    const value = await run();
    const elapsed = performance.now() - started;
    sample();
    return { value, ms: elapsed, memory: { peakRssMb: mb(peakRss), rssGrowthMb: mb(peakRss - start.rss), peakHeapMb: mb(peakHeap) } };
  } finally {
    clearInterval(timer);
  }
}

/** How long `run` took, in ms. */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}
