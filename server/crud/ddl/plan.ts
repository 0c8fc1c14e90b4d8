import { columnTypeOfInfo, typeChange, typeSql } from './columnTypes';
import { defaultMatches } from './defaults';
import { desiredTable, type DesiredIndex } from './desired';
import { EntityDdlError } from './errors';
import type { ColumnInfo, EntityTable, IndexInfo, Step, TablePlan, TableState } from './types';

function sameColumns(a: (string | null)[], b: string[]): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/** An existing index serves a wanted one when it covers the same columns in order and is at least as strict. */
function served(wanted: DesiredIndex, existing: IndexInfo[], table: string): boolean {
  const method = (i: IndexInfo) => (i.method === undefined || i.method === 'btree' ? 'btree' : i.method === 'gin' ? 'trgm' : i.method);
  // An index a failed concurrent build left invalid serves nothing; the derived step replaces it.
  const usable = existing.filter((i) => i.valid !== false);
  const byName = usable.find((i) => i.name === wanted.name);
  // An expression index reads as one column null: a GIN index of that name is the one we built.
  if (wanted.method === 'chars') return byName?.method === 'gin' && byName.columns.length === 1 && byName.columns[0] === null;
  if (byName) {
    if (sameColumns(byName.columns, wanted.columns) && (byName.unique || !wanted.unique) && method(byName) === wanted.method) return true;
    throw new EntityDdlError(
      `表 ${table} 已有同名索引 ${wanted.name}（${byName.columns.join(', ')}），与 schema 声明的（${wanted.columns.join(', ')}${wanted.unique ? '，唯一' : ''}）不同：请改用其他索引名`,
      { table },
    );
  }
  if (usable.some((i) => sameColumns(i.columns, wanted.columns) && (i.unique || !wanted.unique) && method(i) === wanted.method)) return true;
  // A list index is served by any btree that begins with its columns.
  return wanted.derived && wanted.method === 'btree' && usable.some((i) => method(i) === 'btree' && i.columns.length > wanted.columns.length && wanted.columns.every((c, k) => c === i.columns[k]));
}

function indexStep(table: string, index: DesiredIndex, current: TableState | undefined): Step {
  const step: Extract<Step, { op: 'createIndex' }> = { op: 'createIndex', table, name: index.name, columns: index.columns, unique: index.unique };
  if (index.method !== 'btree') step.method = index.method;
  if (current !== undefined && index.derived) {
    step.concurrently = true;
    if (current.indexes.some((i) => i.name === index.name && i.valid === false)) step.replaceInvalid = true;
  }
  return step;
}

function refuseTypeChange(table: string, column: string, from: string, to: string): never {
  throw new EntityDdlError(
    `表 ${table} 的字段 ${column} 不能从 ${from} 改为 ${to}：这会丢失或拒绝已有数据，已拒绝执行。请恢复原定义，或新增字段后迁移数据`,
    { table, column, from, to },
  );
}

/**
 * Works out the DDL that brings a table from its current state (undefined: it does not exist) to the
 * schema. Pure. It only ever adds and widens: a column the schema dropped is kept (listed in
 * `kept`), a change that could lose or reject data throws EntityDdlError instead of becoming a step.
 */
export function planTable(current: TableState | undefined, wanted: EntityTable): TablePlan {
  const desired = desiredTable(wanted);
  const { table } = desired;
  const steps: Step[] = [];
  const notes: string[] = [];

  if (current === undefined) {
    steps.push({ op: 'createTable', table, columns: desired.columns });
    for (const index of desired.indexes) steps.push(indexStep(table, index, current));
    return { table, action: 'create', steps, kept: [], notes };
  }

  const existing = new Map<string, ColumnInfo>(current.columns.map((c) => [c.name, c]));
  if (!existing.has('id')) {
    throw new EntityDdlError(`已有的表 ${table} 没有 id 列，不是由实体 schema 建立的表，无法自动调整`, { table, column: 'id' });
  }

  for (const spec of desired.columns) {
    const info = existing.get(spec.name);
    if (!info) {
      // Rows may already exist: NOT NULL only when a default fills them in.
      const fillable = spec.defaultValue !== undefined;
      if (spec.notNull && !fillable) {
        notes.push(`新增必填字段 ${spec.name} 没有默认值，已有数据无法填写，因此建为可空列`);
      }
      steps.push({ op: 'addColumn', table, column: { ...spec, notNull: spec.notNull && fillable } });
      continue;
    }
    const from = columnTypeOfInfo(info);
    const change = typeChange(from, spec.type);
    if (change === 'refuse') refuseTypeChange(table, spec.name, typeSql(from), typeSql(spec.type));
    if (change === 'widen') steps.push({ op: 'widenColumn', table, column: spec.name, from: typeSql(from), to: spec.type });

    if (!info.nullable && !spec.notNull && !spec.primaryKey) {
      steps.push({ op: 'allowNull', table, column: spec.name });
    } else if (info.nullable && spec.notNull) {
      notes.push(`字段 ${spec.name} 改为必填，但已有数据可能为空，数据库列保持可空（由接口校验必填）`);
    }

    // Standard columns keep whatever default they were created with; field defaults follow the schema.
    const value = spec.defaultValue;
    if (desired.fieldColumns.has(spec.name) && value !== undefined && typeof value !== 'object') {
      if (!defaultMatches(info.defaultExpr, value, spec.type)) steps.push({ op: 'setDefault', table, column: spec.name, value });
    }
  }

  const desiredNames = new Set(desired.columns.map((c) => c.name));
  const kept = current.columns.map((c) => c.name).filter((name) => !desiredNames.has(name));
  for (const name of kept) {
    const info = existing.get(name) as ColumnInfo;
    // Generic CRUD no longer writes this column, so a NOT NULL without a default would refuse every new row.
    if (!info.nullable && info.defaultExpr === null) {
      steps.push({ op: 'allowNull', table, column: name });
      notes.push(`字段 ${name} 已从 schema 中移除，列和数据保留；因新增数据不再填写它，改为可空`);
    }
  }

  for (const index of desired.indexes) {
    if (!served(index, current.indexes, table)) steps.push(indexStep(table, index, current));
  }
  for (const index of current.indexes) {
    if (!index.unique || index.primary || index.columns.length !== 1) continue;
    const [column] = index.columns;
    if (column === null || !desired.fieldColumns.has(column)) continue;
    if (!desired.indexes.some((i) => i.unique && sameColumns([column], i.columns))) {
      notes.push(`字段 ${column} 已不要求唯一，但唯一索引 ${index.name} 保留（从不自动删除）`);
    }
  }

  return { table, action: steps.length > 0 ? 'alter' : 'unchanged', steps, kept, notes };
}
