/**
 * Where a problem with the designed document belongs: the server's refusal of a save
 * (`result.errors: [{pointer, message}]`, JSON pointers into the saved document) and the designer's
 * own checks before it sends, both placed on the row and cell the user must change.
 */
import { fieldNameOf } from './onlineNames';
import { subTableProblems, type SubTableCell } from './subTables';
import type { DesignerFieldRow, DesignerModel } from './types';

export type DesignerCell = keyof DesignerFieldRow;

export type DesignerProblem =
  | { area: 'table'; property: 'tableName' | 'title' | 'tableType'; message: string; pointer?: string }
  | { area: 'subTable'; rowKey: string; property?: SubTableCell; message: string; pointer?: string }
  | { area: 'field'; rowKey: string; property?: DesignerCell; message: string; pointer?: string }
  | { area: 'index'; rowKey: string; message: string; pointer?: string }
  | { area: 'page'; message: string; pointer?: string };

export interface ServerSchemaError {
  pointer: string;
  message: string;
}

const FIELD_PROPERTY: Readonly<Record<string, DesignerCell>> = {
  name: 'column',
  column: 'column',
  label: 'label',
  type: 'type',
  length: 'length',
  precision: 'length',
  scale: 'scale',
  required: 'nullable',
  unique: 'unique',
  default: 'defaultValue',
  widget: 'widget',
  options: 'widget',
  dictCode: 'dictCode',
  rules: 'validation',
  readOnly: 'readOnly',
};

/** The server's error placed in the model that was saved (the saved fields are its rows in order). */
export function placeServerError(model: DesignerModel, error: ServerSchemaError): DesignerProblem {
  const [, part, index, property] = error.pointer.split('/');
  const at = Number(index);
  const base = { message: error.message, pointer: error.pointer };
  if (part === 'entity') {
    if (index === 'title') return { area: 'table', property: 'title', ...base };
    if (index === 'table' || index === 'name' || index === 'apiPath' || index === 'permissionPrefix') return { area: 'table', property: 'tableName', ...base };
  }
  if (part === 'fields' && Number.isInteger(at) && model.fields[at]) {
    const cell = property === undefined ? undefined : FIELD_PROPERTY[property];
    return { area: 'field', rowKey: model.fields[at].key, ...(cell ? { property: cell } : {}), ...base };
  }
  // /form/children/<i>/<property>: the 附表 rows, saved in order.
  if (part === 'form' && index === 'children') {
    const [, , , row, childProperty] = error.pointer.split('/');
    const saved = model.table.tableType === '2' ? model.subTables[Number(row)] : undefined;
    if (saved) {
      const cell: SubTableCell | undefined = childProperty === 'foreignKey' ? 'foreignKey' : childProperty === 'title' ? 'title' : childProperty === 'page' || childProperty === 'key' ? 'tableName' : undefined;
      return { area: 'subTable', rowKey: saved.key, ...(cell ? { property: cell } : {}), ...base };
    }
    return { area: 'table', property: 'tableType', ...base };
  }
  if (part === 'indexes' && Number.isInteger(at)) {
    // Saved indexes are the designer's ones that name a field.
    const saved = model.indexes.filter((i) => i.fields.length > 0);
    if (saved[at]) return { area: 'index', rowKey: saved[at].key, ...base };
  }
  return { area: 'page', ...base };
}

const TABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;
const COLUMN_NAME = /^[a-z][a-z0-9_]{0,62}$/;
/** The standard columns every table has (runtime/contract/standardColumns.ts): not declarable. */
const STANDARD = new Set(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'tenant_id']);

/** What the designer can tell before sending: names, labels, duplicates, a regex that does not compile. */
export function designerProblems(model: DesignerModel): DesignerProblem[] {
  const problems: DesignerProblem[] = [];
  if (!TABLE_NAME.test(model.table.tableName)) {
    problems.push({ area: 'table', property: 'tableName', message: '表名必须以小写字母开头，只含小写字母、数字和下划线，最长 63 个字符' });
  }
  if (model.table.title.trim() === '') problems.push({ area: 'table', property: 'title', message: '请输入表描述' });
  const seen = new Map<string, string>();
  for (const row of model.fields) {
    const field = (property: DesignerCell, message: string) => problems.push({ area: 'field', rowKey: row.key, property, message });
    if (!COLUMN_NAME.test(row.column)) field('column', '字段名称必须以小写字母开头，只含小写字母、数字和下划线');
    else if (STANDARD.has(row.column)) field('column', `字段名称 ${row.column} 是系统字段，每个表都有`);
    else if (seen.has(fieldNameOf(row.column))) field('column', `字段名称 ${row.column} 与 ${seen.get(fieldNameOf(row.column)) ?? ''} 重复`);
    else seen.set(fieldNameOf(row.column), row.column);
    if (row.label.trim() === '') field('label', '请输入字段备注');
    if (row.validation.kind === 'regex') {
      try {
        new RegExp(row.validation.regex);
        if (row.validation.regex === '') field('validation', '请输入正则表达式');
      } catch {
        field('validation', '正则表达式无效');
      }
      if (row.validation.message.trim() === '') field('validation', '正则表达式需要提示信息');
    }
  }
  const subTables = subTableProblems(model);
  problems.push(...subTables.rows.map((p) => ({ area: 'subTable' as const, ...p })));
  if (subTables.table) problems.push({ area: 'table', property: 'tableType', message: subTables.table });
  if (model.fields.length === 0) problems.push({ area: 'page', message: '至少需要一个字段' });
  else if (!model.fields.some((row) => row.listShow)) problems.push({ area: 'page', message: '列表至少显示一个字段' });
  return problems;
}
