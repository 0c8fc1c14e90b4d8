import { describe, expect, it } from 'vitest';
import { TickBatch } from '../../../../../runtime/widgets/batching/tickBatch';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('TickBatch', () => {
  it('runs the keys asked for in one tick together, once each', async () => {
    const runs: string[][] = [];
    const batch = new TickBatch<string>(async (keys) => {
      runs.push(keys);
    });
    const a = batch.add(['u1', 'u2']);
    const b = batch.add(['u2', 'u3']);
    await Promise.all([a, b]);
    expect(runs).toEqual([['u1', 'u2', 'u3']]);
  });

  it('runs keys asked for while a run is under way right after it, in the same promise', async () => {
    const runs: string[][] = [];
    const gate = deferred();
    const batch = new TickBatch<string>(async (keys) => {
      runs.push(keys);
      if (runs.length === 1) await gate.promise;
    });
    const first = batch.add(['page1']);
    await Promise.resolve();
    await Promise.resolve();
    const second = batch.add(['page2']);
    expect(second).toBe(first);
    gate.resolve();
    await second;
    expect(runs).toEqual([['page1'], ['page2']]);
  });

  it('starts a new run for keys asked for after the last one settled', async () => {
    const runs: string[][] = [];
    const batch = new TickBatch<string>(async (keys) => {
      runs.push(keys);
    });
    await batch.add(['a']);
    await batch.add(['b']);
    expect(runs).toEqual([['a'], ['b']]);
  });

  it('settles even when a run fails, and runs again on the next ask', async () => {
    let calls = 0;
    const batch = new TickBatch<string>(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
    });
    await expect(batch.add(['a'])).rejects.toThrow('offline');
    await batch.add(['b']);
    expect(calls).toBe(2);
  });
});
