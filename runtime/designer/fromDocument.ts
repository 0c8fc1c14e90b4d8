/** A page document → the designer's rows (the reverse of toDocument.ts). */
import type { FieldRule, FieldType, FieldWidget, NamedPattern, QueryMode } from '../generated/page';
import { camelToUnderline } from './onlineNames';
import { subTablesOf } from './subTables';
import type { DesignerTableType, DesignerButtons, DesignerFieldRow, DesignerIndexRow, DesignerModel, DesignerValidation, JsonObject } from './types';

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(parent: unknown, key: string): JsonObject {
  return isObject(parent) && isObject(parent[key]) ? parent[key] : {};
}

export function arrayAt(parent: unknown, key: string): unknown[] {
  return isObject(parent) && Array.isArray(parent[key]) ? parent[key] : [];
}

function stringAt(parent: JsonObject, key: string): string {
  const value = parent[key];
  return typeof value === 'string' ? value : '';
}

/** The field a list column, query item or sort names. */
function namedField(item: unknown): string | undefined {
  return isObject(item) && typeof item.field === 'string' ? item.field : undefined;
}

/** The first rule of a field carrying a pattern or a regex: the one the 校验 column edits. */
export function validationRuleIndex(rules: readonly unknown[]): number {
  return rules.findIndex((rule) => isObject(rule) && (typeof rule.pattern === 'string' || typeof rule.regex === 'string'));
}

function validationOf(rules: readonly unknown[]): DesignerValidation {
  const at = validationRuleIndex(rules);
  if (at < 0) return { kind: 'none' };
  const rule = rules[at] as FieldRule;
  if (typeof rule.pattern === 'string') return { kind: 'pattern', pattern: rule.pattern as NamedPattern };
  return { kind: 'regex', regex: rule.regex ?? '', message: rule.message ?? '' };
}

/** Fields the form shows: its fields, or its groups' fields, or (neither) every declared field. */
export function formFieldNames(doc: JsonObject, declared: readonly string[]): Set<string> {
  const form = objectAt(doc, 'form');
  if (Array.isArray(form.fields)) return new Set(form.fields.filter((f): f is string => typeof f === 'string'));
  if (Array.isArray(form.groups)) {
    return new Set(form.groups.flatMap((group) => arrayAt(group, 'fields')).filter((f): f is string => typeof f === 'string'));
  }
  return new Set(declared);
}

function lengthOf(field: JsonObject, type: FieldType): number | undefined {
  const value = type === 'string' ? field.length : type === 'number' || type === 'money' ? field.precision : undefined;
  return typeof value === 'number' ? value : undefined;
}

/** The row a declared field gives (also used by toDocument to see which properties a user changed). */
export function rowOfField(doc: JsonObject, field: JsonObject, origin: number, shownInForm: ReadonlySet<string>): DesignerFieldRow {
  const name = stringAt(field, 'name');
  const type = (stringAt(field, 'type') || 'string') as FieldType;
  const list = objectAt(doc, 'list');
  const column = arrayAt(list, 'columns').find((c) => namedField(c) === name);
  const query = arrayAt(list, 'query').find((q) => namedField(q) === name);
  const rules = Array.isArray(field.rules) ? field.rules : [];
  const fallback = field.default;
  const scale = field.scale;
  return {
    key: name,
    origin,
    column: stringAt(field, 'column') || camelToUnderline(name),
    label: stringAt(field, 'label'),
    type,
    length: lengthOf(field, type),
    scale: typeof scale === 'number' && (type === 'number' || type === 'money') ? scale : undefined,
    nullable: field.required !== true,
    unique: field.unique === true,
    defaultValue: typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean' ? String(fallback) : '',
    listShow: column !== undefined,
    sortable: isObject(column) && column.sortable === true,
    queryMode: isObject(query) && typeof query.mode === 'string' ? (query.mode as QueryMode) : '',
    formShow: shownInForm.has(name),
    widget: (stringAt(field, 'widget') as FieldWidget | '') || '',
    dictCode: stringAt(field, 'dictCode'),
    validation: validationOf(rules),
    readOnly: field.readOnly === true,
  };
}

export function buttonsOf(doc: JsonObject): DesignerButtons {
  const list = objectAt(doc, 'list');
  const toolbar = new Set(arrayAt(list, 'toolbar'));
  const rowActions = new Set(arrayAt(list, 'rowActions'));
  return {
    add: toolbar.has('add'),
    edit: rowActions.has('edit'),
    delete: rowActions.has('delete'),
    batchDelete: toolbar.has('batchDelete'),
    export: toolbar.has('export'),
    import: toolbar.has('import'),
  };
}

function indexesOf(doc: JsonObject): DesignerIndexRow[] {
  return arrayAt(doc, 'indexes').map((index, origin) => ({
    key: `index-${origin}`,
    origin,
    fields: arrayAt(index, 'fields').filter((f): f is string => typeof f === 'string'),
    unique: isObject(index) && index.unique === true,
  }));
}

/** The designer's model of a page document. Index fields name field rows by key (= field name). */
export function fromDocument(doc: JsonObject, tableType: DesignerTableType = '1'): DesignerModel {
  const entity = objectAt(doc, 'entity');
  const fields = arrayAt(doc, 'fields').filter(isObject);
  const declared = fields.map((field) => stringAt(field, 'name'));
  const shown = formFieldNames(doc, declared);
  return {
    table: { tableName: stringAt(entity, 'table'), title: stringAt(entity, 'title'), tableType },
    fields: arrayAt(doc, 'fields').flatMap((field, origin) => (isObject(field) ? [rowOfField(doc, field, origin, shown)] : [])),
    indexes: indexesOf(doc),
    buttons: buttonsOf(doc),
    subTables: subTablesOf(doc),
  };
}
