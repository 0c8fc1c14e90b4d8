import { describe, expect, it } from 'vitest';
import { SCHEDULER_ZONE, cronError } from '../../../../runtime/cron';
import {
  defaultPart,
  defaultState,
  parseExpression,
  PART_BOUNDS,
  PART_KEYS,
  setPart,
  specifyValues,
  toExpression,
  type CronEditorState,
  type PartKey,
  type PartState,
} from '../../../../runtime/widgets/cron/model';
import { previewTimes, withoutYear } from '../../../../runtime/widgets/cron/preview';

const part = (key: PartKey, patch: Partial<PartState>): PartState => ({ ...defaultPart(key), ...patch });
const change = (state: CronEditorState, key: PartKey, patch: Partial<PartState>) => setPart(state, key, part(key, patch));

describe('cron editor model: expression ↔ parts', () => {
  it('defaults: week ?, the others * (§3, year included)', () => {
    expect(toExpression(defaultState())).toBe('* * * * * ? *');
  });

  it('reads and writes every type', () => {
    for (const expr of [
      '0 0/5 9-17 ? * 2-6',
      '0 0 12 15W * ?',
      '0 0 0 L * ?',
      '0 0 0 LW * ?',
      '0 0 0 L-3 * ?',
      '0 0 12 ? * 2#3',
      '0 0 12 ? * 6L',
      '0,15,30 1,2 3 ? 1,6 1,7',
      '0 0 12 1 1 ? 2027-2030',
      '0 0 12 1 1 ? 2027/2',
    ]) {
      expect(toExpression(parseExpression(expr))).toBe(expr);
      expect(cronError(expr)).toBeNull();
    }
  });

  it('reads names as Quartz numbers (SUN = 1, JAN = 1)', () => {
    expect(toExpression(parseExpression('0 0 9 ? JAN-MAR MON-FRI'))).toBe('0 0 9 ? 1-3 2-6');
    expect(toExpression(parseExpression('0 0 9 ? * sun'))).toBe('0 0 9 ? * 1');
  });

  it('specify with an empty list means the minimum', () => {
    const s = change(defaultState(), 'second', { type: 'specify', list: [] });
    expect(toExpression(s).split(' ')[0]).toBe('0');
    const d = change(defaultState(), 'day', { type: 'specify', list: [] });
    expect(toExpression(d).split(' ')[3]).toBe('1');
  });

  it('text that is no expression falls back to the defaults', () => {
    expect(toExpression(parseExpression('not a cron'))).toBe('* * * * * ? *');
  });

  it('keeps parts the tabs cannot show as they are, until the user chooses another type', () => {
    const state = parseExpression('10-40/7 1-5,10 * L-3W * ?');
    expect(state.second).toMatchObject({ type: 'custom', raw: '10-40/7' });
    expect(state.day).toMatchObject({ type: 'custom', raw: 'L-3W' });
    expect(toExpression(state)).toBe('10-40/7 1-5,10 * L-3W * ?');
    const changed = change(state, 'second', { type: 'specify', list: [5] });
    expect(toExpression(changed)).toBe('5 1-5,10 * L-3W * ?');
  });
});

