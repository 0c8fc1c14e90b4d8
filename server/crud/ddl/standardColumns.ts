import type { ColumnSpec } from './types';

/**
 * Columns every entity table has besides its schema fields, as JeecgBoot's generated entities do:
 * - id: varchar(32) primary key, a string id made by the server (like the foundation tables);
 * - create_by / create_time / update_by / update_time: the audit fields, set by generic CRUD;
 *   create_time is Beijing wall-clock time (`now()` in the session time zone);
 * - sys_org_code: the department org code of the user who created the row (JeecgBoot data rules);
 * - tenant_id: tenant scoping, 0 when tenants are not used (the `tenant-id: 0` header).
 * There is no del_flag: generic CRUD deletes rows for good, as JeecgBoot's generated CRUD does.
 */
export const STANDARD_HEAD: ColumnSpec[] = [
  { name: 'id', type: { base: 'varchar', length: 32 }, notNull: true, primaryKey: true },
];

export const STANDARD_TAIL: ColumnSpec[] = [
  { name: 'create_by', type: { base: 'varchar', length: 50 }, notNull: false },
  { name: 'create_time', type: { base: 'timestamp' }, notNull: true, defaultValue: { expr: 'now()' } },
  { name: 'update_by', type: { base: 'varchar', length: 50 }, notNull: false },
  { name: 'update_time', type: { base: 'timestamp' }, notNull: false },
  { name: 'sys_org_code', type: { base: 'varchar', length: 64 }, notNull: false },
  { name: 'tenant_id', type: { base: 'integer' }, notNull: true, defaultValue: 0 },
];

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
