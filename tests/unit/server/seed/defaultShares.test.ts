/**
 * 默认分摊比例 (server/seed/demo/shares.ts): 复核 0, 协办 20, 查勘/其他 10, 主办 the rest; without exactly one
 * 主办 or when the others take more than 100, the members but 复核 share equally, the first taking the
 * rounding remainder — always 100 in all, in whole cents of a percent.
 */
import { describe, expect, it } from 'vitest';
import { defaultShares } from '../../../../server/seed/demo/shares';

const total = (shares: number[]) => shares.reduce((s, x) => s + Math.round(x * 100), 0);

describe('default shares of a case’s members', () => {
  it('gives 主办 the rest after the fixed shares', () => {
    expect(defaultShares(['handler'])).toEqual([100]);
    expect(defaultShares(['handler', 'assistant', 'surveyor', 'reviewer'])).toEqual([70, 20, 10, 0]);
    expect(defaultShares(['assistant', 'handler', 'other'])).toEqual([20, 70, 10]);
  });

  it('shares equally without one 主办, or when the others would take more than 100', () => {
    expect(defaultShares(['assistant', 'surveyor', 'reviewer'])).toEqual([50, 50, 0]);
    expect(defaultShares(['assistant', 'assistant', 'surveyor'])).toEqual([33.34, 33.33, 33.33]);
    const crowded = defaultShares(['handler', ...Array<string>(6).fill('assistant')]);
    expect(crowded[0]).toBe(14.32);
    expect(total(crowded)).toBe(10_000);
    expect(defaultShares(['reviewer'])).toEqual([0]);
    expect(defaultShares([])).toEqual([]);
  });
});
