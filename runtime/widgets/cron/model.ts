/**
 * The cron editor's model (widgets.md §3–§5): a Quartz expression ↔ one state per part (秒 分 时 日 月
 * 周 年), and the coupling rules of §4 applied when a part changes. Headless: the dialog renders it.
 *
 * Part types (§4): not set '?', every '*', range 'a-b', loop 'a/b', work day 'nW', last 'L', specify
 * (a comma list; an empty list means the minimum). The day part also offers last weekday 'LW' and
 * days before month end 'L-n'; the week part the last given weekday 'xL' and the nth weekday of the
 * month 'x#n'. An unset year is left out (six parts).
 */

export const PART_KEYS = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'] as const;
export type PartKey = (typeof PART_KEYS)[number];

export type PartType =
  | 'unset'
  | 'every'
  | 'range'
  | 'loop'
  | 'workday'
  | 'last'
  | 'lastWorkday'
  | 'beforeEnd'
  | 'nthWeekday'
  | 'lastWeekday'
  | 'specify'
  | 'custom';

export interface PartState {
  readonly type: PartType;
  /** range a-b */
  readonly start: number;
  readonly end: number;
  /** loop a/b */
  readonly loopStart: number;
  readonly interval: number;
  /** work day nW (day) */
  readonly workDay: number;
  /** L-n (day) */
  readonly beforeEnd: number;
  /** xL and x#n (week): the weekday x, 1 = Sunday */
  readonly weekday: number;
  /** x#n (week): n */
  readonly nth: number;
  /** specify */
  readonly list: readonly number[];
  /** custom: a part's text no tab can show (a stepped range '10-40/7', a mixed list '1-5,10'), kept as it is. */
  readonly raw: string;
}

export type CronEditorState = Readonly<Record<PartKey, PartState>>;

export interface PartBounds {
  readonly min: number;
  readonly max: number;
  /** Largest loop interval. */
  readonly maxInterval: number;
}

/** §5 bounds. The year range is 2019-2119 (§5); range start min 0, end min 1, interval min 1 apply within them. */
export const PART_BOUNDS: Readonly<Record<PartKey, PartBounds>> = {
  second: { min: 0, max: 59, maxInterval: 59 },
  // §5 allows a minute step of 60, but Quartz (and so the server) refuses steps above 59.
  minute: { min: 0, max: 59, maxInterval: 59 },
  hour: { min: 0, max: 23, maxInterval: 23 },
  day: { min: 1, max: 31, maxInterval: 31 },
  month: { min: 1, max: 12, maxInterval: 12 },
  week: { min: 1, max: 7, maxInterval: 7 },
  year: { min: 2019, max: 2119, maxInterval: 99 },
};

export const NTH_WEEKDAY_MAX = 5;

/** Which types each part's tab offers, in the order shown. */
export const PART_TYPES: Readonly<Record<PartKey, readonly PartType[]>> = {
  second: ['every', 'range', 'loop', 'specify'],
  minute: ['every', 'range', 'loop', 'specify'],
  hour: ['every', 'range', 'loop', 'specify'],
  day: ['unset', 'every', 'range', 'loop', 'workday', 'last', 'lastWorkday', 'beforeEnd', 'specify'],
  month: ['every', 'range', 'loop', 'specify'],
  week: ['unset', 'every', 'range', 'loop', 'nthWeekday', 'lastWeekday', 'specify'],
  year: ['unset', 'every', 'range', 'loop', 'specify'],
};

export function defaultPart(key: PartKey, type: PartType = key === 'week' ? 'unset' : 'every'): PartState {
  const b = PART_BOUNDS[key];
  return {
    type,
    start: b.min,
    end: Math.min(b.min + 1, b.max),
    loopStart: b.min,
    interval: 1,
    workDay: 1,
    beforeEnd: 1,
    weekday: 2,
    nth: 1,
    list: [],
    raw: '',
  };
}

/** Defaults (§3): week '?', the others '*'. */
export function defaultState(): CronEditorState {
  return Object.fromEntries(PART_KEYS.map((k) => [k, defaultPart(k)])) as unknown as CronEditorState;
}

const WEEK_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Names to Quartz numbers (SUN = 1 … SAT = 7, JAN = 1 … DEC = 12), so the tabs show numbers. */
function numbersFor(key: PartKey, text: string): string {
  if (key === 'week') return text.replace(/[A-Z]{3}/g, (n) => (WEEK_NAMES.includes(n) ? String(WEEK_NAMES.indexOf(n) + 1) : n));
  if (key === 'month') return text.replace(/[A-Z]{3}/g, (n) => (MONTH_NAMES.includes(n) ? String(MONTH_NAMES.indexOf(n) + 1) : n));
  return text;
}

/**
 * One part's text → state. Text the tabs cannot show (e.g. '1-5/2') is kept as a 'custom' part,
 * written back unchanged unless the user chooses another type: opening and confirming the dialog
 * never changes an expression behind the user's back.
 */
