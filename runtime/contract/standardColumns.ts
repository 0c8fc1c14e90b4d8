/**
 * The columns every entity table has besides its schema fields — the one table the page compiler
 * (runtime/schema), the DDL layer (server/crud/ddl) and generic CRUD (server/crud/entity) all read, so
 * the browser's idea of a column (its length, its type) is what the database really has.
 *
 * Lengths are those of the tables already in databases (server/db/migrations, and every entity table
 * the DDL layer created): an existing column's type never changes. JeecgBoot's ids are 32-character
 * strings (server/seed/ids.ts newId makes them so); sys_org_code is varchar(64) like sys_depart.org_code.
 *
 * There is no del_flag: generic CRUD deletes rows for good, as JeecgBoot's generated CRUD does.
 */

/** The page-language type of a standard column (a subset of the document's FieldType). */
export type StandardFieldType = 'string' | 'datetime' | 'integer';

export interface StandardColumn {
  /** The wire (camelCase) name, as records carry it. */
  name: string;
  /** The database (snake_case) name. */
  column: string;
  /** The column heading a page shows for it. */
  label: string;
  type: StandardFieldType;
  /** varchar length of a string column. */
  length?: number;
  notNull: boolean;
  primaryKey?: boolean;
  /** The database default: a literal, or the audit timestamp's now() (Beijing wall-clock time). */
  defaultValue?: number | { expr: 'now()' };
  /** Not shown as a list column by default. */
  hidden?: boolean;
  /** Only a tenant-scoped entity's page knows it; the table has it always (0 when tenants are unused). */
  tenant?: boolean;
}

/** The database names of the standard columns, for code that writes or filters them. */
export const STANDARD_COLUMN_NAMES = {
  id: 'id',
  createBy: 'create_by',
  createTime: 'create_time',
  updateBy: 'update_by',
  updateTime: 'update_time',
  sysOrgCode: 'sys_org_code',
  tenantId: 'tenant_id',
} as const;

const C = STANDARD_COLUMN_NAMES;

/** The tenant column, known to a tenant-scoped entity's page only. */
export const TENANT_STANDARD_COLUMN: StandardColumn = {
  name: 'tenantId',
  column: C.tenantId,
  label: '租户',
  type: 'integer',
  notNull: true,
  defaultValue: 0,
  hidden: true,
  tenant: true,
};

/**
 * - id: the primary key, a string made by the server;
 * - create_by / create_time / update_by / update_time: the audit fields, set by generic CRUD;
 * - sys_org_code: the department org code of the user who created the row (JeecgBoot data rules);
 * - tenant_id: tenant scoping, 0 when tenants are not used (the `tenant-id: 0` header).
 */
export const STANDARD_COLUMNS: readonly StandardColumn[] = [
  { name: 'id', column: C.id, label: '主键', type: 'string', length: 32, notNull: true, primaryKey: true, hidden: true },
  { name: 'createBy', column: C.createBy, label: '创建人', type: 'string', length: 50, notNull: false },
  { name: 'createTime', column: C.createTime, label: '创建时间', type: 'datetime', notNull: true, defaultValue: { expr: 'now()' } },
  { name: 'updateBy', column: C.updateBy, label: '更新人', type: 'string', length: 50, notNull: false },
  { name: 'updateTime', column: C.updateTime, label: '更新时间', type: 'datetime', notNull: false },
  { name: 'sysOrgCode', column: C.sysOrgCode, label: '所属部门', type: 'string', length: 64, notNull: false },
  TENANT_STANDARD_COLUMN,
];

/** The standard columns every entity's page knows (all but the tenant's). */
export const COMMON_STANDARD_COLUMNS: readonly StandardColumn[] = STANDARD_COLUMNS.filter((c) => !c.tenant);

/** Wire names of the columns every entity has without declaring them. */
export const SYSTEM_FIELD_NAMES: readonly string[] = COMMON_STANDARD_COLUMNS.map((c) => c.name);

/** Added to SYSTEM_FIELD_NAMES when the entity is tenant-scoped. */
export const TENANT_FIELD_NAME = TENANT_STANDARD_COLUMN.name;
