import { describe, expect, it } from 'vitest';
import { greetingAt, greetingByHour } from '../../../../src/layouts/BasicLayout/greeting';

describe('greeting by hour (spec §2)', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('at %i o’clock says %s', (hour, text) => {
    expect(greetingByHour(hour)).toBe(text);
  });

  it('reads the hour of a date: 8:59 is still morning, 11:59 still forenoon', () => {
    expect(greetingAt(new Date(2025, 0, 1, 8, 59))).toBe('早上好');
    expect(greetingAt(new Date(2025, 0, 1, 11, 59))).toBe('上午好');
    expect(greetingAt(new Date(2025, 0, 1, 19, 59))).toBe('下午好');
  });
});