describe('cron editor model: the coupling rules of §4', () => {
  it('setting week makes day ?; setting day makes week ?', () => {
    const w = change(defaultState(), 'week', { type: 'specify', list: [2, 3] });
    expect(w.day.type).toBe('unset');
    expect(toExpression(w).split(' ').slice(3, 6)).toEqual(['?', '*', '2,3']);
    const d = change(w, 'day', { type: 'last' });
    expect(d.week.type).toBe('unset');
    expect(toExpression(d).split(' ').slice(3, 6)).toEqual(['L', '*', '?']);
  });

  it('changing minute while second is * sets second 0', () => {
    const s = change(defaultState(), 'minute', { type: 'loop', loopStart: 0, interval: 5 });
    expect(toExpression(s)).toBe('0 0/5 * * * ? *');
  });

  it('a second that is not * is kept when minute changes', () => {
    const s0 = change(defaultState(), 'second', { type: 'specify', list: [30] });
    expect(toExpression(change(s0, 'minute', { type: 'specify', list: [10] }))).toBe('30 10 * * * ? *');
  });

  it('changing hour while minute is * sets minute 0 (and second, one level down)', () => {
    expect(toExpression(change(defaultState(), 'hour', { type: 'range', start: 9, end: 17 }))).toBe('0 0 9-17 * * ? *');
  });

  it('changing day while hour is * sets hour 0, down to the second', () => {
    expect(toExpression(change(defaultState(), 'day', { type: 'workday', workDay: 15 }))).toBe('0 0 0 15W * ? *');
  });

  it('changing week while hour is * sets hour 0', () => {
    expect(toExpression(change(defaultState(), 'week', { type: 'nthWeekday', weekday: 2, nth: 3 }))).toBe('0 0 0 ? * 2#3 *');
  });

  it('setting month while day ? and week * sets week 1', () => {
    const weekEvery = change(defaultState(), 'week', { type: 'every' });
    expect(weekEvery.day.type).toBe('unset');
    const s = change(weekEvery, 'month', { type: 'specify', list: [3] });
    expect(toExpression(s).split(' ').slice(3, 6)).toEqual(['?', '3', '1']);
  });

  it('setting year while month * sets month 1', () => {
    const s = change(defaultState(), 'year', { type: 'specify', list: [2027] });
    expect(toExpression(s).split(' ').slice(4)).toEqual(['1', '?', '2027']);
  });

  it('skipping a field is allowed: day and year can be left unset', () => {
    const s = change(change(defaultState(), 'week', { type: 'specify', list: [1] }), 'year', { type: 'unset' });
    expect(toExpression(s)).toBe('0 0 0 ? * 1');
    expect(cronError(toExpression(s))).toBeNull();
  });

  it('the e2e scenario: every 5 minutes at second 0 on weekdays', () => {
    let s = change(defaultState(), 'minute', { type: 'loop', loopStart: 0, interval: 5 });
    s = change(s, 'week', { type: 'range', start: 2, end: 6 });
    expect(toExpression(s)).toBe('0 0/5 0 ? * 2-6 *'); // week set hour 0 (§4) …
    s = change(s, 'hour', { type: 'every' }); // … so the user puts hour back to every
    expect(toExpression(s)).toBe('0 0/5 * ? * 2-6 *');
  });
});

describe('cron editor bounds (§5) and preview (§9)', () => {
  it('bounds', () => {
    expect(PART_BOUNDS.second).toEqual({ min: 0, max: 59, maxInterval: 59 });
    // §5 says 60, Quartz refuses steps above 59: the dialog must not build what the server refuses.
    expect(PART_BOUNDS.minute).toEqual({ min: 0, max: 59, maxInterval: 59 });
    expect(PART_BOUNDS.hour).toMatchObject({ min: 0, max: 23 });
    expect(PART_BOUNDS.day).toMatchObject({ min: 1, max: 31 });
    expect(PART_BOUNDS.week).toMatchObject({ min: 1, max: 7 });
    expect(PART_BOUNDS.month).toMatchObject({ min: 1, max: 12 });
    expect(PART_BOUNDS.year).toEqual({ min: 2019, max: 2119, maxInterval: 99 });
    expect(specifyValues('year', 2026)).toHaveLength(101);
    expect(specifyValues('year', 2026).at(-1)).toBe(2126);
    expect(PART_KEYS).toHaveLength(7);
  });

  it('previews the next 10 times ignoring the year, 无执行时间 material when none', () => {
    const now = new Date('2026-01-15T10:20:30+08:00').getTime();
    const p = previewTimes('0 0 12 * * ? 2019', now);
    expect(p.times).toHaveLength(10);
    expect(p.times?.[0]).toBe('2026-01-15 12:00:00');
    expect(withoutYear('0 0 12 * * ? 2019')).toBe('0 0 12 * * ?');
    expect(previewTimes('0 0 0 31 2 ?', now).times).toEqual([]);
    expect(previewTimes('0 0 12 15 * MON', now).error).toBeTruthy();
  });

  it('previews in the scheduler\'s zone (Beijing time) whatever the browser\'s zone', () => {
    expect(SCHEDULER_ZONE).toBe('Asia/Shanghai');
    const browserZone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // 13:00 in Beijing is midnight in New York: noon has passed in Beijing, not yet there.
      const now = new Date('2026-01-15T13:00:00+08:00').getTime();
      expect(previewTimes('0 0 12 * * ?', now).times?.slice(0, 2)).toEqual(['2026-01-16 12:00:00', '2026-01-17 12:00:00']);
    } finally {
      if (browserZone === undefined) delete process.env.TZ;
      else process.env.TZ = browserZone;
    }
  });
});
