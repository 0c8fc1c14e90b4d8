import { columnTypeOf } from './columnTypes';
import { normalizeDefault } from './defaults';
import { EntityDdlError } from './errors';
import { checkIdentifier, indexNameFor } from './identifiers';
import {
  STANDARD_COLUMNS,
  STANDARD_HEAD,
  STANDARD_INDEX_COLUMNS,
  STANDARD_TAIL,
  treeHasChildColumn,
  treeParentColumn,
} from './standardColumns';
import { isPrefix, listIndexes, listIndexName } from './listIndexes';
import type { ColumnSpec, EntityTable, IndexMethod } from './types';

export interface DesiredIndex {
  name: string;
  columns: string[];
  unique: boolean;
  method: IndexMethod;
  /** Derived from the page's list (listIndexes.ts), not declared: built concurrently on an existing table. */
  derived: boolean;
}

/** A checked EntityTable: every column (standard ones included) and every index, as the database should have them. */
export interface DesiredTable {
  table: string;
  columns: ColumnSpec[];
  /** Columns that come from schema fields (standard and implied tree columns excluded). */
  fieldColumns: Set<string>;
  indexes: DesiredIndex[];
}

/** Prefixes of tables that are not entity tables: PostgreSQL's own and our bookkeeping. */
const RESERVED_PREFIXES = ['pg_', 'lossdesk_'];

/**
 * Validates an EntityTable (identifiers, lengths, defaults, index columns) and works out the full
 * column and index list. Throws EntityDdlError naming the table and column on the first problem.
 */
export function desiredTable(wanted: EntityTable): DesiredTable {
  const rawTable: unknown = (wanted as { table?: unknown } | undefined)?.table;
  const table = checkIdentifier(rawTable, '表名', typeof rawTable === 'string' ? rawTable : String(rawTable));
  if (RESERVED_PREFIXES.some((p) => table.startsWith(p))) {
    throw new EntityDdlError(`表名 ${table} 不可用：以 ${RESERVED_PREFIXES.join(' 或 ')} 开头的表名为系统保留`, { table });
  }
  if (!Array.isArray(wanted.fields)) throw new EntityDdlError(`表 ${table} 缺少字段列表 fields`, { table });

  const byName = new Map<string, ColumnSpec>();
  const fieldColumns = new Set<string>();
  const uniqueColumns: string[] = [];
  const fieldSpecs: ColumnSpec[] = [];
  for (const field of wanted.fields) {
    const column = checkIdentifier(field?.column, `表 ${table} 的字段名`, table);
    if (STANDARD_COLUMNS.includes(column)) {
      throw new EntityDdlError(`表 ${table} 的字段 ${column} 与标准字段重名（${STANDARD_COLUMNS.join(', ')} 由系统自动创建）`, { table, column });
    }
    if (byName.has(column)) throw new EntityDdlError(`表 ${table} 的字段 ${column} 重复定义`, { table, column });
    const type = columnTypeOf(field, table);
    const spec: ColumnSpec = { name: column, type, notNull: field.required === true };
    const defaultValue = normalizeDefault(field, type, table);
    if (defaultValue !== undefined) spec.defaultValue = defaultValue;
    byName.set(column, spec);
    fieldColumns.add(column);
    fieldSpecs.push(spec);
    if (field.unique === true) uniqueColumns.push(column);
  }

  const treeSpecs: ColumnSpec[] = [];
  const treeIndexColumns: string[] = [];
  if (wanted.tree !== undefined) {
    const parent = checkIdentifier(wanted.tree.parentColumn, `表 ${table} 的父节点字段名`, table);
    if (STANDARD_COLUMNS.includes(parent)) {
      throw new EntityDdlError(`表 ${table} 的父节点字段 ${parent} 与标准字段重名`, { table, column: parent });
    }
    if (!byName.has(parent)) treeSpecs.push(treeParentColumn(parent));
    treeIndexColumns.push(parent);
    if (wanted.tree.hasChildColumn !== undefined) {
      const hasChild = checkIdentifier(wanted.tree.hasChildColumn, `表 ${table} 的是否有子节点字段名`, table);
      if (hasChild === parent || STANDARD_COLUMNS.includes(hasChild)) {
        throw new EntityDdlError(`表 ${table} 的是否有子节点字段 ${hasChild} 与其他字段重名`, { table, column: hasChild });
      }
      if (!byName.has(hasChild)) treeSpecs.push(treeHasChildColumn(hasChild));
    }
  }
  for (const spec of treeSpecs) byName.set(spec.name, spec);

  const columns = [...STANDARD_HEAD, ...fieldSpecs, ...treeSpecs, ...STANDARD_TAIL];
  const known = new Set(columns.map((c) => c.name));

  const indexes: DesiredIndex[] = [];
  const add = (columnsOf: string[], unique: boolean, name?: string) => {
    const same = indexes.find((i) => i.columns.join(',') === columnsOf.join(',') && i.unique === unique);
    if (same) return;
    const indexName = name ?? indexNameFor(table, columnsOf, unique);
    if (indexes.some((i) => i.name === indexName) || indexName === table) {
      throw new EntityDdlError(`表 ${table} 的索引名 ${indexName} 重复`, { table });
    }
    indexes.push({ name: indexName, columns: columnsOf, unique, method: 'btree', derived: false });
  };
  for (const column of uniqueColumns) add([column], true);
  for (const declared of wanted.indexes ?? []) {
    if (!Array.isArray(declared?.columns) || declared.columns.length === 0) {
      throw new EntityDdlError(`表 ${table} 的索引缺少字段列表 columns`, { table });
    }
    const columnsOf = declared.columns.map((c) => checkIdentifier(c, `表 ${table} 的索引字段`, table));
    for (const column of columnsOf) {
      if (!known.has(column)) throw new EntityDdlError(`表 ${table} 的索引字段 ${column} 不存在`, { table, column });
    }
    if (new Set(columnsOf).size !== columnsOf.length) {
      throw new EntityDdlError(`表 ${table} 的索引字段 ${columnsOf.join(', ')} 有重复`, { table });
    }
    const name = declared.name === undefined ? undefined : checkIdentifier(declared.name, `表 ${table} 的索引名`, table);
    add(columnsOf, declared.unique === true, name);
  }
  for (const column of treeIndexColumns) add([column], false);
  add(STANDARD_INDEX_COLUMNS, false);
  if (wanted.list !== undefined) {
    for (const index of listIndexes(wanted.list, known)) {
      // A declared btree that already begins with these columns serves the list as well.
      if (index.method === 'btree' && indexes.some((i) => i.columns.join() === index.columns.join() || isPrefix(index.columns, i))) continue;
      const name = listIndexName(table, index);
      if (indexes.some((i) => i.name === name)) continue;
      indexes.push({ name, columns: index.columns, unique: false, method: index.method, derived: true });
    }
  }

  return { table, columns, fieldColumns, indexes };
}
