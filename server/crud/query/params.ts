import { QUERY_LIMITS } from './limits';
import { QueryError, quote } from './queryError';
import type { RawQuery } from './types';

// Own properties only: a name like `constructor` must not find Object.prototype's.
function own(query: RawQuery, name: string): unknown {
  return Object.hasOwn(query, name) ? query[name] : undefined;
}

/**
 * A control parameter (`pageNo`, `column`, a range bound, `superQueryParams`, …): one value only.
 * Repeating it is refused rather than guessing which one the caller meant.
 */
export function singleParam(query: RawQuery, name: string): string | undefined {
  const value = own(query, name);
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw new QueryError(`查询参数「${quote(name)}」格式错误`);
  }
  if (value.length > 1) throw new QueryError(`查询参数「${quote(name)}」只能有一个值`);
  return value[0];
}

/**
 * A field's own value. A repeated name is joined with commas, as Spring binds `a=1&a=2` into a
 * String property ("1,2" — an IN query).
 */
export function fieldParam(query: RawQuery, name: string): string | undefined {
  const value = own(query, name);
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw new QueryError(`查询参数「${quote(name)}」格式错误`);
  }
  return value.join(',');
}

/** Refuses values PostgreSQL cannot take as text (NUL) and values longer than the limit. */
export function checkText(text: string, label: string): string {
  if (text.length > QUERY_LIMITS.maxValueLength) {
    throw new QueryError(`查询条件「${quote(label)}」的值过长（最多${QUERY_LIMITS.maxValueLength}个字符）`);
  }
  if (text.includes('\u0000')) throw new QueryError(`查询条件「${quote(label)}」包含非法字符`);
  return text;
}

/** Counts bound parameters so a request cannot build a statement PostgreSQL refuses. */
export class ParameterBudget {
  private used = 0;

  spend(count: number): void {
    this.used += count;
    if (this.used > QUERY_LIMITS.maxParameters) throw new QueryError('查询条件过多，请减少查询条件');
  }
}
