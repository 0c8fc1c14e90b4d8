/** What the designer's buttons do to its model: add, remove and move rows. Pure, new objects each time. */
import type { DesignerFieldRow, DesignerIndexRow, DesignerModel } from './types';

let sequence = 0;

/** A key no field name can take (names are camelCase, keys of new rows carry a dash). */
function newKey(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}`;
}

/** A new field: a nullable varchar(32) shown in the list and the form, as JeecgBoot's 新增 row. */
export function newFieldRow(): DesignerFieldRow {
  return {
    key: newKey('new'),
    column: '',
    label: '',
    type: 'string',
    length: 32,
    nullable: true,
    unique: false,
    defaultValue: '',
    listShow: true,
    sortable: false,
    queryMode: '',
    formShow: true,
    widget: '',
    dictCode: '',
    validation: { kind: 'none' },
    readOnly: false,
  };
}

export function addField(model: DesignerModel, row: DesignerFieldRow = newFieldRow()): DesignerModel {
  return { ...model, fields: [...model.fields, row] };
}

export function updateField(model: DesignerModel, key: string, patch: Partial<DesignerFieldRow>): DesignerModel {
  return { ...model, fields: model.fields.map((row) => (row.key === key ? { ...row, ...patch } : row)) };
}

/** Removes a field and takes it out of the indexes (an index left empty goes too). */
export function removeField(model: DesignerModel, key: string): DesignerModel {
  return {
    ...model,
    fields: model.fields.filter((row) => row.key !== key),
    indexes: model.indexes.map((index) => ({ ...index, fields: index.fields.filter((f) => f !== key) })).filter((index) => index.fields.length > 0),
  };
}

/** Moves a field one place up (-1) or down (+1); the list and form follow the rows' order. */
export function moveField(model: DesignerModel, key: string, step: -1 | 1): DesignerModel {
  const at = model.fields.findIndex((row) => row.key === key);
  const to = at + step;
  if (at < 0 || to < 0 || to >= model.fields.length) return model;
  const fields = [...model.fields];
  [fields[at], fields[to]] = [fields[to], fields[at]];
  return { ...model, fields };
}

export function addIndex(model: DesignerModel, fields: string[] = []): DesignerModel {
  const index: DesignerIndexRow = { key: newKey('index'), fields, unique: false };
  return { ...model, indexes: [...model.indexes, index] };
}

export function updateIndex(model: DesignerModel, key: string, patch: Partial<DesignerIndexRow>): DesignerModel {
  return { ...model, indexes: model.indexes.map((index) => (index.key === key ? { ...index, ...patch } : index)) };
}

export function removeIndex(model: DesignerModel, key: string): DesignerModel {
  return { ...model, indexes: model.indexes.filter((index) => index.key !== key) };
}
