/**
 * The designer's rows → a page document, written over the document they were read from: a part
 * the user did not change keeps its exact form (a column's width, a rule's own message, linkage,
 * views…), so loading and saving without an edit gives the same document.
 */
import { childrenOf } from './subTables';
import type { FieldType } from '../generated/page';
import { arrayAt, buttonsOf, formFieldNames, isObject, objectAt, rowOfField, validationRuleIndex } from './fromDocument';
import { columnIsDefault, fieldNameOf, onlineEntityNames } from './onlineNames';
import type { DesignerButtons, DesignerFieldRow, DesignerModel, DesignerValidation, JsonObject } from './types';

type Before = DesignerFieldRow | undefined;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether the designer should write property `key` of a row: new rows always, others when changed. */
function changed<K extends keyof DesignerFieldRow>(row: DesignerFieldRow, before: Before, key: K): boolean {
  return before === undefined || !same(row[key], before[key]);
}

function setOrDelete(target: JsonObject, key: string, value: unknown): void {
  if (value === undefined || value === false || value === '') delete target[key];
  else target[key] = value;
}

/** A typed default: numbers for numeric types, true/false for boolean, the text otherwise. */
export function literalDefault(type: FieldType, text: string): string | number | boolean | undefined {
  if (text === '') return undefined;
  if (type === 'integer' || type === 'number' || type === 'money') {
    const value = Number(text);
    return Number.isFinite(value) ? value : text;
  }
  if (type === 'boolean') return text === 'true' || text === '1' || text === '是';
  return text;
}

function ruleOf(validation: DesignerValidation, previous: unknown): JsonObject | undefined {
  if (validation.kind === 'none') return undefined;
  if (validation.kind === 'pattern') {
    // A pattern's own message survives while the pattern stays.
    const kept = isObject(previous) && previous.pattern === validation.pattern && typeof previous.message === 'string' ? { message: previous.message } : {};
    return { pattern: validation.pattern, ...kept };
  }
  return { regex: validation.regex, message: validation.message };
}

function applyValidation(field: JsonObject, validation: DesignerValidation): void {
  const rules = Array.isArray(field.rules) ? [...(field.rules as unknown[])] : [];
  const at = validationRuleIndex(rules);
  const rule = ruleOf(validation, at < 0 ? undefined : rules[at]);
  if (at >= 0 && rule) rules[at] = rule;
  else if (at >= 0) rules.splice(at, 1);
  else if (rule) rules.unshift(rule);
  if (rules.length > 0) field.rules = rules;
  else delete field.rules;
}

function applySize(field: JsonObject, row: DesignerFieldRow, before: Before): void {
  const typeChanged = changed(row, before, 'type');
  if (typeChanged || changed(row, before, 'length')) {
    delete field.length;
    delete field.precision;
    if (row.type === 'string') setOrDelete(field, 'length', row.length);
    else if (row.type === 'number' || row.type === 'money') setOrDelete(field, 'precision', row.length);
  }
  if (typeChanged || changed(row, before, 'scale')) {
    delete field.scale;
    if (row.type === 'number' || row.type === 'money') setOrDelete(field, 'scale', row.scale);
  }
}

/** The declared field of a row: the original field with the row's changed properties written over it. */
function fieldOfRow(row: DesignerFieldRow, original: JsonObject | undefined, before: Before, name: string): JsonObject {
  const field: JsonObject = original ? structuredClone(original) : {};
  if (!original || changed(row, before, 'column')) {
    field.name = name;
    if (columnIsDefault(name, row.column)) delete field.column;
    else field.column = row.column;
  }
  if (changed(row, before, 'label')) field.label = row.label;
  if (changed(row, before, 'type')) field.type = row.type;
  applySize(field, row, before);
  if (changed(row, before, 'nullable')) setOrDelete(field, 'required', !row.nullable);
  if (changed(row, before, 'unique')) setOrDelete(field, 'unique', row.unique);
  if (changed(row, before, 'defaultValue') || (changed(row, before, 'type') && row.defaultValue !== '')) {
    setOrDelete(field, 'default', literalDefault(row.type, row.defaultValue));
  }
  if (changed(row, before, 'widget')) setOrDelete(field, 'widget', row.widget);
  if (changed(row, before, 'dictCode')) setOrDelete(field, 'dictCode', row.dictCode);
  if (changed(row, before, 'readOnly')) setOrDelete(field, 'readOnly', row.readOnly);
  if (changed(row, before, 'validation')) applyValidation(field, row.validation);
  if (original) return field;
  // A new field's keys in the order a page file writes them, so an exported document reads naturally.
  const { name: fieldName, column, label, type, ...rest } = field;
  return { name: fieldName, ...(column === undefined ? {} : { column }), label, type, ...rest };
}

