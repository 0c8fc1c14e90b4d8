import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatMonitorValue, formatSeconds, UNAVAILABLE, valueAt } from '../../../../runtime/monitor/format';

describe('monitor values', () => {
  it('reads a value by its dotted path; a missing step is undefined', () => {
    const answer = { memory: { heapUsed: 12, zero: 0 }, notes: ['x'] };
    expect(valueAt(answer, 'memory.heapUsed')).toBe(12);
    expect(valueAt(answer, 'memory.zero')).toBe(0);
    expect(valueAt(answer, 'memory.rss')).toBeUndefined();
    expect(valueAt(answer, 'memory.heapUsed.deeper')).toBeUndefined();
    expect(valueAt(null, 'memory')).toBeUndefined();
    // Only own properties: no reading up the prototype chain.
    expect(valueAt(answer, 'memory.toString')).toBeUndefined();
  });

  it('shows bytes 1024 based with up to three significant digits', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024 + 300 * 1024)).toBe('10.3 MB');
    expect(formatBytes(250 * 1024 ** 3)).toBe('250 GB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 TB');
  });

  it('shows milliseconds as ms, s, then minutes and seconds', () => {
    expect(formatDuration(0.423)).toBe('0.42 ms');
    expect(formatDuration(12.34)).toBe('12.3 ms');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(185_000)).toBe('3 分 5 秒');
  });

  it('shows a span of seconds in its two largest units', () => {
    expect(formatSeconds(45)).toBe('45 秒');
    expect(formatSeconds(185)).toBe('3 分 5 秒');
    expect(formatSeconds(4 * 3600 + 120)).toBe('4 小时 2 分');
    expect(formatSeconds(3 * 86_400 + 4 * 3600 + 5)).toBe('3 天 4 小时');
  });

  it('formats by the declared format, with a suffix; null is 不可用, never 0', () => {
    expect(formatMonitorValue(1234567.891, 'number')).toBe('1,234,567.89');
    expect(formatMonitorValue(12.5, 'percent')).toBe('12.5%');
    expect(formatMonitorValue(2048, 'bytes')).toBe('2 KB');
    expect(formatMonitorValue(500, 'number', '条')).toBe('500 条');
    expect(formatMonitorValue('v20.11.1')).toBe('v20.11.1');
    expect(formatMonitorValue(null, 'number')).toBe(UNAVAILABLE);
    expect(formatMonitorValue(undefined, 'bytes')).toBe(UNAVAILABLE);
    expect(formatMonitorValue('2026-11-27 10:00:00', 'datetime')).toBe('2026-11-27 10:00:00');
    expect(formatMonitorValue(new Date(2026, 10, 27, 9, 5, 7).getTime(), 'datetime')).toBe('2026-11-27 09:05:07');
    expect(formatMonitorValue('abc', 'bytes')).toBe('abc');
  });
});

describe('list columns formatted bytes and duration', () => {
  it('show measured sizes and times; a value the server could not measure is 不可用', async () => {
    const { loadPageSchema } = await import('../../../../runtime/schema/loadPageSchema');
    const { cellText } = await import('../../../../runtime/views/list/cellText');
    const fs = await import('node:fs');
    const load = (name: string) => {
      const loaded = loadPageSchema(JSON.parse(fs.readFileSync(`schemas/pages/monitor/${name}.json`, 'utf8')), name);
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
      return loaded.page;
    };
    const column = (name: string, field: string) => load(name).list.columns.find((c) => c.field.name === field)!;
    const dict = {} as never;
    expect(cellText(column('disk', 'total'), { total: 250 * 1024 ** 3 }, dict)).toBe('250 GB');
    expect(cellText(column('disk', 'total'), { total: null }, dict)).toBe(UNAVAILABLE);
    expect(cellText(column('httpTrace', 'durationMs'), { durationMs: 12.34 }, dict)).toBe('12.3 ms');
  });
});
