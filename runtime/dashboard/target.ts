/**
 * Where a dashboard figure leads: the list it counts, as a page (`<module>/<entity>`), an optional
 * view and the list's own query (`q.<field>` values, `superQuery` conditions). The server counts a
 * figure from this very target (the list's query translation, data rules and view), and the browser
 * opens the list from it, so the list's total is the figure. Imports nothing but the list's types.
 */
import type { QueryFieldSpec, QueryValue, RangeValue, SuperQueryCondition } from '../list/types';
import { LIST_PARAMS } from '../contract/listQuery';
import { wrapQueryValues, type WireParams } from '../list/wrap';

export interface ListTarget {
  /** `<module>/<entity>` of a served page. */
  page: string;
  /** A key of the page's `views`. */
  view?: string;
  /** Values of the list's query items (range: `{begin, end}`; `in`: a list). */
  values?: Readonly<Record<string, QueryValue>>;
  /** Advanced-query conditions (ANDed), for fields the query bar does not offer. */
  superQuery?: readonly SuperQueryCondition[];
}

/** The menu component showing the target's page or view (`schema/<module>/<entity>[/<view>]`). */
export function targetComponent(target: ListTarget): string {
  return `schema/${target.page}${target.view ? `/${target.view}` : ''}`;
}

function isRange(value: QueryValue): value is RangeValue {
  return typeof value === 'object' && !Array.isArray(value);
}

/** The list's URL search ('' or '?…') as runtime/list/url.ts reads it: `q.<field>`, `q.<field>_begin/_end`, `superQuery`. */
export function targetSearch(target: ListTarget): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(target.values ?? {})) {
    if (isRange(value)) {
      if (value.begin) params.append(`q.${field}_begin`, value.begin);
      if (value.end) params.append(`q.${field}_end`, value.end);
    } else if (Array.isArray(value)) {
      for (const item of value as readonly string[]) params.append(`q.${field}`, item);
    } else {
      params.append(`q.${field}`, value as string);
    }
  }
  if (target.superQuery && target.superQuery.length > 0) {
    params.set('superQuery', JSON.stringify(target.superQuery));
    params.set('matchType', 'and');
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The list request's filter parameters for the target, as the list sends them (runtime/list/params.ts):
 * the query items' values wrapped by their modes, the advanced query encoded, the view named.
 * A value for a field the list does not query is an error in the target, not something to drop.
 */
export function targetListParams(target: ListTarget, queryItems: readonly QueryFieldSpec[]): WireParams {
  const known = new Set(queryItems.map((q) => q.field));
  for (const field of Object.keys(target.values ?? {})) {
    if (!known.has(field)) throw new Error(`${target.page} 的列表没有查询项 ${field}`);
  }
  const params: WireParams = { ...wrapQueryValues(target.values ?? {}, queryItems) };
  if (target.superQuery && target.superQuery.length > 0) {
    params[LIST_PARAMS.superQueryParams] = encodeURI(JSON.stringify(target.superQuery));
    params[LIST_PARAMS.superQueryMatchType] = 'and';
  }
  if (target.view) params.view = target.view;
  return params;
}
