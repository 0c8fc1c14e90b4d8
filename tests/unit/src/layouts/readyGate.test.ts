import { describe, expect, it } from 'vitest';
import { createReadyGate, MENU_CLICK_WAIT_MS, type GateTimer } from '../../../../src/layouts/BasicLayout/readyGate';

/** A timer the test fires by hand. */
function manualTimer(): GateTimer & { fire(): void; pending(): number } {
  const waiting = new Map<number, () => void>();
  let next = 0;
  return {
    setTimeout(callback) {
      next += 1;
      waiting.set(next, callback);
      return next;
    },
    clearTimeout(handle) {
      waiting.delete(handle as number);
    },
    fire() {
      const callbacks = [...waiting.values()];
      waiting.clear();
      callbacks.forEach((callback) => callback());
    },
    pending: () => waiting.size,
  };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a menu click waiting for its rows', () => {
  it('goes at once, synchronously, when nothing was sent', () => {
    const gate = createReadyGate(MENU_CLICK_WAIT_MS, manualTimer());
    const went: string[] = [];
    gate.pass(undefined, () => went.push('users'));
    expect(went).toEqual(['users']);
  });

  it('goes when the answer is in, once, and stops its timer', async () => {
    const timer = manualTimer();
    const gate = createReadyGate(200, timer);
    const rows = deferred();
    const went: string[] = [];
    gate.pass(rows.promise, () => went.push('experts'));
    await settle();
    expect(went).toEqual([]);
    rows.resolve();
    await settle();
    expect(went).toEqual(['experts']);
    expect(timer.pending()).toBe(0);
  });

  it('goes when the wait is over even though the answer is not in, and not again when it comes', async () => {
    const timer = manualTimer();
    const gate = createReadyGate(200, timer);
    const rows = deferred();
    const went: string[] = [];
    gate.pass(rows.promise, () => went.push('cases'));
    timer.fire();
    expect(went).toEqual(['cases']);
    rows.resolve();
    await settle();
    expect(went).toEqual(['cases']);
  });

  it('goes on a failed request too (the page tells the failure)', async () => {
    const gate = createReadyGate(200, manualTimer());
    const rows = deferred();
    const went: string[] = [];
    gate.pass(rows.promise, () => went.push('experts'));
    rows.reject(new Error('offline'));
    await settle();
    expect(went).toEqual(['experts']);
  });

  it('a second click lets the first go at once, then waits itself; a dropped one goes nowhere', async () => {
    const gate = createReadyGate(200, manualTimer());
    const first = deferred();
    const second = deferred();
    const went: string[] = [];
    gate.pass(first.promise, () => went.push('experts'));
    gate.pass(second.promise, () => went.push('users'));
    expect(went).toEqual(['experts']);
    first.resolve();
    await settle();
    expect(went).toEqual(['experts']);
    second.resolve();
    await settle();
    expect(went).toEqual(['experts', 'users']);
    const third = deferred();
    gate.pass(third.promise, () => went.push('cases'));
    gate.drop();
    third.resolve();
    await settle();
    expect(went).toEqual(['experts', 'users']);
  });

  it('a click on a page with nothing to wait for goes after the one still waiting, in order', async () => {
    const gate = createReadyGate(200, manualTimer());
    const rows = deferred();
    const went: string[] = [];
    gate.pass(rows.promise, () => went.push('experts'));
    gate.pass(undefined, () => went.push('home'));
    expect(went).toEqual(['experts', 'home']);
    rows.resolve();
    await settle();
    expect(went).toEqual(['experts', 'home']);
  });
});
