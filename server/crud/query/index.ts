/**
 * Query translation for the generic list endpoints: JeecgBoot's `QueryGenerator` rules
 * (jeecgboot-contract.md §1.4–1.5) turned into a Kysely filter, sort and page.
 *
 *   const query = translateListQuery(fields, request.query as RawQuery);   // throws QueryError
 *   const { total } = await applyListFilter(
 *     db.selectFrom('mnt_expert').select((eb) => eb.fn.countAll<number>().as('total')), query,
 *   ).executeTakeFirstOrThrow();
 *   const records = await applyListQuery(db.selectFrom('mnt_expert').selectAll(), query).execute();
 *   // → ok({ records, total, size: query.page.pageSize, current: query.page.pageNo, … })
 *
 * Input: `fields` (EntityFields) maps each camelCase property to its snake_case column and kind — our
 * own code builds it from the page schema; a column that is not snake_case throws a plain Error.
 * `request.query` is the query string as Fastify parsed it.
 *
 * Output (ListQuery): `where` (undefined when nothing filters), `orderBy` ({column, direction}[]
 * with columns from the map), `page` ({pageNo, pageSize, offset}).
 *
 * Refusals are `QueryError` (a BusinessError: answered HTTP 200 `{success:false, code:500}`) with a
 * Chinese message. Safety: column names come only from the field map (`sql.ref`); every value is a
 * bound parameter; request names outside the map are ignored, never turned into SQL.
 *
 * Per field of the map (names in IGNORED_NAMES — class, ids, page, rows, sort, order, column, field,
 * pageNo, pageSize, _t, superQueryParams, superQueryMatchType, selections, hasQuery — never filter):
 *  - `<f>_begin` → `>=`, `<f>_end` → `<=`, typed by kind. A bare `yyyy-MM-dd` on a datetime field is
 *    `00:00:00` for _begin and `23:59:59` for _end. `<f>_MultiString=a,b` → IN.
 *  - `<f>` on a string/text field: `,a,b,` → (LIKE %a% OR LIKE %b%); spaced operators `>= 5`,
 *    `<= 5`, `!= x`, `ge|le|gt|lt|eq|ne x`, `in a,b` (also `IN a,b`), `> 5`, `< 5`, `= x` (`>=5`
 *    without the space is plain text); exactly `*` → = '*'; `*x*` LIKE %x%, `*x` LIKE %x, `x*`
 *    LIKE x%; a comma → IN (a `to_date(…yyyy-MM-dd…)` text stays EQ); `!x` → <>; `a++b` → = 'a,b';
 *    else =. LIKE patterns escape `%`, `_`, `\` (`LIKE … ESCAPE '\'`); `!x` is a plain `<>` of x.
 *  - `<f>` on other kinds: a plain value (=), a spaced operator, or a comma list (IN); the value
 *    must fit the kind (`!1` or `abc` on an integer is refused with the field's name).
 *  - Values are trimmed; blank values add no condition; a repeated field name is joined by commas
 *    (Spring's binding); list items are trimmed and empty items dropped.
 *  - Kinds: integer = 32-bit; number/money decimals bound as text (no float rounding); date
 *    `yyyy-MM-dd`; datetime `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd`, compared to the second (`= t`
 *    matches t.000000–t.999999, `<= t` includes t.5: the columns keep microseconds, the UI shows
 *    seconds); time `HH:mm[:ss]`; boolean true/false/1/0.
 * Super query: `superQueryParams` (encodeURI'd JSON, decoded once more here; plain JSON accepted),
 * entries {field, rule, val, type?, dbType?}; empty field/rule/val dropped; unknown field or rule
 * refused; rules eq like right_like left_like in ne gt ge lt le (and their symbols = LIKE >= …);
 * `like` on a non-string field matches its text form; all in one group, OR when
 * `superQueryMatchType=or`, else AND; the group is ANDed with the plain conditions.
 * Sort: `column` (comma list; `_dictText` stripped; must be a sortable field of the map, else
 * '请注意，将要排序的列字段不存在：<name>') with `order` (asc if it contains ASC, else desc);
 * without `column`: `options.defaultSort`, by default createTime desc when the entity has it. A
 * tie-breaker (`id` by default) ends every sort so pages are stable.
 * Continuation: `cursor` (a previous answer's `nextCursor`, see cursor.ts) rides on `page.cursor`;
 * EntityStore.list checks it against the query and reads the page after its key. The store counts
 * at most LIST_COUNT_LIMIT + 1 matching rows (`totalExact` false past the limit).
 * Paging: pageNo default 1 (below 1 → 1), pageSize default 10, above QUERY_LIMITS.maxPageSize (1000)
 * → 1000, below 1 (incl. -1 and the online lists' -521) refused. Limits: QUERY_LIMITS.
 * Deviations from JeecgBoot, all on its bugs: `!= x` and `in a,b` strip the whole operator (Java
 * leaves `= x` / `in a`), LIKE escaping is on every database, and values/list items are trimmed.
 */
export { translateListQuery } from './translate';
export { applyListFilter, applyListOrder, applyListQuery } from './apply';
export { QueryError } from './queryError';
export { LIST_COUNT_LIMIT, QUERY_LIMITS } from './limits';
export { INVALID_CURSOR_MESSAGE, makeCursor, queryFingerprint, readCursor, type CursorKey } from './cursor';
export { equalValues, IGNORED_NAMES } from './simpleQuery';
export { SUPER_QUERY_FORMAT_MESSAGE, decodeSuperQuery } from './superQuery';
export type {
  EntityField,
  EntityFields,
  FieldKind,
  ListQuery,
  ListQueryOptions,
  PageRequest,
  RawQuery,
  SortDirection,
  SortOrder,
} from './types';
