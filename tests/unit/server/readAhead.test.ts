/**
 * readAhead lets an import parse the next chunk of a workbook while the database works on this
 * one: the next item is asked for as soon as one is handed over, a failure comes where the caller
 * reaches it, and a caller stopping early ends the source.
 */
import { describe, expect, it } from 'vitest';
import { readAhead } from '../../../server/crud/entity/readAhead';

describe('readAhead', () => {
  it('asks for the next item while the caller is still busy with this one', async () => {
    const asked: number[] = [];
    async function* source() {
      for (let i = 0; i < 3; i++) {
        asked.push(i);
        yield i;
      }
    }
    const seen: { item: number; askedBefore: number[] }[] = [];
    for await (const item of readAhead(source())) {
      // The caller awaits (as for a query): the source meanwhile produces the next item.
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push({ item, askedBefore: [...asked] });
    }
    expect(seen).toEqual([
      { item: 0, askedBefore: [0, 1] },
      { item: 1, askedBefore: [0, 1, 2] },
      { item: 2, askedBefore: [0, 1, 2] },
    ]);
  });

  it('reports a failure of an item read ahead when the caller comes to it, never as unhandled', async () => {
    async function* source() {
      yield 1;
      throw new Error('文件已损坏');
    }
    const got: number[] = [];
    const run = async () => {
      for await (const item of readAhead(source())) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        got.push(item);
      }
    };
    await expect(run()).rejects.toThrow('文件已损坏');
    expect(got).toEqual([1]);
  });

  it('ends the source when the caller stops early', async () => {
    let ended = false;
    async function* source() {
      try {
        for (let i = 0; ; i++) yield i;
      } finally {
        ended = true;
      }
    }
    for await (const item of readAhead(source())) if (item === 2) break;
    expect(ended).toBe(true);
  });
});
