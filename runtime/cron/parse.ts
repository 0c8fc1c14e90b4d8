/**
 * Quartz cron expressions (org.quartz.CronExpression, Quartz 2.5): seven fields — second minute hour
 * day-of-month month day-of-week [year] — with day-of-week 1 = Sunday. The parser accepts what Quartz
 * accepts and refuses what it refuses (both day fields set, '?' in both, out-of-range values, …); the
 * messages are Chinese because they reach the user (form validation, the job page, the command).
 *
 * Two Quartz behaviours are kept on purpose: a step of 0 ('*\/0') means every value, and a range whose
 * end is before its start wraps (22-2 → 22,23,0,1,2; FRI-MON → 6,7,1,2).
 */

export const CRON_FIELDS = ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek', 'year'] as const;
export type CronField = (typeof CRON_FIELDS)[number];

export interface CronSpec {
  readonly seconds: ReadonlySet<number>;
  readonly minutes: ReadonlySet<number>;
  readonly hours: ReadonlySet<number>;
  /** Day-of-month rule, or null when the field is '?' (then dayOfWeek is the rule). */
  readonly dayOfMonth: DayOfMonthRule | null;
  readonly months: ReadonlySet<number>;
  /** Day-of-week rule, or null when the field is '?'. */
  readonly dayOfWeek: DayOfWeekRule | null;
  /** Years, or null for every year. */
  readonly years: ReadonlySet<number> | null;
}

export interface DayOfMonthRule {
  /** Plain days 1..31. */
  readonly days: ReadonlySet<number>;
  /** 'L' (0), 'L-n' (n): days counted back from the last day of the month. */
  readonly fromEnd: ReadonlySet<number>;
  /** 'nW': nearest weekday to day n. */
  readonly nearestWeekday: ReadonlySet<number>;
  /** 'LW', 'L-nW': nearest weekday to the day n before month end. */
  readonly nearestWeekdayFromEnd: ReadonlySet<number>;
}

export interface DayOfWeekRule {
  /** 1 = Sunday … 7 = Saturday. */
  readonly days: ReadonlySet<number>;
  /** 'nL': the last such weekday of the month (Quartz uses the smallest day of the set). */
  readonly last: boolean;
  /** 'n#k': the k-th such weekday of the month, 0 when not used. */
  readonly nth: number;
}

export class CronParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CronParseError';
  }
}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** Field label, value bounds and the largest step Quartz accepts after '/' (null: no check). */
const FIELD_INFO: Record<CronField, { label: string; min: number; max: number; maxStep: number | null; wrap: number }> = {
  second: { label: '秒', min: 0, max: 59, maxStep: 59, wrap: 60 },
  minute: { label: '分', min: 0, max: 59, maxStep: 59, wrap: 60 },
  hour: { label: '时', min: 0, max: 23, maxStep: 23, wrap: 24 },
  dayOfMonth: { label: '日', min: 1, max: 31, maxStep: 31, wrap: 31 },
  month: { label: '月', min: 1, max: 12, maxStep: 12, wrap: 12 },
  dayOfWeek: { label: '周', min: 1, max: 7, maxStep: 7, wrap: 7 },
  year: { label: '年', min: 1970, max: 2999, maxStep: null, wrap: 0 },
};

const fail = (message: string): never => {
  throw new CronParseError(message);
};

function parseIntStrict(text: string, what: string): number {
  if (!/^\d+$/.test(text)) fail(`${what}不是数字：'${text}'`);
  return Number(text);
}

function nameValue(field: CronField, name: string): number {
  if (field === 'month') {
    const i = MONTH_NAMES.indexOf(name);
    if (i < 0) fail(`无效的月份名称：'${name}'`);
    return i + 1;
  }
  if (field === 'dayOfWeek') {
    const i = DAY_NAMES.indexOf(name);
    if (i < 0) fail(`无效的星期名称：'${name}'`);
    return i + 1;
  }
  return fail(`${FIELD_INFO[field].label}字段不能使用名称：'${name}'`);
}

function checkValue(field: CronField, value: number): void {
  const info = FIELD_INFO[field];
  if (field === 'year') return; // Quartz checks no year bounds at parse time
  if (value < info.min || value > info.max) fail(`${info.label}的取值范围是 ${info.min}-${info.max}：${value}`);
}

function checkStep(field: CronField, step: number): void {
  const info = FIELD_INFO[field];
  if (info.maxStep !== null && step > info.maxStep) fail(`${info.label}的间隔不能大于 ${info.maxStep}：${step}`);
}

