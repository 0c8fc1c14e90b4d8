import { describe, expect, it } from 'vitest';
import { createClickThrottle } from '../../../../runtime/validation/clickThrottle';

function clock(start = 1_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('click throttle (spec §5: 300 ms on the same action)', () => {
  it('refuses a second click on the same action within 300 ms with the product message', () => {
    const { now, advance } = clock();
    const click = createClickThrottle(300, now);
    expect(click('add')).toEqual({ allowed: true });
    advance(299);
    expect(click('add')).toEqual({ allowed: false, message: '你点击的太快了，请慢点点击!' });
  });

  it('accepts the click again once 300 ms have passed', () => {
    const { now, advance } = clock();
    const click = createClickThrottle(undefined, now);
    click('export');
    advance(300);
    expect(click('export')).toEqual({ allowed: true });
  });

  it('does not let one action hold up another', () => {
    const { now } = clock();
    const click = createClickThrottle(300, now);
    expect(click('add').allowed).toBe(true);
    expect(click('delete').allowed).toBe(true);
  });

  it('measures from the last accepted click, so steady clicking gets through once per window', () => {
    const { now, advance } = clock();
    const click = createClickThrottle(300, now);
    const verdicts = [0, 200, 200, 200, 200].map((step) => {
      advance(step);
      return click('query').allowed;
    });
    // t=0 yes, 200 no, 400 yes, 600 no, 800 yes
    expect(verdicts).toEqual([true, false, true, false, true]);
  });
});
