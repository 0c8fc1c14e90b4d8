/**
 * The monitor's clock: calls `tick` every `intervalMs` while running and not paused, never two
 * ticks at once (a slow answer delays the next tick instead of piling requests up). Headless and
 * timer-injectable, so the view and the tests share it.
 */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class AutoRefresh {
  private handle: unknown;
  private running = false;
  private paused = false;
  private busy = false;

  constructor(
    private readonly intervalMs: number,
    private readonly tick: () => Promise<void>,
    private readonly timers: Timers = browserTimers,
  ) {}

  /** Ticks at once, then every interval. */
  start(): void {
    if (this.running) return;
    this.running = true;
    void this.run();
  }

  stop(): void {
    this.running = false;
    this.cancel();
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** Paused: no tick until resumed; resuming ticks at once. */
  setPaused(paused: boolean): void {
    if (paused === this.paused) return;
    this.paused = paused;
    if (paused) this.cancel();
    else if (this.running) void this.run();
  }

  /** One tick now (刷新), paused or not; the interval starts again after it. */
  refreshNow(): Promise<void> {
    this.cancel();
    return this.run(true);
  }

  private cancel(): void {
    if (this.handle !== undefined) this.timers.clearTimeout(this.handle);
    this.handle = undefined;
  }

  private async run(force = false): Promise<void> {
    if (this.busy || !this.running || (this.paused && !force)) return;
    this.busy = true;
    try {
      await this.tick();
    } catch {
      // The view shows the failure; the clock keeps going.
    } finally {
      this.busy = false;
    }
    if (this.running && !this.paused) {
      this.cancel();
      this.handle = this.timers.setTimeout(() => void this.run(), this.intervalMs);
    }
  }
}