export function parsePart(key: PartKey, raw: string | undefined): PartState {
  const base = defaultPart(key);
  if (raw === undefined || raw === '') return key === 'year' ? defaultPart(key, 'unset') : base;
  const text = numbersFor(key, raw.toUpperCase());
  let m: RegExpExecArray | null;
  if (text === '?') return { ...base, type: 'unset' };
  if (text === '*') return { ...base, type: 'every' };
  if ((m = /^(\d+)-(\d+)$/.exec(text))) return { ...base, type: 'range', start: Number(m[1]), end: Number(m[2]) };
  if ((m = /^(\d+|\*)\/(\d+)$/.exec(text))) {
    return { ...base, type: 'loop', loopStart: m[1] === '*' ? PART_BOUNDS[key].min : Number(m[1]), interval: Number(m[2]) };
  }
  if (key === 'day') {
    if (text === 'L') return { ...base, type: 'last' };
    if (text === 'LW') return { ...base, type: 'lastWorkday' };
    if ((m = /^L-(\d+)$/.exec(text))) return { ...base, type: 'beforeEnd', beforeEnd: Number(m[1]) };
    if ((m = /^(\d+)W$/.exec(text))) return { ...base, type: 'workday', workDay: Number(m[1]) };
  }
  if (key === 'week') {
    if ((m = /^(\d)L$/.exec(text))) return { ...base, type: 'lastWeekday', weekday: Number(m[1]) };
    if ((m = /^(\d)#(\d)$/.exec(text))) return { ...base, type: 'nthWeekday', weekday: Number(m[1]), nth: Number(m[2]) };
  }
  if (/^\d+(,\d+)*$/.test(text)) return { ...base, type: 'specify', list: [...new Set(text.split(',').map(Number))].sort((a, b) => a - b) };
  return { ...base, type: 'custom', raw: raw.trim() };
}

/** An expression → the editor's state (missing parts take their defaults). */
export function parseExpression(expression: string): CronEditorState {
  const parts = expression.trim().split(/\s+/).filter((p) => p !== '');
  if (parts.length < 6) return defaultState();
  return Object.fromEntries(PART_KEYS.map((k, i) => [k, parsePart(k, parts[i])])) as unknown as CronEditorState;
}

/** One part's text. */
export function partText(key: PartKey, part: PartState): string {
  const b = PART_BOUNDS[key];
  switch (part.type) {
    case 'unset':
      return key === 'year' ? '' : '?';
    case 'every':
      return '*';
    case 'range':
      return `${part.start}-${part.end}`;
    case 'loop':
      return `${part.loopStart}/${part.interval}`;
    case 'workday':
      return `${part.workDay}W`;
    case 'last':
      return 'L';
    case 'lastWorkday':
      return 'LW';
    case 'beforeEnd':
      return `L-${part.beforeEnd}`;
    case 'nthWeekday':
      return `${part.weekday}#${part.nth}`;
    case 'lastWeekday':
      return `${part.weekday}L`;
    case 'specify':
      // §4: an empty list means the minimum
      return part.list.length === 0 ? String(b.min) : [...part.list].sort((x, y) => x - y).join(',');
    case 'custom':
      return part.raw;
  }
}

/** The state → expression; an unset year is left out. */
export function toExpression(state: CronEditorState): string {
  return PART_KEYS.map((k) => partText(k, state[k]))
    .filter((t, i) => !(i === 6 && t === ''))
    .join(' ');
}

const isEvery = (p: PartState) => p.type === 'every';
const single = (key: PartKey, value: number): PartState => ({ ...defaultPart(key), type: 'specify', list: [value] });

/** The part one level down whose '*' becomes its minimum when this part changes (§4). */
const LOWER: Partial<Record<PartKey, PartKey>> = { minute: 'second', hour: 'minute', day: 'hour', week: 'hour' };

/** Applies the change of one part that the user made and the coupling rules of §4 it triggers. */
export function setPart(state: CronEditorState, key: PartKey, next: PartState): CronEditorState {
  const s: Record<PartKey, PartState> = { ...state, [key]: next };
  // Day and week exclude each other: setting one makes the other '?'.
  if (key === 'week' && next.type !== 'unset') s.day = { ...s.day, type: 'unset' };
  if (key === 'day' && next.type !== 'unset') s.week = { ...s.week, type: 'unset' };

  // Changing a part when the part below is '*' sets that one to its minimum ('0'), and so on down.
  const changedSets = key !== 'day' && key !== 'week' ? true : next.type !== 'unset';
  let level: PartKey | undefined = changedSets ? key : undefined;
  while (level && LOWER[level]) {
    const lower: PartKey = LOWER[level]!;
    if (!isEvery(s[lower])) break;
    s[lower] = single(lower, PART_BOUNDS[lower].min);
    level = lower;
  }

  // Month while day '?' and week '*' → week '1'.
  if (key === 'month' && s.day.type === 'unset' && isEvery(s.week)) s.week = single('week', 1);
  // Year while month '*' → month '1'.
  if (key === 'year' && next.type !== 'unset' && isEvery(s.month)) {
    s.month = single('month', 1);
    if (s.day.type === 'unset' && isEvery(s.week)) s.week = single('week', 1);
  }
  return s;
}

/** The values a part's specify list offers (the year from `currentYear` to 100 years on, §9). */
export function specifyValues(key: PartKey, currentYear: number): number[] {
  const b = PART_BOUNDS[key];
  const [min, max] = key === 'year' ? [currentYear, currentYear + 100] : [b.min, b.max];
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}
