/**
 * The input of the DDL layer: what the page-schema compiler makes of an entity schema. Column names
 * are snake_case database names; the compiler maps wire names (camelCase) to them.
 */
export type FieldKind = 'string' | 'text' | 'integer' | 'number' | 'money' | 'date' | 'datetime' | 'time' | 'boolean';

export interface EntityField {
  column: string;
  kind: FieldKind;
  /** varchar length of a 'string' field (default 255). */
  length?: number;
  /** numeric precision/scale of 'number' (default 18,4) and 'money' (default 14,2) fields. */
  precision?: number;
  scale?: number;
  required?: boolean;
  unique?: boolean;
  /** A literal database default; dates as 'YYYY-MM-DD', datetimes 'YYYY-MM-DD HH:mm:ss', times 'HH:mm:ss'. */
  defaultValue?: string | number | boolean;
}

export interface EntityIndex {
  columns: string[];
  unique?: boolean;
  /** Defaults to a name derived from table and columns (see indexNameFor). */
  name?: string;
}

/** How a page's list reads its table; the list's indexes are derived from it (listIndexes.ts). */
export interface ListShape {
  /** Every list query starts with `tenant_id = ?`. */
  tenantScoped: boolean;
  /** The default sort's column (the list adds `id` after it). */
  sortColumn: string;
  /** Other columns the list may be sorted by (sortable list columns). */
  sortable: string[];
  /** The query bar's fields: `eq` (incl. dictionaries, in, ne), `range` (ge, le, range) or `like`. */
  query: Array<{ column: string; mode: 'eq' | 'range' | 'like'; text: boolean }>;
}

/**
 * `btree`; a trigram GIN index (`gin_trgm_ops`, pg_trgm) that serves `LIKE '%x%'` of 3+ characters;
 * or `chars`, a GIN index over the column's characters (`string_to_array(column, NULL)`, core
 * PostgreSQL, so PGlite needs no extension for it) that serves the LIKE of 1–2 characters.
 */
export type IndexMethod = 'btree' | 'trgm' | 'chars';

export interface EntityTable {
  table: string;
  fields: EntityField[];
  indexes?: EntityIndex[];
  /** The page's list; absent: no list indexes are derived. */
  list?: ListShape;
  /** A tree entity (area, customer): rows point at their parent; the parent column is indexed. */
  tree?: { parentColumn: string; hasChildColumn?: string };
}

/** One column of an existing table, as information_schema reports it. */
export interface ColumnInfo {
  name: string;
  /** information_schema data_type, e.g. 'character varying', 'numeric', 'timestamp without time zone'. */
  dataType: string;
  charLength: number | null;
  numericPrecision: number | null;
  numericScale: number | null;
  nullable: boolean;
  /** The default expression as PostgreSQL prints it, e.g. `'0'::character varying`, `now()`. */
  defaultExpr: string | null;
}

export interface IndexInfo {
  name: string;
  unique: boolean;
  primary: boolean;
  /** Column names in index order; null for an expression part. */
  columns: (string | null)[];
  /** The access method (pg_am.amname: btree, gin, …); absent counts as btree. */
  method?: string;
  /** False for an index a failed CREATE INDEX CONCURRENTLY left behind: it serves nothing. */
  valid?: boolean;
}

export interface TableState {
  columns: ColumnInfo[];
  indexes: IndexInfo[];
}

/** A column as we want it in the database. `type` is rendered by our own code only. */
export interface ColumnSpec {
  name: string;
  type: ColumnType;
  notNull: boolean;
  primaryKey?: boolean;
  /** A literal default, or 'now()' for the audit timestamp. */
  defaultValue?: string | number | boolean | { expr: 'now()' };
}

export type ColumnType =
  | { base: 'varchar'; length: number | null }
  | { base: 'text' }
  | { base: 'smallint' }
  | { base: 'integer' }
  | { base: 'bigint' }
  | { base: 'numeric'; precision: number | null; scale: number | null }
  | { base: 'date' }
  | { base: 'timestamp' }
  | { base: 'timestamptz' }
  | { base: 'time' }
  | { base: 'boolean' }
  | { base: 'other'; name: string };

/** One DDL statement of a plan. Steps are plain data: they are stored as jsonb in the migration record. */
export type Step =
  | { op: 'createTable'; table: string; columns: ColumnSpec[] }
  | { op: 'addColumn'; table: string; column: ColumnSpec }
  | { op: 'widenColumn'; table: string; column: string; from: string; to: ColumnType }
  | { op: 'allowNull'; table: string; column: string }
  | { op: 'setDefault'; table: string; column: string; value: string | number | boolean }
  | {
      op: 'createIndex';
      table: string;
      name: string;
      columns: string[];
      unique: boolean;
      /** A trigram GIN index, or a GIN index over the column's characters; absent: btree. */
      method?: 'trgm' | 'chars';
      /**
       * A list index on a table that already exists: built with CREATE INDEX CONCURRENTLY after the
       * DDL transaction, so writes go on meanwhile (`replaceInvalid`: an invalid leftover is dropped first).
       */
      concurrently?: true;
      replaceInvalid?: true;
    };

export interface TablePlan {
  table: string;
  action: 'create' | 'alter' | 'unchanged';
  steps: Step[];
  /** Columns of the table that the schema no longer describes: kept with their data, never dropped. */
  kept: string[];
  /** What the plan deliberately did not do, for the developer reading it (Chinese). */
  notes: string[];
}

export interface AppliedTable {
  table: string;
  action: 'created' | 'altered' | 'unchanged';
  steps: Step[];
  kept: string[];
  notes: string[];
}

export interface ApplyReport {
  tables: AppliedTable[];
}
