/**
 * How a fill rule spells a number: prefix + date part + sequence zero-padded to its length, e.g.
 * KH + 20250108 + 0001. Pure text work; the counter itself lives in sys_fill_rule (counter.ts).
 */

export type DateFormat = '' | 'yyyy' | 'yyyyMM' | 'yyyyMMdd' | 'yyMMdd';
export type ResetPeriod = 'day' | 'month' | 'year' | 'never';

/** What a number is made of (the row's columns, camelCase). */
export interface FillRuleFormat {
  code: string;
  name: string;
  prefix: string;
  dateFormat: DateFormat;
  seqLength: number;
  resetPeriod: ResetPeriod;
}

/** A clock reading as 'yyyyMMddHHmmss' digits (the database's, in Beijing time). */
export type Stamp = string;

const DATE_PARTS: Readonly<Record<DateFormat, (stamp: Stamp) => string>> = {
  '': () => '',
  yyyy: (s) => s.slice(0, 4),
  yyyyMM: (s) => s.slice(0, 6),
  yyyyMMdd: (s) => s.slice(0, 8),
  yyMMdd: (s) => s.slice(2, 8),
};

export function isDateFormat(text: string): text is DateFormat {
  return Object.hasOwn(DATE_PARTS, text);
}

export function isResetPeriod(text: string): text is ResetPeriod {
  return text === 'day' || text === 'month' || text === 'year' || text === 'never';
}

/** The longest number the rule writes (a sequence never outgrows its length, see counter.ts). */
export function maxNumberLength(rule: Pick<FillRuleFormat, 'prefix' | 'dateFormat' | 'seqLength'>): number {
  return [...rule.prefix].length + rule.dateFormat.length + rule.seqLength;
}

/** The largest sequence value that fits the rule's length (9999 for 4 digits). */
export function maxSequence(seqLength: number): number {
  return 10 ** seqLength - 1;
}

export function formatNumber(rule: Pick<FillRuleFormat, 'prefix' | 'dateFormat' | 'seqLength'>, stamp: Stamp, sequence: number): string {
  return `${rule.prefix}${DATE_PARTS[rule.dateFormat](stamp)}${String(sequence).padStart(rule.seqLength, '0')}`;
}
