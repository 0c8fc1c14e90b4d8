import { describe, expect, it } from 'vitest';
import { roundComputed } from '../../../../runtime/schema/computedValue';

describe('a computed number kept to its field', () => {
  const money = { type: 'money' as const, scale: 2 };

  it('loses binary noise: 100.1 + 200.2 is 300.3 in a money field', () => {
    expect(roundComputed(money, 100.1 + 200.2)).toBe(300.3);
    expect(roundComputed({ type: 'number' }, 0.1 + 0.2)).toBe(0.3);
  });

  it('rounds half away from zero on the decimal shown, as a numeric column does', () => {
    expect(roundComputed(money, 1.005)).toBe(1.01);
    expect(roundComputed(money, -1.005)).toBe(-1.01);
    expect(roundComputed(money, -0.001)).toBe(0);
    expect(roundComputed({ type: 'integer' }, 2.5)).toBe(3);
    expect(roundComputed({ type: 'number', scale: 4 }, 1.23456)).toBe(1.2346);
  });

  it('leaves other values alone: texts, non-numeric fields, what is not a finite number', () => {
    expect(roundComputed({ type: 'string' }, 1.23456)).toBe(1.23456);
    expect(roundComputed(money, '1.234')).toBe('1.234');
    expect(roundComputed(money, null)).toBeNull();
    expect(roundComputed(money, Number.NaN)).toBeNaN();
    expect(roundComputed(money, 1e21)).toBe(1e21);
  });
});
