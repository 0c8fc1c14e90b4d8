import { describe, expect, it } from 'vitest';
import { ok, okJsonText } from '../../../server/http/envelope';

describe('an answer whose result is JSON text already', () => {
  it('is the same text as the envelope ok() serialised', () => {
    const result = { menu: [{ id: 'a', meta: { title: '首页 "引号" \\ 斜杠' } }], auth: [], dictVersion: 'v1', n: null };
    const sent = JSON.parse(okJsonText(JSON.stringify(result), '完成')) as { timestamp: number };
    const expected = ok(result, '完成');
    expect(okJsonText(JSON.stringify(result), '完成')).toBe(JSON.stringify({ ...expected, timestamp: sent.timestamp }));
    expect(Math.abs(sent.timestamp - expected.timestamp)).toBeLessThan(60_000);
  });

  it('keeps the empty message of ok()', () => {
    const text = okJsonText('[1,2]');
    expect(JSON.parse(text)).toEqual({ ...ok([1, 2]), timestamp: (JSON.parse(text) as { timestamp: number }).timestamp });
  });
});