interface Slotted<T> {
  /** The entries of the old list that name no declared field (system columns): kept where they are. */
  keep: (entry: unknown) => boolean;
  /** The new entries for declared fields, in row order. */
  next: readonly T[];
}

/**
 * Fills the old list's declared-field slots with `next` in order, keeping every other entry where it
 * was; extra entries go after the last slot (at the start when there was none), missing ones vanish.
 */
function refill<T>(old: readonly unknown[], { keep, next }: Slotted<T>): unknown[] {
  const out: unknown[] = [];
  let taken = 0;
  let lastSlot = -1;
  for (const entry of old) {
    if (keep(entry)) {
      out.push(entry);
      continue;
    }
    if (taken < next.length) {
      out.push(next[taken]);
      taken += 1;
      lastSlot = out.length - 1;
    }
  }
  out.splice(lastSlot + 1, 0, ...next.slice(taken));
  return out;
}

interface Naming {
  /** The user moved rows: lists follow the rows' order; otherwise each keeps its own order. */
  moved: boolean;
  /** Row key → the field's name in the new document. */
  nameOf: Map<string, string>;
  /** Old field name → its row (rows still present). */
  rowOfOld: Map<string, DesignerFieldRow>;
  /** Old declared names. */
  declared: Set<string>;
  before: Map<string, DesignerFieldRow>;
}

function entryField(entry: unknown): string | undefined {
  return isObject(entry) && typeof entry.field === 'string' ? entry.field : undefined;
}

function newColumn(row: DesignerFieldRow, name: string): JsonObject {
  const format = row.type === 'money' ? 'money' : row.type === 'date' ? 'date' : row.type === 'datetime' ? 'datetime' : undefined;
  return { field: name, ...(format ? { format } : {}), ...(format === 'money' ? { align: 'right' } : {}), ...(row.sortable ? { sortable: true } : {}) };
}

/** The rows a list shows, in the rows' order when the user moved some, else in the list's own order. */
function inListOrder(old: readonly unknown[], rows: readonly DesignerFieldRow[], naming: Naming): DesignerFieldRow[] {
  if (naming.moved) return [...rows];
  const position = new Map(old.map((entry, i) => [typeof entry === 'string' ? entry : entryField(entry), i] as const));
  const at = (row: DesignerFieldRow) => (row.origin === undefined ? Infinity : (position.get(row.key) ?? Infinity));
  return [...rows].sort((a, b) => at(a) - at(b));
}

function listColumns(old: readonly unknown[], rows: readonly DesignerFieldRow[], naming: Naming): unknown[] {
  const byOld = new Map(old.map((c) => [entryField(c), c] as const));
  const next = inListOrder(old, rows, naming)
    .filter((row) => row.listShow)
    .map((row) => {
      const name = naming.nameOf.get(row.key) ?? row.key;
      const previous = row.origin === undefined ? undefined : byOld.get(row.key);
      if (!isObject(previous)) return newColumn(row, name);
      const column = { ...previous, field: name };
      if (row.sortable !== naming.before.get(row.key)?.sortable) setOrDelete(column, 'sortable', row.sortable);
      return same(column, previous) ? previous : column;
    });
  return refill(old, { keep: (c) => !naming.declared.has(entryField(c) ?? ''), next });
}

function queryItems(old: readonly unknown[], rows: readonly DesignerFieldRow[], naming: Naming): unknown[] {
  const byOld = new Map(old.map((q) => [entryField(q), q] as const));
  const next = inListOrder(old, rows, naming)
    .filter((row) => row.queryMode !== '')
    .map((row) => {
      const name = naming.nameOf.get(row.key) ?? row.key;
      const previous = row.origin === undefined ? undefined : byOld.get(row.key);
      if (!isObject(previous)) return { field: name, mode: row.queryMode };
      const item = { ...previous, field: name, mode: row.queryMode };
      return same(item, previous) ? previous : item;
    });
  return refill(old, { keep: (q) => !naming.declared.has(entryField(q) ?? ''), next });
}

