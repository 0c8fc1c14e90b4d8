/**
 * The list query in the page's URL search parameters, so a list can be bookmarked and reloaded.
 *
 * Keys (behind the list's optional prefix): `q.<field>` for a value (an `in` list repeats the key,
 * a range uses `q.<field>_begin` / `q.<field>_end`), `page`, `pageSize`, `column` + `order` for the
 * sort, `superQuery` (the conditions as JSON) and `matchType`. Defaults are left out. Reading is
 * tolerant: an unknown field, a bad page number, a page size outside the options, an unusable sort
 * or a damaged advanced query each fall back to the default instead of failing. Parameters that
 * are not the list's are kept untouched.
 */
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, PAGE_SIZE_OPTIONS } from './constants';
import {
  SUPER_QUERY_RULES,
  type ListConfig,
  type ListQuery,
  type QueryValue,
  type SortState,
  type SuperQuery,
  type SuperQueryCondition,
  type SuperQueryRule,
} from './types';
import { normalizeValue, normalizeValues, rangeParamNames } from './wrap';

type UrlConfig = Pick<ListConfig, 'queryFields' | 'defaultSort' | 'defaultPageSize' | 'pageSizeOptions' | 'urlPrefix'>;

const VALUE_PREFIX = 'q.';
/** A page number beyond this is junk, not a bookmark. */
const MAX_PAGE = 1_000_000;
/** Sort columns are property names; anything else in the URL is junk (the server checks them too). */
const COLUMN_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

function keys(prefix: string) {
  return {
    page: `${prefix}page`,
    pageSize: `${prefix}pageSize`,
    column: `${prefix}column`,
    order: `${prefix}order`,
    superQuery: `${prefix}superQuery`,
    matchType: `${prefix}matchType`,
    value: (name: string) => `${prefix}${VALUE_PREFIX}${name}`,
  };
}

export function defaultSortOf(config: Pick<ListConfig, 'defaultSort'>): SortState {
  return config.defaultSort ?? DEFAULT_SORT;
}

export function defaultPageSizeOf(config: Pick<ListConfig, 'defaultPageSize'>): number {
  return config.defaultPageSize ?? DEFAULT_PAGE_SIZE;
}

export function defaultQuery(config: Pick<ListConfig, 'defaultSort' | 'defaultPageSize'>): ListQuery {
  return { values: {}, page: 1, pageSize: defaultPageSizeOf(config), sort: defaultSortOf(config), superQuery: null };
}

function isSuperQueryRule(rule: unknown): rule is SuperQueryRule {
  return typeof rule === 'string' && (SUPER_QUERY_RULES as readonly string[]).includes(rule);
}

/** Conditions the server would drop anyway (empty field, rule or value — JTC-573) are dropped here. */
export function normalizeConditions(raw: unknown): SuperQueryCondition[] {
  if (!Array.isArray(raw)) return [];
  const conditions: SuperQueryCondition[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { field, rule, val, type, dbType } = item as Record<string, unknown>;
    if (typeof field !== 'string' || field === '' || !isSuperQueryRule(rule)) continue;
    if (typeof val !== 'string' || val === '') continue;
    const condition: SuperQueryCondition = { field, rule, val };
    if (typeof type === 'string' && type !== '') condition.type = type;
    if (typeof dbType === 'string' && dbType !== '') condition.dbType = dbType;
    conditions.push(condition);
  }
  return conditions;
}

export function normalizeSuperQuery(superQuery: SuperQuery | null | undefined): SuperQuery | null {
  if (!superQuery) return null;
  const conditions = normalizeConditions(superQuery.conditions);
  if (conditions.length === 0) return null;
  return { conditions, matchType: superQuery.matchType === 'or' ? 'or' : 'and' };
}

