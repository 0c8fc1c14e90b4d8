/** The list controller's vocabulary: query fields, the query state that lives in the URL, and the page's list config. */
import type { SuperQueryCondition, SuperQueryMatchType } from '../contract/listQuery';
import type { RequestParams } from '../host/types';

/**
 * How a query field's value is wrapped before it is sent (widgets spec §5, contract §1.5).
 * `range` sends `<field>_begin` / `<field>_end`; the others send one `<field>` parameter.
 */
export type QueryMode = 'eq' | 'like' | 'left_like' | 'right_like' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'in' | 'range';

export const QUERY_MODES: readonly QueryMode[] = [
  'eq',
  'like',
  'left_like',
  'right_like',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'in',
  'range',
];

export interface QueryFieldSpec {
  /** Entity property (camelCase), the request parameter name. */
  field: string;
  mode: QueryMode;
}

export interface RangeValue {
  begin?: string;
  end?: string;
}

/**
 * A query form value as the user entered it (unwrapped). Strings only — the view formats numbers
 * and dates — so a value survives the trip through the URL unchanged.
 * `in` fields hold a list, `range` fields a `{begin, end}` pair, the others a string.
 */
export type QueryValue = string | readonly string[] | RangeValue;

export type QueryValues = Readonly<Record<string, QueryValue>>;

export type SortOrder = 'asc' | 'desc';

export interface SortState {
  /** camelCase property; the server accepts only the entity's columns. */
  column: string;
  order: SortOrder;
}

/** The advanced query's rules and conditions are shared with the server: runtime/contract/listQuery.ts. */
export { SUPER_QUERY_RULES, type SuperQueryCondition, type SuperQueryMatchType, type SuperQueryRule } from '../contract/listQuery';

export interface SuperQuery {
  conditions: readonly SuperQueryCondition[];
  matchType: SuperQueryMatchType;
}

/** Everything that decides which rows a list shows; it round-trips through the URL. */
export interface ListQuery {
  values: QueryValues;
  page: number;
  pageSize: number;
  sort: SortState;
  superQuery: SuperQuery | null;
}

export type RowKey = string | number;

export interface ListUrls {
  list: string;
  delete?: string;
  deleteBatch?: string;
  exportXls?: string;
}

export interface ListConfig {
  url: ListUrls;
  queryFields: readonly QueryFieldSpec[];
  /** The columns' dataIndexes, in order: sent as `field` = 'id,a,b'. */
  columns: readonly string[];
  /** Default createTime desc. */
  defaultSort?: SortState;
  /** Default 10. */
  defaultPageSize?: number;
  /** Default 10/20/30; a bookmarked page size outside them falls back to the default. */
  pageSizeOptions?: readonly number[];
  /** Row property holding the key; default `id`. */
  rowKey?: string;
  /** Name of the exported file without extension; default '导出文件'. */
  exportFileName?: string;
  /** Parameters every list request carries (e.g. the parent picked in a tree beside the list). */
  baseParams?: RequestParams;
  /** Prefix of this list's URL parameters, when one page shows two lists. */
  urlPrefix?: string;
  /**
   * Runs beside every list request and is awaited before the rows are shown — e.g. the dictionary
   * service's `prefetch(codes)`, so cells show dictionary text without a request per row.
   * Its failure does not stop the rows.
   */
  prefetch?: () => Promise<unknown>;
  /**
   * Whether what `prefetch` waits for is there already (the dictionaries in memory). A list whose
   * first answer arrived before it was created shows the rows at once only then; without it a
   * list with `prefetch` always waits.
   */
  prefetched?: () => boolean;
}

/** One page of a JeecgBoot list answer (contract §1.2); non-paged endpoints answer a bare array. */
export interface PageResult<Row> {
  records?: Row[];
  total?: number;
  /** False when the server stopped counting at LIST_COUNT_LIMIT: `total` is then a lower bound. */
  totalExact?: boolean;
  /** Sent back as `cursor` with the next page number: the server reads that page without OFFSET. */
  nextCursor?: string;
}

/** A list's row count as the header shows it: `exact` false when the server stopped counting. */
export interface ListTotal {
  total: number;
  exact: boolean;
}