/** A reference to a field, renamed; undefined when its field was removed. System names pass. */
function renamed(name: unknown, naming: Naming): string | undefined {
  if (typeof name !== 'string') return undefined;
  if (!naming.declared.has(name)) return name;
  const row = naming.rowOfOld.get(name);
  return row ? naming.nameOf.get(row.key) : undefined;
}

function formPart(doc: JsonObject, base: JsonObject, rows: readonly DesignerFieldRow[], naming: Naming): void {
  const form = { ...objectAt(base, 'form') };
  const shown = inListOrder(Array.isArray(form.fields) ? form.fields : [], rows, naming)
    .filter((row) => row.formShow)
    .map((row) => naming.nameOf.get(row.key) ?? row.key);
  const wasShown = formFieldNames(base, [...naming.declared]);
  if (Array.isArray(form.fields)) {
    form.fields = refill(form.fields, { keep: (f) => typeof f === 'string' && !naming.declared.has(f), next: shown });
  } else if (Array.isArray(form.groups)) {
    const fresh = rows.filter((row) => row.formShow && !(row.origin !== undefined && wasShown.has(row.key))).map((row) => naming.nameOf.get(row.key) ?? row.key);
    const keepShown = new Set(shown);
    const groups = form.groups.map((group, i, all) => {
      if (!isObject(group)) return group;
      const fields = arrayAt(group, 'fields')
        .map((f) => renamed(f, naming))
        .filter((f): f is string => f !== undefined && (keepShown.has(f) || !rows.some((r) => naming.nameOf.get(r.key) === f)));
      return { ...group, fields: i === all.length - 1 ? [...fields, ...fresh] : fields };
    });
    form.groups = groups.filter((group) => arrayAt(group, 'fields').length > 0);
    if ((form.groups as unknown[]).length === 0) {
      delete form.groups;
      form.fields = shown;
    }
  } else if (shown.length !== rows.length) {
    form.fields = shown;
  }
  if (same(form, objectAt(base, 'form'))) return;
  doc.form = form;
}

function renameList(list: unknown, naming: Naming): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((f) => renamed(f, naming)).filter((f) => f !== undefined);
}

const TOOLBAR_ORDER = ['add', 'batchDelete', 'export', 'import', 'templateDownload'] as const;

function toggled(old: readonly unknown[], wanted: ReadonlyMap<string, boolean>, order: readonly string[]): unknown[] {
  let out = old.filter((item) => typeof item !== 'string' || wanted.get(item) !== false);
  for (const [key, on] of wanted) {
    if (!on || out.includes(key)) continue;
    // After the nearest earlier button of the canonical order, so 新增 stays first.
    const earlier = order.slice(0, order.indexOf(key)).filter((k) => out.includes(k));
    const at = earlier.length > 0 ? out.indexOf(earlier[earlier.length - 1]) + 1 : 0;
    out = [...out.slice(0, at), key, ...out.slice(at)];
  }
  return out;
}

function applyButtons(list: JsonObject, buttons: DesignerButtons, before: DesignerButtons): void {
  const toolbar = new Map<string, boolean>();
  const rowActions = new Map<string, boolean>();
  if (buttons.add !== before.add) toolbar.set('add', buttons.add);
  if (buttons.batchDelete !== before.batchDelete) toolbar.set('batchDelete', buttons.batchDelete);
  if (buttons.export !== before.export) toolbar.set('export', buttons.export);
  if (buttons.import !== before.import) {
    toolbar.set('import', buttons.import);
    toolbar.set('templateDownload', buttons.import);
  }
  if (buttons.edit !== before.edit) rowActions.set('edit', buttons.edit);
  if (buttons.delete !== before.delete) rowActions.set('delete', buttons.delete);
  if (toolbar.size > 0) list.toolbar = toggled(arrayAt(list, 'toolbar'), toolbar, TOOLBAR_ORDER);
  if (rowActions.size > 0) list.rowActions = toggled(arrayAt(list, 'rowActions'), rowActions, ['edit', 'detail', 'delete']);
}

