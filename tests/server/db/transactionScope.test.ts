import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { afterTransaction, insideTransaction, inTransaction } from '../../../server/db/transaction';

/** Enough of Kysely for inTransaction: a transaction that runs its callback at once. */
function fakeDb(): Kysely<unknown> {
  const trx = { isTransaction: true };
  return { isTransaction: false, transaction: () => ({ execute: (work: (t: unknown) => Promise<unknown>) => work(trx) }) } as unknown as Kysely<unknown>;
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('the scope of inTransaction', () => {
  it('is seen across awaits inside the transaction and not after it', async () => {
    const db = fakeDb();
    const seen: boolean[] = [];
    await inTransaction(db, async () => {
      seen.push(insideTransaction());
      await tick();
      seen.push(insideTransaction());
      await Promise.resolve();
      seen.push(insideTransaction());
    });
    expect(seen).toEqual([true, true, true]);
    expect(insideTransaction()).toBe(false);
  });

  it('stays seen by a transaction still open when another one ends, and is seen again by the next one', async () => {
    const db = fakeDb();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const after: string[] = [];
    const long = inTransaction(db, async () => {
      afterTransaction(() => void after.push('long'));
      await held;
      await tick();
      return insideTransaction();
    });
    await inTransaction(db, async () => {
      afterTransaction(() => void after.push('short'));
      await tick();
    });
    expect(after).toEqual(['short']);
    expect(insideTransaction()).toBe(false);
    release();
    expect(await long).toBe(true);
    expect(after).toEqual(['short', 'long']);
    // All ended: the scope was switched off; a new transaction switches it on again.
    expect(await inTransaction(db, async () => (await tick(), insideTransaction()))).toBe(true);
    expect(insideTransaction()).toBe(false);
  });

  it('ends its scope when the work fails', async () => {
    const db = fakeDb();
    await expect(inTransaction(db, async () => { await tick(); throw new Error('boom'); })).rejects.toThrow('boom');
    expect(insideTransaction()).toBe(false);
    expect(await inTransaction(db, async () => insideTransaction())).toBe(true);
  });
});
