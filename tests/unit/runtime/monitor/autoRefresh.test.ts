import { describe, expect, it } from 'vitest';
import { AutoRefresh, type Timers } from '../../../../runtime/monitor/autoRefresh';

/** Timers the test advances by hand. */
function manualTimers() {
  let pending: { run: () => void; ms: number } | undefined;
  const timers: Timers = {
    setTimeout: (run, ms) => {
      pending = { run, ms };
      return pending;
    },
    clearTimeout: (handle) => {
      if (handle === pending) pending = undefined;
    },
  };
  return {
    timers,
    get pendingMs() {
      return pending?.ms;
    },
    async fire() {
      const next = pending;
      pending = undefined;
      next?.run();
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

const settle = async () => {
  for (let i = 0; i < 3; i += 1) await Promise.resolve();
};

describe('the monitor clock', () => {
  it('ticks at start, then every interval', async () => {
    const clock = manualTimers();
    let ticks = 0;
    const refresh = new AutoRefresh(5000, async () => void (ticks += 1), clock.timers);
    refresh.start();
    await settle();
    expect(ticks).toBe(1);
    expect(clock.pendingMs).toBe(5000);
    await clock.fire();
    await clock.fire();
    expect(ticks).toBe(3);
  });

  it('pausing stops the ticks; resuming ticks at once and goes on', async () => {
    const clock = manualTimers();
    let ticks = 0;
    const refresh = new AutoRefresh(5000, async () => void (ticks += 1), clock.timers);
    refresh.start();
    await settle();
    refresh.setPaused(true);
    expect(refresh.isPaused).toBe(true);
    expect(clock.pendingMs).toBeUndefined();
    await clock.fire();
    expect(ticks).toBe(1);
    refresh.setPaused(false);
    await settle();
    expect(ticks).toBe(2);
    expect(clock.pendingMs).toBe(5000);
  });

  it('刷新 ticks once while paused, without starting the clock again', async () => {
    const clock = manualTimers();
    let ticks = 0;
    const refresh = new AutoRefresh(5000, async () => void (ticks += 1), clock.timers);
    refresh.start();
    await settle();
    refresh.setPaused(true);
    await refresh.refreshNow();
    expect(ticks).toBe(2);
    expect(clock.pendingMs).toBeUndefined();
  });

  it('never runs two ticks at once: a slow answer delays the next tick', async () => {
    const clock = manualTimers();
    let running = 0;
    let most = 0;
    let release: () => void = () => undefined;
    const refresh = new AutoRefresh(
      1000,
      () =>
        new Promise<void>((resolve) => {
          running += 1;
          most = Math.max(most, running);
          release = () => {
            running -= 1;
            resolve();
          };
        }),
      clock.timers,
    );
    refresh.start();
    void refresh.refreshNow();
    expect(most).toBe(1);
    // No next tick is planned while one is running.
    expect(clock.pendingMs).toBeUndefined();
    release();
    await settle();
    expect(clock.pendingMs).toBe(1000);
  });

  it('a failing tick does not stop the clock; stop does', async () => {
    const clock = manualTimers();
    let ticks = 0;
    const refresh = new AutoRefresh(
      1000,
      async () => {
        ticks += 1;
        throw new Error('网络错误');
      },
      clock.timers,
    );
    refresh.start();
    await settle();
    expect(clock.pendingMs).toBe(1000);
    refresh.stop();
    expect(clock.pendingMs).toBeUndefined();
    await clock.fire();
    expect(ticks).toBe(1);
  });
});
