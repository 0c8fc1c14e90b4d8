/**
 * The fields the builder offers (JSuperQuery's fieldList), taken from the page schema: the list's
 * columns and query items, in that order, each once. A field's `type` and `dbType` tell the server
 * how to read the value (contract §1.5 doSuperQuery) and tell the builder which control to show.
 */
import type { FieldWidget } from '../generated/page';
import type { CompiledField, CompiledPage } from '../schema/compiledPageTypes';
import type { SuperQueryRule } from '../list/types';

export interface SuperQueryField {
  /** The entity property. */
  value: string;
  /** The label shown in the field select. */
  text: string;
  /** JSuperQuery's type: string, int, number, date, datetime, time, boolean, list, list_multi, sel_user, sel_depart, popup. */
  type: string;
  /** int | bigdecimal | boolean for typed columns (the server checks the value against it). */
  dbType?: string;
  dictCode?: string;
  dictTable?: string;
  dictText?: string;
  customReturnField?: string;
  /** The compiled field, so a registered form widget can edit the value. */
  field: CompiledField;
}

/** Widgets whose stored value is only meaningful through the widget itself (reused as value editors). */
const WIDGET_TYPES: Partial<Record<FieldWidget, string>> = {
  user: 'sel_user',
  depart: 'sel_depart',
  popup: 'popup',
  multiSelect: 'list_multi',
};

function typeOf(field: CompiledField): { type: string; dbType?: string } {
  const byWidget = WIDGET_TYPES[field.widget];
  if (byWidget) return { type: byWidget };
  if (field.dict) return { type: 'list' };
  switch (field.type) {
    case 'integer':
      return { type: 'int', dbType: 'int' };
    case 'number':
    case 'money':
      return { type: 'number', dbType: 'bigdecimal' };
    case 'date':
      return { type: 'date' };
    case 'datetime':
      return { type: 'datetime' };
    case 'time':
      return { type: 'time' };
    case 'boolean':
      return { type: 'boolean', dbType: 'boolean' };
    default:
      return { type: 'string' };
  }
}

export function superQueryFieldOf(field: CompiledField, label = field.label): SuperQueryField {
  const entry: SuperQueryField = { value: field.name, text: label, ...typeOf(field), field };
  if (field.dict) {
    if (field.dict.kind === 'table') {
      entry.dictTable = field.dict.table;
      entry.dictText = field.dict.textColumn;
      entry.dictCode = field.dict.valueColumn;
    } else {
      entry.dictCode = field.dict.dictCode;
    }
  }
  return entry;
}

/** Columns first (their titles), then query items not among them; hidden and upload/image fields are left out. */
export function superQueryFields(page: Pick<CompiledPage, 'list'>): SuperQueryField[] {
  const seen = new Set<string>();
  const fields: SuperQueryField[] = [];
  const add = (field: CompiledField, label: string) => {
    if (seen.has(field.name) || field.hidden) return;
    if (field.widget === 'upload' || field.widget === 'image' || field.widget === 'password') return;
    seen.add(field.name);
    fields.push(superQueryFieldOf(field, label));
  };
  for (const column of page.list.columns) add(column.field, column.title);
  for (const item of page.list.query) add(item.field, item.label);
  return fields;
}

/** The control a row's value gets. */
export type ValueControl =
  | 'input'
  | 'tags'
  | 'number'
  | 'date'
  | 'datetime'
  | 'time'
  | 'boolean'
  | 'dict'
  | 'dictMulti'
  | 'widget';

/**
 * By type, and by rule for 'in' (spec: multi-select for 'in'). User, department and popup values go
 * through their registered form widgets (multiple for 'in').
 */
export function valueControlOf(field: SuperQueryField | undefined, rule: SuperQueryRule | undefined): ValueControl {
  const many = rule === 'in';
  if (!field) return many ? 'tags' : 'input';
  if (field.type === 'sel_user' || field.type === 'sel_depart' || field.type === 'popup') return 'widget';
  if (field.dictCode) return many || field.type === 'list_multi' ? 'dictMulti' : 'dict';
  if (many) return 'tags';
  // Text rules on a number or date compare its text form (包含 2024-01): plain input then.
  const textRule = rule === 'like' || rule === 'left_like' || rule === 'right_like';
  switch (field.type) {
    case 'int':
    case 'number':
      return textRule ? 'input' : 'number';
    case 'date':
      return textRule ? 'input' : 'date';
    case 'datetime':
      return textRule ? 'input' : 'datetime';
    case 'time':
      return textRule ? 'input' : 'time';
    case 'boolean':
      return 'boolean';
    default:
      return 'input';
  }
}
