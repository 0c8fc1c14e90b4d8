import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type RawBuilder,
} from 'kysely';
import { typeSql } from './columnTypes';
import { EntityDdlError } from './errors';
import { checkIdentifier } from './identifiers';
import { planTable } from './plan';
import type { ColumnSpec, ColumnType, EntityTable, Step, TablePlan, TableState } from './types';

// Every identifier goes through sql.id (quoted) after a second check, and every default through
// sql.lit (a quoted, escaped literal: DDL takes no bind parameters). Types are spelled by typeSql
// from our own ColumnType values only, so nothing a schema author writes reaches the SQL text raw.

function id(name: string, table: string): RawBuilder<unknown> {
  return sql.id(checkIdentifier(name, '标识符', table));
}

function typeOf(type: ColumnType, table: string): RawBuilder<unknown> {
  if (type.base === 'other') throw new EntityDdlError(`表 ${table} 不能建立类型为 ${type.name} 的列`, { table });
  return sql.raw(typeSql(type));
}

function literal(value: ColumnSpec['defaultValue']): RawBuilder<unknown> {
  if (typeof value === 'object') return sql.raw('now()');
  return sql.lit(value);
}

function columnSql(column: ColumnSpec, table: string): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [id(column.name, table), typeOf(column.type, table)];
  if (column.primaryKey) parts.push(sql.raw('PRIMARY KEY'));
  else if (column.notNull) parts.push(sql.raw('NOT NULL'));
  if (column.defaultValue !== undefined) parts.push(sql`DEFAULT ${literal(column.defaultValue)}`);
  return sql.join(parts, sql.raw(' '));
}

/** The statement of one step, ready to execute. */
export function stepSql(step: Step): RawBuilder<unknown> {
  const t = step.table;
  switch (step.op) {
    case 'createTable':
      return sql`CREATE TABLE ${id(t, t)} (${sql.join(step.columns.map((c) => columnSql(c, t)))})`;
    case 'addColumn':
      return sql`ALTER TABLE ${id(t, t)} ADD COLUMN ${columnSql(step.column, t)}`;
    case 'widenColumn':
      return sql`ALTER TABLE ${id(t, t)} ALTER COLUMN ${id(step.column, t)} TYPE ${typeOf(step.to, t)}`;
    case 'allowNull':
      return sql`ALTER TABLE ${id(t, t)} ALTER COLUMN ${id(step.column, t)} DROP NOT NULL`;
    case 'setDefault':
      return sql`ALTER TABLE ${id(t, t)} ALTER COLUMN ${id(step.column, t)} SET DEFAULT ${literal(step.value)}`;
    case 'createIndex': {
      const kind = sql.raw(`${step.unique ? 'UNIQUE INDEX' : 'INDEX'}${step.concurrently ? ' CONCURRENTLY IF NOT EXISTS' : ''}`);
      // pg_trgm's operator class (migration 0025 creates the extension): LIKE '%x%' through the index.
      // `chars`: the column's characters as an array (the expression query/conditions.ts matches).
      const columns =
        step.method === 'trgm'
          ? sql.join(step.columns.map((c) => sql`${id(c, t)} gin_trgm_ops`))
          : step.method === 'chars'
            ? sql.join(step.columns.map((c) => sql`string_to_array(${id(c, t)}, NULL)`))
            : sql.join(step.columns.map((c) => id(c, t)));
      return sql`CREATE ${kind} ${id(step.name, t)} ON ${id(t, t)} ${sql.raw(step.method === undefined ? '' : 'USING gin ')}(${columns})`;
    }
  }
}

/** Drops an index a failed concurrent build left invalid, before it is built again. */
export function dropInvalidIndexSql(step: Extract<Step, { op: 'createIndex' }>): RawBuilder<unknown> {
  return sql`DROP INDEX CONCURRENTLY IF EXISTS ${id(step.name, step.table)}`;
}

/** A Kysely that only compiles: the preview needs SQL text, never a connection. */
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** The SQL text of one step, as it will be executed. */
export function stepText(step: Step): string {
  return stepSql(step).compile(compiler).sql;
}

const ACTION_TEXT = { create: '新建表', alter: '调整表', unchanged: '无需变更' } as const;

/** Renders plans as an SQL script with comments, for a developer to read before it runs. */
export function renderPlans(plans: TablePlan[]): string {
  const lines: string[] = [];
  for (const plan of plans) {
    lines.push(`-- ${plan.table}: ${ACTION_TEXT[plan.action]}`);
    for (const step of plan.steps) lines.push(`${stepText(step)};`);
    if (plan.kept.length > 0) lines.push(`-- 保留（schema 中已没有，列和数据不删除）: ${plan.kept.join(', ')}`);
    for (const note of plan.notes) lines.push(`-- 说明: ${note}`);
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * The SQL a set of entity tables needs, against the given current states (by table name; a table
 * missing from `states` is taken not to exist, so without states this is the script for an empty
 * database). Throws EntityDdlError for the same refusals as applyEntityTables.
 */
export function ddlPreview(tables: EntityTable[], states: Record<string, TableState | undefined> = {}): string {
  return renderPlans(tables.map((t) => planTable(Object.hasOwn(states, t.table) ? states[t.table] : undefined, t)));
}
