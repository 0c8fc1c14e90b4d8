import { describe, expect, it } from 'vitest';
import { cronError, formatInZone, nextFireTimes } from '../../../../runtime/cron';
import { readSharedVectors } from '../../../support/sharedVectors';

interface Vector {
  expr: string;
  zone: string;
  start: string;
  next: string[] | null;
  error: string | null;
}

const { vectors } = readSharedVectors<{ vectors: Vector[] }>('cron-quartz-sample.json');

describe('Quartz 2.5 vectors (next 10 fire times strictly after start)', () => {
  it('has vectors', () => expect(vectors.length).toBeGreaterThan(0));
  for (const v of vectors) {
    it(`${JSON.stringify(v.expr)} in ${v.zone} after ${v.start}`, () => {
      if (v.error !== null) {
        // Quartz refuses it: compare validity, not the text
        expect(cronError(v.expr)).not.toBeNull();
        return;
      }
      expect(cronError(v.expr)).toBeNull();
      const times = nextFireTimes(v.expr, { from: new Date(v.start), zone: v.zone, count: 10 });
      expect(times.map((t) => formatInZone(t.getTime(), v.zone))).toEqual(v.next ?? []);
    });
  }
});