function indexesPart(model: DesignerModel, base: JsonObject, naming: Naming): unknown[] {
  const old = arrayAt(base, 'indexes');
  return model.indexes.flatMap((index) => {
    const fields = index.fields.map((key) => naming.nameOf.get(key) ?? (naming.declared.has(key) ? undefined : key)).filter((f): f is string => f !== undefined);
    if (fields.length === 0) return [];
    const previous = index.origin === undefined ? undefined : old[index.origin];
    const next: JsonObject = isObject(previous) ? { ...previous, fields } : { fields };
    setOrDelete(next, 'unique', index.unique);
    return [isObject(previous) && same(next, previous) ? previous : next];
  });
}

function entityPart(doc: JsonObject, model: DesignerModel, base: JsonObject): void {
  const entity = { ...objectAt(base, 'entity') };
  if (model.table.tableName !== entity.table) Object.assign(entity, { table: model.table.tableName, ...onlineEntityNames(model.table.tableName) });
  if (model.table.title !== entity.title) entity.title = model.table.title;
  if (!same(entity, objectAt(base, 'entity'))) doc.entity = entity;
}

/** Writes the designer's model over `base` (the document it was read from) and answers the new document. */
export function toDocument(model: DesignerModel, base: JsonObject): JsonObject {
  const doc = structuredClone(base);
  const baseFields = arrayAt(base, 'fields');
  const declared = new Set(baseFields.filter(isObject).map((f) => String(f.name)));
  const shownBefore = formFieldNames(base, [...declared]);
  const before = new Map<string, DesignerFieldRow>();
  const nameOf = new Map<string, string>();
  const rowOfOld = new Map<string, DesignerFieldRow>();
  for (const row of model.fields) {
    const original = row.origin === undefined ? undefined : baseFields[row.origin];
    const was = isObject(original) ? rowOfField(base, original, row.origin ?? 0, shownBefore) : undefined;
    if (was) {
      before.set(row.key, was);
      rowOfOld.set(was.key, row);
    }
    nameOf.set(row.key, was && row.column === was.column ? was.key : fieldNameOf(row.column));
  }
  const origins = model.fields.flatMap((row) => (row.origin === undefined ? [] : [row.origin]));
  const moved = origins.some((origin, i) => i > 0 && origin < origins[i - 1]);
  const naming: Naming = { moved, nameOf, rowOfOld, declared, before };

  entityPart(doc, model, base);
  doc.fields = model.fields.map((row) => {
    const original = row.origin === undefined ? undefined : baseFields[row.origin];
    return fieldOfRow(row, isObject(original) ? original : undefined, before.get(row.key), nameOf.get(row.key) ?? row.key);
  });
  if (same(doc.fields, baseFields)) doc.fields = baseFields;

  const list = { ...objectAt(base, 'list') };
  list.columns = listColumns(arrayAt(list, 'columns'), model.fields, naming);
  if (Array.isArray(list.query) || model.fields.some((row) => row.queryMode !== '')) list.query = queryItems(arrayAt(list, 'query'), model.fields, naming);
  if (isObject(list.defaultSort)) {
    const field = renamed(list.defaultSort.field, naming);
    if (field === undefined) delete list.defaultSort;
    else list.defaultSort = { ...list.defaultSort, field };
  }
  applyButtons(list, model.buttons, buttonsOf(base));
  if (!same(list, objectAt(base, 'list'))) doc.list = list;

  formPart(doc, base, model.fields, naming);
  const children = childrenOf(model, base);
  const form = objectAt(doc, 'form');
  if (children && !same(children, form.children)) doc.form = { ...form, children };
  else if (!children && form.children !== undefined) {
    const { children: _dropped, ...rest } = form;
    doc.form = rest;
  }
  if (isObject(base.detail) && Array.isArray(base.detail.fields)) {
    const detail = { ...base.detail, fields: renameList(base.detail.fields, naming) };
    if (!same(detail, base.detail)) doc.detail = detail;
  }
  if (Array.isArray(base.indexes) || model.indexes.length > 0) {
    const indexes = indexesPart(model, base, naming);
    if (!same(indexes, base.indexes ?? [])) {
      if (indexes.length > 0) doc.indexes = indexes;
      else delete doc.indexes;
    }
  }
  return doc;
}

