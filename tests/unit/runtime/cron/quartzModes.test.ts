import { describe, expect, it } from 'vitest';
import { cronError, formatInZone, nextFireTimes, parseCron } from '../../../../runtime/cron';

const next = (expr: string, start: string, zone = 'Asia/Shanghai', count = 5): string[] =>
  nextFireTimes(expr, { from: new Date(start), zone, count }).map((t) => formatInZone(t.getTime(), zone));

describe('Quartz modes', () => {
  it('weekday names and wrapping ranges (FRI-MON is Fri, Sat, Sun, Mon)', () => {
    expect(next('0 0 9 ? * FRI-MON', '2026-01-14T00:00:00+08:00')).toEqual([
      '2026-01-16T09:00:00+08:00',
      '2026-01-17T09:00:00+08:00',
      '2026-01-18T09:00:00+08:00',
      '2026-01-19T09:00:00+08:00',
      '2026-01-23T09:00:00+08:00',
    ]);
  });

  it('names are case-insensitive; month names and ranges', () => {
    expect(next('0 0 0 1 nov-jan ?', '2026-01-15T00:00:00+08:00', 'Asia/Shanghai', 3)).toEqual([
      '2026-11-01T00:00:00+08:00',
      '2026-12-01T00:00:00+08:00',
      '2027-01-01T00:00:00+08:00',
    ]);
  });

  it('after a name Quartz reads only -NAME, #n or L and ignores the rest', () => {
    expect(next('0 0 9 ? * MON-FRI/2', '2026-01-14T00:00:00+08:00', 'Asia/Shanghai', 3)).toEqual([
      '2026-01-14T09:00:00+08:00',
      '2026-01-15T09:00:00+08:00',
      '2026-01-16T09:00:00+08:00',
    ]);
    expect(cronError('0 0 9 ? * MONDAY')).toBeNull();
    expect(cronError('0 0 9 ? * MON-')).not.toBeNull();
    expect(cronError('0 0 9 ? * MON#9')).not.toBeNull();
  });

  it('steps in every field: a/b and */b', () => {
    expect(next('0 5/20 */6 * * ?', '2026-01-15T10:20:30+08:00', 'Asia/Shanghai', 4)).toEqual([
      '2026-01-15T12:05:00+08:00',
      '2026-01-15T12:25:00+08:00',
      '2026-01-15T12:45:00+08:00',
      '2026-01-15T18:05:00+08:00',
    ]);
    expect(next('0 0 0 1/10 */5 ?', '2026-01-15T10:20:30+08:00', 'Asia/Shanghai', 3)).toEqual([
      '2026-01-21T00:00:00+08:00',
      '2026-01-31T00:00:00+08:00',
      '2026-06-01T00:00:00+08:00',
    ]);
  });

  it('L-n is n days before the month end; LW the last weekday; L-nW the weekday nearest to it', () => {
    expect(next('0 0 0 L-3 * ?', '2026-01-15T00:00:00+08:00', 'Asia/Shanghai', 2)).toEqual([
      '2026-01-28T00:00:00+08:00',
      '2026-02-25T00:00:00+08:00',
    ]);
    // 2026-01-31 is a Saturday, 2026-05-31 a Sunday
    expect(next('0 0 0 LW * ?', '2026-01-15T00:00:00+08:00', 'Asia/Shanghai', 5)).toEqual([
      '2026-01-30T00:00:00+08:00',
      '2026-02-27T00:00:00+08:00',
      '2026-03-31T00:00:00+08:00',
      '2026-04-30T00:00:00+08:00',
      '2026-05-29T00:00:00+08:00',
    ]);
    // 2026-01-29 (L-2) is a Thursday; 2026-02-26 (L-2) Thursday; 2026-03-29 (L-2) Sunday → Monday 30th
    expect(next('0 0 0 L-2W * ?', '2026-01-15T00:00:00+08:00', 'Asia/Shanghai', 3)).toEqual([
      '2026-01-29T00:00:00+08:00',
      '2026-02-26T00:00:00+08:00',
      '2026-03-30T00:00:00+08:00',
    ]);
  });

  it('1W never leaves the month: a Saturday 1st moves to Monday the 3rd', () => {
    // 2026-08-01 is a Saturday
    expect(next('0 0 0 1W * ?', '2026-07-15T00:00:00+08:00', 'Asia/Shanghai', 1)).toEqual(['2026-08-03T00:00:00+08:00']);
  });

  it('n#k skips months without a k-th weekday; nL is the last one', () => {
    // fifth Monday: 2026-03-30, 2026-06-29, 2026-08-31
    expect(next('0 0 12 ? * MON#5', '2026-01-15T00:00:00+08:00', 'Asia/Shanghai', 3)).toEqual([
      '2026-03-30T12:00:00+08:00',
      '2026-06-29T12:00:00+08:00',
      '2026-08-31T12:00:00+08:00',
    ]);
    expect(next('0 0 12 ? * 2L', '2026-01-15T00:00:00+08:00', 'Asia/Shanghai', 2)).toEqual([
      '2026-01-26T12:00:00+08:00',
      '2026-02-23T12:00:00+08:00',
    ]);
  });

  it('a lone L in day-of-week is Saturday (7), as in Quartz', () => {
    expect(next('0 0 0 ? * L', '2026-01-15T00:00:00+08:00', 'Asia/Shanghai', 2)).toEqual([
      '2026-01-17T00:00:00+08:00',
      '2026-01-24T00:00:00+08:00',
    ]);
  });

  it('the year field limits the fire times; past years never fire', () => {
    expect(next('0 0 0 1 1 ? 2027,2029', '2026-01-15T00:00:00+08:00')).toEqual([
      '2027-01-01T00:00:00+08:00',
      '2029-01-01T00:00:00+08:00',
    ]);
    expect(next('0 0 0 1 1 ? 2020-2025', '2026-01-15T00:00:00+08:00')).toEqual([]);
  });

  it('strictly after: a start exactly on a fire time is skipped; milliseconds are dropped', () => {
    expect(next('0 0 12 * * ?', '2026-01-15T12:00:00.500+08:00', 'Asia/Shanghai', 1)).toEqual(['2026-01-16T12:00:00+08:00']);
  });
});