function parsePage(raw: string | null): number {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

function parsePageSize(raw: string | null, config: UrlConfig): number {
  const fallback = defaultPageSizeOf(config);
  if (raw === null || !/^\d{1,4}$/.test(raw)) return fallback;
  const size = Number(raw);
  const options = config.pageSizeOptions ?? PAGE_SIZE_OPTIONS;
  return options.includes(size) || size === fallback ? size : fallback;
}

function parseSort(column: string | null, order: string | null, config: UrlConfig): SortState {
  const fallback = defaultSortOf(config);
  if (column === null && order === null) return fallback;
  const sortColumn = column !== null && COLUMN_NAME.test(column) ? column : fallback.column;
  const sortOrder = order === 'asc' || order === 'desc' ? order : fallback.order;
  return { column: sortColumn, order: sortOrder };
}

function parseSuperQuery(raw: string | null, matchType: string | null): SuperQuery | null {
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  return normalizeSuperQuery({ conditions: normalizeConditions(parsed), matchType: matchType === 'or' ? 'or' : 'and' });
}

/** The query normalized: the form it has after a trip through the URL. */
export function normalizeQuery(query: ListQuery, config: UrlConfig): ListQuery {
  const options = config.pageSizeOptions ?? PAGE_SIZE_OPTIONS;
  const fallbackSize = defaultPageSizeOf(config);
  return {
    values: normalizeValues(query.values, config.queryFields),
    page: Number.isInteger(query.page) && query.page >= 1 && query.page <= MAX_PAGE ? query.page : 1,
    pageSize: options.includes(query.pageSize) || query.pageSize === fallbackSize ? query.pageSize : fallbackSize,
    sort: COLUMN_NAME.test(query.sort.column) ? { ...query.sort } : defaultSortOf(config),
    superQuery: normalizeSuperQuery(query.superQuery),
  };
}

export function readListQuery(search: URLSearchParams | string, config: UrlConfig): ListQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const k = keys(config.urlPrefix ?? '');
  const values: Record<string, QueryValue> = {};
  for (const { field, mode } of config.queryFields) {
    let raw: QueryValue | undefined;
    if (mode === 'range') {
      const names = rangeParamNames(field);
      raw = { begin: params.get(k.value(names.begin)) ?? undefined, end: params.get(k.value(names.end)) ?? undefined };
    } else if (mode === 'in') {
      raw = params.getAll(k.value(field));
    } else {
      raw = params.get(k.value(field)) ?? undefined;
    }
    const value = normalizeValue(mode, raw);
    if (value !== undefined) values[field] = value;
  }
  return {
    values,
    page: parsePage(params.get(k.page)),
    pageSize: parsePageSize(params.get(k.pageSize), config),
    sort: parseSort(params.get(k.column), params.get(k.order), config),
    superQuery: parseSuperQuery(params.get(k.superQuery), params.get(k.matchType)),
  };
}

function ownKey(key: string, prefix: string): boolean {
  const k = keys(prefix);
  if ([k.page, k.pageSize, k.column, k.order, k.superQuery, k.matchType].includes(key)) return true;
  // Every q.<name> under our prefix is ours, including stale fields a schema no longer declares.
  return key.startsWith(k.value(''));
}

/**
 * `base` with the list's parameters replaced by `query` (defaults left out); other parameters of
 * the page stay as they were.
 */
export function writeListQuery(base: URLSearchParams | string, query: ListQuery, config: UrlConfig): URLSearchParams {
  const prefix = config.urlPrefix ?? '';
  const source = typeof base === 'string' ? new URLSearchParams(base) : base;
  const next = new URLSearchParams();
  for (const [key, value] of source) {
    if (!ownKey(key, prefix)) next.append(key, value);
  }
  const k = keys(prefix);
  const normal = normalizeQuery(query, config);
  for (const { field, mode } of config.queryFields) {
    const value = normal.values[field];
    if (value === undefined) continue;
    if (mode === 'range') {
      const range = value as { begin?: string; end?: string };
      const names = rangeParamNames(field);
      if (range.begin !== undefined) next.append(k.value(names.begin), range.begin);
      if (range.end !== undefined) next.append(k.value(names.end), range.end);
    } else if (mode === 'in') {
      for (const item of value as readonly string[]) next.append(k.value(field), item);
    } else {
      next.append(k.value(field), value as string);
    }
  }
  if (normal.page !== 1) next.set(k.page, String(normal.page));
  if (normal.pageSize !== defaultPageSizeOf(config)) next.set(k.pageSize, String(normal.pageSize));
  const fallbackSort = defaultSortOf(config);
  if (normal.sort.column !== fallbackSort.column || normal.sort.order !== fallbackSort.order) {
    next.set(k.column, normal.sort.column);
    next.set(k.order, normal.sort.order);
  }
  if (normal.superQuery) {
    next.set(k.superQuery, JSON.stringify(normal.superQuery.conditions));
    next.set(k.matchType, normal.superQuery.matchType);
  }
  return next;
}

/** `writeListQuery` as a search string ('' or '?…'). */
export function listSearch(base: URLSearchParams | string, query: ListQuery, config: UrlConfig): string {
  const text = writeListQuery(base, query, config).toString();
  return text === '' ? '' : `?${text}`;
}

/** Same rows asked for? Compares the normalized forms through their URL text. */
export function sameQuery(a: ListQuery, b: ListQuery, config: UrlConfig): boolean {
  return writeListQuery('', a, config).toString() === writeListQuery('', b, config).toString();
}
