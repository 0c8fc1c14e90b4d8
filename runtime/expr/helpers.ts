/**
 * The only functions an expression can call. Each is pure apart from reading the clock, takes
 * plain values and returns plain values, so a page document can compute but never act.
 */

export interface HelperContext {
  /** The clock behind now() and today(); injectable so defaults are testable. */
  now: () => Date;
}

interface Helper {
  minArgs: number;
  maxArgs: number;
  run: (args: unknown[], context: HelperContext) => unknown;
}

const pad = (n: number): string => String(n).padStart(2, '0');

function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Multi-values travel as comma-joined strings (checkbox, list_multi, sel_user): 'a,b' holds 'a' and 'b'. */
function members(collection: unknown): unknown[] | undefined {
  if (Array.isArray(collection)) return collection;
  if (typeof collection === 'string') return collection === '' ? [] : collection.split(',').map((part) => part.trim());
  return undefined;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // A select may hold 1 where the dictionary says '1': compare primitives by their text.
  const primitive = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  return primitive(a) && primitive(b) && String(a) === String(b);
}

function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(toText).join(',');
  return String(value);
}

const HELPERS: Record<string, Helper> = {
  /** Nothing there: null, undefined, blank text, NaN, empty list or object. */
  isEmpty: { minArgs: 1, maxArgs: 1, run: ([value]) => isEmptyValue(value) },
  /** Whether a list (or comma-joined multi-value) holds a value. */
  includes: {
    minArgs: 2,
    maxArgs: 2,
    run: ([collection, value]) => (members(collection) ?? []).some((member) => sameValue(member, value)),
  },
  /** Characters of a text (not UTF-16 units), items of a list; 0 for anything else. */
  len: {
    minArgs: 1,
    maxArgs: 1,
    run: ([value]) => {
      if (typeof value === 'string') return [...value].length;
      if (Array.isArray(value)) return value.length;
      if (typeof value === 'number') return [...String(value)].length;
      return 0;
    },
  },
  /** The current date and time as the product stores it: 'YYYY-MM-DD HH:mm:ss'. */
  now: {
    minArgs: 0,
    maxArgs: 0,
    run: (_args, { now }) => {
      const date = now();
      return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    },
  },
  /** Today as 'YYYY-MM-DD'. */
  today: { minArgs: 0, maxArgs: 0, run: (_args, { now }) => formatDate(now()) },
  /** A finite number, or null when the value is empty or not a number. */
  number: {
    minArgs: 1,
    maxArgs: 1,
    run: ([value]) => {
      if (typeof value === 'number') return Number.isFinite(value) ? value : null;
      if (typeof value === 'boolean') return value ? 1 : 0;
      if (typeof value !== 'string' || value.trim() === '') return null;
      const parsed = Number(value);
      return Number.isFinite(parsed) ? parsed : null;
    },
  },
  /** Text of a value: '' for null/undefined, lists comma-joined. */
  string: { minArgs: 1, maxArgs: 1, run: ([value]) => toText(value) },
};

export const HELPER_NAMES: readonly string[] = Object.keys(HELPERS);

export function findHelper(name: string): Helper | undefined {
  return Object.prototype.hasOwnProperty.call(HELPERS, name) ? HELPERS[name] : undefined;
}
