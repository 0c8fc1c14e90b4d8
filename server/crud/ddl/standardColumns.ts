import { STANDARD_COLUMNS as CONTRACT_COLUMNS, type StandardColumn } from '../../../runtime/contract/standardColumns';
import type { ColumnSpec, ColumnType } from './types';

/** A standard column of the contract table as the DDL layer creates it. */
function columnSpec(column: StandardColumn): ColumnSpec {
  const type: ColumnType =
    column.type === 'string' ? { base: 'varchar', length: column.length ?? null } : column.type === 'datetime' ? { base: 'timestamp' } : { base: 'integer' };
  return {
    name: column.column,
    type,
    notNull: column.notNull,
    ...(column.primaryKey ? { primaryKey: true } : {}),
    ...(column.defaultValue !== undefined ? { defaultValue: column.defaultValue } : {}),
  };
}

/**
 * Columns every entity table has besides its schema fields (runtime/contract/standardColumns.ts):
 * the primary key first, the audit, org and tenant columns last.
 */
export const STANDARD_HEAD: ColumnSpec[] = CONTRACT_COLUMNS.filter((c) => c.primaryKey).map(columnSpec);

export const STANDARD_TAIL: ColumnSpec[] = CONTRACT_COLUMNS.filter((c) => !c.primaryKey).map(columnSpec);

/** Names a schema field may not use: they belong to the standard columns above. */
export const STANDARD_COLUMNS: readonly string[] = [...STANDARD_HEAD, ...STANDARD_TAIL].map((c) => c.name);

/**
 * Every list is read as `WHERE tenant_id = ? ORDER BY create_time DESC LIMIT n` (the default sort),
 * so each entity table gets this index; without it a page of a million-row table sorts them all.
 */
export const STANDARD_INDEX_COLUMNS = ['tenant_id', 'create_time'];

/** A tree entity's parent and has-child columns when the schema does not declare them; roots have parent '0' as in JeecgBoot. */
export function treeParentColumn(name: string): ColumnSpec {
  return { name, type: { base: 'varchar', length: 32 }, notNull: true, defaultValue: '0' };
}

export function treeHasChildColumn(name: string): ColumnSpec {
  return { name, type: { base: 'varchar', length: 3 }, notNull: true, defaultValue: '0' };
}
