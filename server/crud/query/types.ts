import type { Expression, SqlBool } from 'kysely';

/**
 * How a field's values are read from a query string and compared. Mirrors the Java property types
 * JeecgBoot binds request values into: only `string`/`text` take the `*x*`, `!x`, `,a,b,` syntax.
 * `integer` is a 32-bit integer (JeecgBoot's `Integer`, our `integer` column); `number`/`money`
 * are decimals (`numeric`); `date` is `yyyy-MM-dd`, `datetime` `yyyy-MM-dd HH:mm:ss`, `time` `HH:mm:ss`.
 */
export type FieldKind = 'string' | 'text' | 'integer' | 'number' | 'money' | 'date' | 'datetime' | 'time' | 'boolean';

export interface EntityField {
  /** The snake_case column from our own schema; never taken from a request. */
  column: string;
  kind: FieldKind;
  /** Whether the list may be sorted by this field; defaults to true. */
  sortable?: boolean;
  /** Records carry `<field>_dictText`; sorting by that name sorts by this field. */
  dictText?: boolean;
  /** The field's label, used in error messages ('查询条件「出险日期」…'); the property name otherwise. */
  label?: string;
  /**
   * The table has a GIN index over this column's characters (`string_to_array(column, NULL)`, a
   * list index derived for a `like` query field): a LIKE of 1–2 characters reads it (conditions.ts).
   */
  charIndex?: boolean;
}

/** camelCase property (the name in the query string and in records) → its column and kind. */
export type EntityFields = ReadonlyMap<string, EntityField>;

/** A query string as Fastify parses it: a repeated name gives an array. */
export type RawQuery = Readonly<Record<string, string | string[] | undefined>>;

export type SortDirection = 'asc' | 'desc';

export interface SortOrder {
  /** A column from the field map. */
  column: string;
  direction: SortDirection;
}

export interface PageRequest {
  /** 1-based page number. */
  pageNo: number;
  pageSize: number;
  /** Rows to skip: (pageNo - 1) × pageSize. */
  offset: number;
  /** The previous page's `nextCursor`: read this page as the rows after its key instead of skipping. */
  cursor?: string;
}

export interface ListQuery {
  /**
   * The filter of the request (simple conditions AND the super-query group), every value a bound
   * parameter; `undefined` when the request filters nothing.
   */
  where: Expression<SqlBool> | undefined;
  /** Sort columns in order; the request's `column`/`order` or the default, then the tie-breaker. */
  orderBy: SortOrder[];
  page: PageRequest;
}

export interface ListQueryOptions {
  /**
   * Sort when the request names no column, as properties of the field map. Defaults to
   * `createTime desc` when the entity has `createTime`, else no sort.
   */
  defaultSort?: ReadonlyArray<{ field: string; direction: SortDirection }>;
  /**
   * A unique property appended to every sort so pages do not overlap or skip rows that tie (imported
   * rows share one create time). Defaults to `id` when the entity has it; `null` for none.
   */
  tieBreaker?: string | null;
}