/**
 * Adds start..end by step to the set; an end before the start wraps around the field (not for years).
 * A step of 0 after a number ('5/0', '1-5/0') keeps only the start, as Quartz does ('*\/0' is every value).
 */
function addRange(set: Set<number>, field: CronField, start: number, end: number, step: number, every = false): void {
  const info = FIELD_INFO[field];
  if (step === 0 && !every) {
    set.add(start);
    return;
  }
  const by = step <= 0 ? 1 : step;
  if (end < start) {
    if (field === 'year') fail('年份范围的开始不能大于结束');
    const stop = end + info.wrap;
    for (let i = start; i <= stop; i += by) {
      let v = i % info.wrap;
      if (v === 0 && (field === 'month' || field === 'dayOfWeek' || field === 'dayOfMonth')) v = info.wrap;
      set.add(v);
    }
    return;
  }
  for (let i = start; i <= end; i += by) set.add(i);
}

interface FieldAcc {
  values: Set<number>;
  noSpec: boolean;
  // day-of-month extras
  fromEnd: Set<number>;
  nearest: Set<number>;
  nearestFromEnd: Set<number>;
  // day-of-week extras
  last: boolean;
  nth: number;
}

const newAcc = (): FieldAcc => ({
  values: new Set(),
  noSpec: false,
  fromEnd: new Set(),
  nearest: new Set(),
  nearestFromEnd: new Set(),
  last: false,
  nth: 0,
});

function fieldMax(field: CronField, yearMax: number): number {
  return field === 'year' ? yearMax : FIELD_INFO[field].max;
}

function parseNth(text: string): number {
  if (!/^\d+$/.test(text)) fail("'#' 后必须是 1 到 5 的数字");
  const n = Number(text);
  if (n < 1 || n > 5) fail("'#' 后必须是 1 到 5 的数字");
  return n;
}

