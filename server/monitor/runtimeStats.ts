/**
 * Node 运行时 (JVM信息's counterpart): memory, event-loop delay and garbage collections of this
 * process. The delay histogram and the GC observer run from start to close; each read is a snapshot.
 */
import { monitorEventLoopDelay, PerformanceObserver, constants, type IntervalHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';

export interface GcKindRow {
  kind: string;
  count: number;
  totalMs: number;
  maxMs: number;
  lastAt: number | null;
}

const NS_PER_MS = 1e6;
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

const GC_KINDS: Readonly<Record<number, string>> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: '新生代回收（Scavenge）',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: '老生代回收（Mark-Sweep-Compact）',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: '增量标记',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: '弱引用回调',
};

export class RuntimeStats {
  private delay: IntervalHistogram | undefined;
  private observer: PerformanceObserver | undefined;
  private readonly gc = new Map<string, GcKindRow>();

  start(): void {
    if (this.delay) return;
    this.delay = monitorEventLoopDelay({ resolution: 20 });
    this.delay.enable();
    this.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const detail = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail;
        const kind = GC_KINDS[detail?.kind ?? -1] ?? '其他';
        const row = this.gc.get(kind) ?? { kind, count: 0, totalMs: 0, maxMs: 0, lastAt: null };
        row.count += 1;
        row.totalMs += entry.duration;
        row.maxMs = Math.max(row.maxMs, entry.duration);
        row.lastAt = Math.round(performance.timeOrigin + entry.startTime);
        this.gc.set(kind, row);
      }
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  stop(): void {
    this.delay?.disable();
    this.delay = undefined;
    this.observer?.disconnect();
    this.observer = undefined;
  }

  gcKinds(): GcKindRow[] {
    return [...this.gc.values()].map((row) => ({ ...row, totalMs: round(row.totalMs), maxMs: round(row.maxMs) })).sort((a, b) => b.count - a.count);
  }

  summary() {
    const memory = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const delay = this.delay;
    const gcRows = [...this.gc.values()];
    return {
      memory: {
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        heapLimit: heap.heap_size_limit,
        heapUsedPercent: round((memory.heapUsed / heap.heap_size_limit) * 100),
        external: memory.external,
        arrayBuffers: memory.arrayBuffers,
      },
      eventLoop: {
        // The histogram answers nanoseconds; NaN until it has a sample.
        meanMs: delay && Number.isFinite(delay.mean) ? round(delay.mean / NS_PER_MS) : null,
        p99Ms: delay && delay.count > 0 ? round(delay.percentile(99) / NS_PER_MS) : null,
        maxMs: delay && delay.count > 0 ? round(delay.max / NS_PER_MS) : null,
      },
      gc: {
        count: gcRows.reduce((sum, row) => sum + row.count, 0),
        totalMs: round(gcRows.reduce((sum, row) => sum + row.totalMs, 0)),
      },
      process: {
        pid: process.pid,
        uptimeSeconds: Math.round(process.uptime()),
        node: process.versions.node,
        v8: process.versions.v8,
        uv: process.versions.uv,
        openssl: process.versions.openssl,
        platform: `${process.platform} ${process.arch}`,
      },
    };
  }
}
