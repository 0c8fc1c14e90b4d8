/**
 * 主表/附表 in the designer: a form's 表类型, and for a 主表 its 附表 — each another online form (of type
 * 附表) bound by a foreign-key column of the 附表 that holds the main row's id. In the page document
 * they are the form's one-to-many children (`form.children`: page online/<name>, foreignKey the
 * field, key the 附表's table name as JeecgBoot keys sub tables, title).
 */
import { arrayAt, isObject, objectAt } from './fromDocument';
import { camelToUnderline, fieldNameOf, onlineFormName } from './onlineNames';
import type { DesignerModel, DesignerSubTableRow, DesignerTableType, JsonObject } from './types';

export const TABLE_TYPES: readonly { value: DesignerTableType; label: string }[] = [
  { value: '1', label: '单表' },
  { value: '2', label: '主表' },
  { value: '3', label: '附表' },
];

const ONLINE_PAGE = /^online\/([a-z][A-Za-z0-9]*)$/;

/** The 附表 rows of a document's form.children (a child that is not an online form is kept as it is). */
export function subTablesOf(doc: JsonObject): DesignerSubTableRow[] {
  return arrayAt(objectAt(doc, 'form'), 'children').flatMap((child, origin) => {
    if (!isObject(child) || typeof child.page !== 'string') return [];
    const name = ONLINE_PAGE.exec(child.page)?.[1];
    if (!name) return [];
    const tableName = typeof child.key === 'string' ? child.key : camelToUnderline(name);
    return [
      {
        key: `sub-${origin}`,
        origin,
        tableName,
        foreignKey: typeof child.foreignKey === 'string' ? camelToUnderline(child.foreignKey) : '',
        title: typeof child.title === 'string' ? child.title : '',
      },
    ];
  });
}

/** form.children as the rows say (only for a 主表); a child's other settings (fields) survive when its table stays. */
export function childrenOf(model: DesignerModel, base: JsonObject): JsonObject[] | undefined {
  if (model.table.tableType !== '2') return undefined;
  const before = arrayAt(objectAt(base, 'form'), 'children');
  return model.subTables.map((row) => {
    const original = row.origin === undefined ? undefined : before[row.origin];
    const kept = isObject(original) && original.key === row.tableName ? original : {};
    const child: JsonObject = { ...kept, page: `online/${onlineFormName(row.tableName)}`, foreignKey: fieldNameOf(row.foreignKey), key: row.tableName };
    if (row.title.trim() === '') delete child.title;
    else child.title = row.title.trim();
    return child;
  });
}

const NAME = /^[a-z][a-z0-9_]{0,62}$/;

export type SubTableCell = 'tableName' | 'foreignKey' | 'title';
export interface SubTableProblem {
  rowKey: string;
  property: SubTableCell;
  message: string;
}

/** What the designer can tell about the 附表 rows before sending. */
export function subTableProblems(model: DesignerModel): { rows: SubTableProblem[]; table?: string } {
  if (model.table.tableType !== '2') return { rows: [] };
  const rows: SubTableProblem[] = [];
  const seen = new Set<string>();
  for (const row of model.subTables) {
    const cell = (property: SubTableCell, message: string) => rows.push({ rowKey: row.key, property, message });
    if (!NAME.test(row.tableName)) cell('tableName', '请选择附表');
    else if (row.tableName === model.table.tableName) cell('tableName', '附表不能是主表自己');
    else if (seen.has(row.tableName)) cell('tableName', `附表 ${row.tableName} 重复`);
    else seen.add(row.tableName);
    if (!NAME.test(row.foreignKey)) cell('foreignKey', '外键字段必须以小写字母开头，只含小写字母、数字和下划线');
    if (row.title.length > 20) cell('title', '标题最长 20 个字符');
  }
  return { rows, ...(model.subTables.length === 0 ? { table: '主表至少需要一个附表' } : {}) };
}

let fresh = 0;
/** A new, empty 附表 row. */
export function newSubTableRow(): DesignerSubTableRow {
  fresh += 1;
  return { key: `sub-new-${fresh}`, tableName: '', foreignKey: '', title: '' };
}

export function addSubTable(model: DesignerModel, row: DesignerSubTableRow = newSubTableRow()): DesignerModel {
  return { ...model, subTables: [...model.subTables, row] };
}

export function updateSubTable(model: DesignerModel, key: string, patch: Partial<DesignerSubTableRow>): DesignerModel {
  return { ...model, subTables: model.subTables.map((row) => (row.key === key ? { ...row, ...patch } : row)) };
}

export function removeSubTable(model: DesignerModel, key: string): DesignerModel {
  return { ...model, subTables: model.subTables.filter((row) => row.key !== key) };
}

/** A new 表类型; leaving 主表 keeps the rows (switching back brings them again) but they are not saved. */
export function setTableType(model: DesignerModel, tableType: DesignerTableType): DesignerModel {
  return { ...model, table: { ...model.table, tableType } };
}