/** One comma-separated item of one field. */
function parseItem(item: string, field: CronField, acc: FieldAcc, ctx: { domNoSpec: boolean; yearMax: number }): void {
  const info = FIELD_INFO[field];
  if (item === '?') {
    if (field !== 'dayOfMonth' && field !== 'dayOfWeek') fail("'?' 只能用于日或周字段");
    if (field === 'dayOfWeek' && ctx.domNoSpec) fail("'?' 只能用于日或周其中一个字段");
    acc.noSpec = true;
    return;
  }
  if (item.startsWith('?')) fail(`'?' 后不能有其他字符：'${item}'`);

  // '*', '*/n', '/n'
  let m = /^(?:\*|\*?\/(\d+))$/.exec(item);
  if (m || item.startsWith('*') || item.startsWith('/')) {
    if (!m) fail(`无法识别的${info.label}表达式：'${item}'`);
    const step = m![1] === undefined ? 1 : Number(m![1]);
    if (m![1] !== undefined) checkStep(field, step);
    addRange(acc.values, field, field === 'year' ? 1970 : info.min, fieldMax(field, ctx.yearMax), step, true);
    return;
  }

  // L forms
  if (item.startsWith('L')) {
    if (field === 'dayOfWeek') {
      if (item !== 'L') fail(`无法识别的周表达式：'${item}'`);
      acc.values.add(7); // Quartz: a lone 'L' in day-of-week is Saturday
      return;
    }
    if (field !== 'dayOfMonth') fail(`'L' 不能用于${info.label}字段`);
    m = /^L(?:-(\d+))?(W)?$/.exec(item);
    if (!m) fail(`无法识别的日表达式：'${item}'`);
    const offset = m![1] === undefined ? 0 : Number(m![1]);
    if (offset > 30) fail(`距月末的天数不能大于 30：${offset}`);
    (m![2] ? acc.nearestFromEnd : acc.fromEnd).add(offset);
    return;
  }

  // names (month / day-of-week). Quartz reads three letters, then only '-NAME' (a range), or for
  // day-of-week '#n' or 'L'; whatever follows is ignored ("MON-FRI/2" is MON-FRI, "MONDAY" is MON).
  if (/^[A-Z]/.test(item)) {
    if (field !== 'month' && field !== 'dayOfWeek') fail(`${info.label}字段不能使用名称：'${item}'`);
    if (item.length < 3) fail(`无法识别的${info.label}表达式：'${item}'`);
    const start = nameValue(field, item.slice(0, 3));
    const next = item.charAt(3);
    if (next === '-') {
      if (item.length < 7) fail(`无法识别的${info.label}表达式：'${item}'`);
      addRange(acc.values, field, start, nameValue(field, item.slice(4, 7)), 1);
      return;
    }
    if (field === 'dayOfWeek' && next === '#') acc.nth = parseNth(item.slice(4));
    if (field === 'dayOfWeek' && next === 'L') acc.last = true;
    acc.values.add(start);
    return;
  }

  m = /^(\d+)(?:-(\d+)(?:\/(\d+))?|\/(\d+)|(L)|(W)|#(.*))?$/.exec(item);
  if (!m) fail(`无法识别的${info.label}表达式：'${item}'`);
  const value = parseIntStrict(m![1], info.label);
  checkValue(field, value);
  if (m![2] !== undefined) {
    const end = Number(m![2]);
    checkValue(field, end);
    addRange(acc.values, field, value, end, m![3] === undefined ? 1 : Number(m![3]));
    return;
  }
  if (m![4] !== undefined) {
    const step = Number(m![4]);
    checkStep(field, step);
    addRange(acc.values, field, value, fieldMax(field, ctx.yearMax), step);
    return;
  }
  if (m![5] !== undefined) {
    if (field !== 'dayOfWeek') fail(`'L' 不能用于${info.label}字段`);
    acc.last = true;
    acc.values.add(value);
    return;
  }
  if (m![6] !== undefined) {
    if (field !== 'dayOfMonth') fail(`'W' 只能用于日字段`);
    acc.nearest.add(value);
    return;
  }
  if (m![7] !== undefined) {
    if (field !== 'dayOfWeek') fail(`'#' 只能用于周字段`);
    acc.nth = parseNth(m![7]);
    acc.values.add(value);
    return;
  }
  acc.values.add(value);
}

export interface ParseOptions {
  /** The last year '*' and 'n/step' reach (Quartz: the current year + 100). */
  readonly yearMax?: number;
}

/** Parses a Quartz cron expression; throws CronParseError with a Chinese message when Quartz would refuse it. */
export function parseCron(expression: string, options: ParseOptions = {}): CronSpec {
  const yearMax = options.yearMax ?? new Date().getFullYear() + 100;
  const tokens = expression.toUpperCase().split(/[ \t]+/).filter((t) => t !== '');
  if (tokens.length === 0) fail('cron表达式不能为空');
  if (tokens.length > 7) fail('cron表达式最多有7个字段（秒 分 时 日 月 周 年）');
  if (tokens.length < 6) fail('cron表达式至少需要6个字段（秒 分 时 日 月 周）');

  const accs = CRON_FIELDS.map(() => newAcc());
  tokens.forEach((token, index) => {
    const field = CRON_FIELDS[index];
    if (field === 'dayOfWeek') {
      if (token.includes('L') && token.length > 1 && token.includes(',')) fail("周字段使用 'L' 时不能再指定其他星期");
      if ((token.match(/#/g) ?? []).length > 1) fail("周字段只能指定一个 '#'");
    }
    for (const item of token.split(',')) {
      if (item === '') continue;
      parseItem(item, field, accs[index], { domNoSpec: accs[3].noSpec, yearMax });
    }
  });
  if (tokens.length === 6) accs[6].values.add(-1); // marker: every year

  const dom = accs[3];
  const dow = accs[5];
  if (dom.noSpec === dow.noSpec) fail('日和周必须有且只有一个为 \'?\'（不支持同时指定日和周）');

  const yearAcc = accs[6];
  const everyYear = tokens.length === 6;
  return {
    seconds: accs[0].values,
    minutes: accs[1].values,
    hours: accs[2].values,
    dayOfMonth: dom.noSpec
      ? null
      : { days: dom.values, fromEnd: dom.fromEnd, nearestWeekday: dom.nearest, nearestWeekdayFromEnd: dom.nearestFromEnd },
    months: accs[4].values,
    dayOfWeek: dow.noSpec ? null : { days: dow.values, last: dow.last, nth: dow.nth },
    years: everyYear ? null : yearAcc.values,
  };
}

/** Null when the expression is valid, else the Chinese reason. */
export function cronError(expression: string): string | null {
  try {
    parseCron(expression);
    return null;
  } catch (e) {
    if (e instanceof CronParseError) return e.message;
    throw e;
  }
}

/**
 * The message a form field with the cron widget shows (browser and server alike), or undefined when
 * the text is empty or a valid expression.
 */
export function cronFieldError(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  const error = cronError(text);
  return error === null ? undefined : `cron表达式不正确：${error}`;
}
