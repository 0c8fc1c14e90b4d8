/**
 * What a list request says and how the server reads it (contract §1.4, §1.5): the parameter names
 * the browser builds (runtime/list/params.ts) and the server never takes for a filter
 * (server/crud/query), the advanced query's rules and conditions, and the saved queries' rows.
 */

/** The list's own parameters, as JeecgListMixin sends them. */
export const LIST_PARAMS = {
  pageNo: 'pageNo',
  pageSize: 'pageSize',
  /** The sort property (camelCase) and its direction 'asc' | 'desc'. */
  column: 'column',
  order: 'order',
  /** 'id,' + each column's dataIndex; ignored by generic controllers, kept for compatibility. */
  field: 'field',
  superQueryParams: 'superQueryParams',
  superQueryMatchType: 'superQueryMatchType',
  /** Export only: the selected ids, comma-joined. */
  selections: 'selections',
  hasQuery: 'hasQuery',
  /** The answer's `nextCursor`, sent back when moving to the next page (keyset continuation). */
  cursor: 'cursor',
  /** The request layer's cache breaker on GETs. */
  cacheBuster: '_t',
} as const;

/**
 * A list counts its matching rows up to this many: past it the answer says `totalExact: false` and
 * the pager 共 超过10000 条 (counting a million rows on every page costs more than the page).
 */
export const LIST_COUNT_LIMIT = 10_000;

/** Every list parameter name: none of them is ever a filter, whatever the entity's fields. */
export const LIST_PARAM_NAMES: readonly string[] = Object.values(LIST_PARAMS);

/** Rules of the advanced query builder (widgets spec §9), JSuperQuery's names. */
export type SuperQueryRule = 'eq' | 'like' | 'right_like' | 'left_like' | 'in' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

export const SUPER_QUERY_RULES: readonly SuperQueryRule[] = ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le'];

/** One advanced-query row as JSuperQuery emits it (contract §1.5 `QueryCondition`). */
export interface SuperQueryCondition {
  field: string;
  rule: SuperQueryRule;
  val: string;
  type?: string;
  dbType?: string;
}

/** How the conditions join: `superQueryMatchType=or`, else AND. */
export type SuperQueryMatchType = 'and' | 'or';

/**
 * The members a saved query keeps of each condition row (spec §3); anything else is neither sent
 * nor stored.
 */
export const SAVED_QUERY_RECORD_KEYS = ['field', 'rule', 'val', 'type', 'dbType', 'dictCode', 'dictTable', 'dictText', 'customReturnField'] as const;

/** One condition row of a saved query as it is stored and listed (spec §3). */
export interface SavedQueryRecord {
  field: string;
  rule: string;
  val?: string | string[];
  type?: string;
  dbType?: string;
  dictCode?: string;
  dictTable?: string;
  dictText?: string;
  customReturnField?: string;
}

/** The saved-query endpoints (server/sys/superQueryRoutes.ts). */
export const SAVED_QUERY_URLS = {
  list: '/sys/superQuery/list',
  save: '/sys/superQuery/save',
  delete: '/sys/superQuery/delete',
} as const;