describe('DST like Quartz (java.util.Calendar)', () => {
  it('a wall time skipped by spring-forward does not fire that day', () => {
    // America/New_York 2026-03-08 02:00 → 03:00
    expect(next('0 30 2 * * ?', '2026-03-07T00:00:00-05:00', 'America/New_York', 3)).toEqual([
      '2026-03-07T02:30:00-05:00',
      '2026-03-09T02:30:00-04:00',
      '2026-03-10T02:30:00-04:00',
    ]);
  });

  it('an hourly job skips the missing hour', () => {
    expect(next('0 0 * * * ?', '2026-03-08T00:30:00-05:00', 'America/New_York', 3)).toEqual([
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T03:00:00-04:00',
      '2026-03-08T04:00:00-04:00',
    ]);
  });

  it('a wall time that occurs twice at fall-back fires once, at its standard-time reading', () => {
    // 2026-11-01 02:00 EDT → 01:00 EST
    expect(next('0 30 1 * * ?', '2026-10-31T12:00:00-04:00', 'America/New_York', 3)).toEqual([
      '2026-11-01T01:30:00-05:00',
      '2026-11-02T01:30:00-05:00',
      '2026-11-03T01:30:00-05:00',
    ]);
  });

  it('zones with half-hour offsets', () => {
    expect(next('0 0 9 * * ?', '2026-01-15T00:00:00Z', 'Asia/Kolkata', 1)).toEqual(['2026-01-15T09:00:00+05:30']);
  });
});

describe('expressions Quartz refuses', () => {
  const refused: Array<[string, string]> = [
    ['both day fields', '0 0 12 15 * MON'],
    ["'?' in both day fields", '0 0 12 ? * ?'],
    ["'?' outside the day fields", '? 0 12 * * ?'],
    ['too few fields', '0 0 12 * *'],
    ['too many fields', '0 0 12 * * ? 2026 1'],
    ['second 60', '60 * * * * ?'],
    ['minute 60', '0 60 * * * ?'],
    ['hour 24', '0 0 24 * * ?'],
    ['day 32', '0 0 0 32 * ?'],
    ['day 0', '0 0 0 0 * ?'],
    ['month 13', '0 0 0 1 13 ?'],
    ['weekday 0', '0 0 0 ? * 0'],
    ['weekday 8', '0 0 0 ? * 8'],
    ['second step 60', '*/60 * * * * ?'],
    ['hour step 24', '0 0 */24 * * ?'],
    ['nth 6', '0 0 0 ? * 2#6'],
    ['two nth', '0 0 0 ? * 2#1,3#2'],
    ['L with other weekdays', '0 0 0 ? * 1,6L'],
    ['L-31', '0 0 0 L-31 * ?'],
    ['L in the hour field', '0 0 L * * ?'],
    ['W in day-of-week', '0 0 0 ? * 5W'],
    ['L after a day-of-month', '0 0 0 5L * ?'],
    ['# in day-of-month', '0 0 0 1#2 * ?'],
    ['unknown month name', '0 0 0 1 FOO ?'],
    ['weekday name in month', '0 0 0 1 MON ?'],
    ['year range backwards', '0 0 0 1 1 ? 2030-2020'],
    ['garbage', 'every day'],
    ['empty', ''],
  ];
  for (const [what, expr] of refused) {
    it(`${what}: ${JSON.stringify(expr)}`, () => {
      const error = cronError(expr);
      expect(error).not.toBeNull();
      expect(error).toMatch(/[\u4e00-\u9fa5]/); // a Chinese message
    });
  }

  it('accepts */0 as every value, and a step 0 after a number keeps only that number (Quartz does)', () => {
    expect(parseCron('*/0 * * * * ?').seconds.size).toBe(60);
    expect([...parseCron('5/0 * * * * ?').seconds]).toEqual([5]);
    expect([...parseCron('1-5/0 * * * * ?').seconds]).toEqual([1]);
  });
});
