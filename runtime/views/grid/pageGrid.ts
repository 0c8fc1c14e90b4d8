import type { GridColumn, GridColumnSpec, GridColumnType, GridOption, GridRule, GridSize } from '../../grid';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../list/constants';
import { computedSlot } from './computedSlot';
import { LINK_DOWN_ROOT } from '../../widgets/tree/linkDownModel';
import { linkDownSource, type TreeHost } from '../../widgets/tree/treeSources';
import type { CompiledField, CompiledPage } from '../../schema/compiledPageTypes';
import type { PageGrid, PageGridColumn } from '../../generated/page';
import { fieldRules } from '../../validation';

/** What a page's grid section resolves to: the grid's columns, the order field and the editing mode. */
export interface PageGridConfig {
  columns: GridColumnSpec[];
  orderField: string | undefined;
  alwaysEdit: boolean;
  /** Row density (default medium). */
  size: GridSize;
  /** The pager's first size: the page's own, else 10 (spec §9). */
  pageSize: number;
  /** The pager's sizes: 10/20/30, and the page's own size when it is another. */
  pageSizeOptions: number[];
  /** Dictionary codes of the columns whose options come from a dictionary. */
  dictCodes: Record<string, string>;
}


/** 10/20/30 plus a page's own size, ascending: a schema's 200 must stay choosable once left. */
export function gridPageSizeOptions(pageSize: number): number[] {
  return [...new Set([...PAGE_SIZE_OPTIONS, pageSize])].sort((a, b) => a - b);
}

/** The cell editor a field gets when its grid column names none. */
export function defaultGridType(field: CompiledField): GridColumnType {
  if (field.compute) return 'slot';
  if (field.dict) return field.widget === 'multiSelect' || field.widget === 'checkbox' ? 'list_multi' : 'select';
  if (field.type === 'integer' || field.type === 'number' || field.type === 'money') return 'inputNumber';
  if (field.type === 'date') return 'date';
  if (field.type === 'datetime') return 'datetime';
  if (field.widget === 'popup') return 'popup';
  return 'input';
}

/**
 * The page's field rules as the grid's cell rules: runtime/validation's one translation, after
 * `required`. The server checks the same rules again on save.
 */
export function gridRules(field: CompiledField): GridRule[] {
  return [...(field.required ? [{ required: true as const }] : []), ...fieldRules(field)];
}

/**
 * Upload columns of a page post to this server (the meta-schema refuses another origin), whose
 * upload endpoint needs the session: they send the token unless the column says `token: false`
 * (spec §3 'token'); `action` and `responseName` name another endpoint of this server and the field
 * of its answer holding the path; the field's maxCount limits the files of a cell.
 */
function uploadSettings(type: GridColumnType, column: PageGridColumn, field: CompiledField): Partial<GridColumnSpec> {
  if (type !== 'upload') return {};
  return {
    token: column.token ?? true,
    ...(column.action ? { action: column.action } : {}),
    ...(column.responseName ? { responseName: column.responseName } : {}),
    ...(field.options.maxCount !== undefined ? { number: field.options.maxCount } : {}),
  };
}

/**
 * The editor settings of a column: the page's `props` (text, numbers, booleans; the meta-schema
 * keeps value and events out), and for a checkbox the values it stores, which only the field gives.
 */
function editorProps(type: GridColumnType, column: PageGridColumn, field: CompiledField): Partial<GridColumnSpec> {
  const props = { ...column.props, ...(type === 'checkbox' ? { customValue: checkboxValuesOf(field) } : {}) };
  return Object.keys(props).length > 0 ? { props } : {};
}

/**
 * The linked selects of a page: a linkDown field (province) and its linkFields (city, district)
 * are one cascade, keyed by the linkDown field's name; each field's place in it.
 */
function pageLinkage(page: CompiledPage): ReadonlyMap<string, { linkageKey: string; level: number }> {
  const levels = new Map<string, { linkageKey: string; level: number }>();
  for (const field of page.fields) {
    const linkDown = field.widget === 'linkDown' ? field.options.linkDown : undefined;
    if (!linkDown) continue;
    [field.name, ...linkDown.linkFields].forEach((name, level) => levels.set(name, { linkageKey: field.name, level }));
  }
  return levels;
}

/**
 * What a checkbox cell stores ticked and unticked: the field's switch values, true/false for a
 * boolean field, else JeecgBoot's 'Y'/'N' (spec §3) — never true/false into a text column.
 */
function checkboxValuesOf(field: CompiledField): [unknown, unknown] {
  const values = field.options.switchValues;
  if (values && values.length === 2) return [values[0], values[1]];
  return field.type === 'boolean' ? [true, false] : ['Y', 'N'];
}

function columnOf(page: CompiledPage, column: PageGridColumn, field: CompiledField, options: readonly GridOption[], linkageKey: string | undefined): GridColumnSpec {
  const type = column.type ?? (linkageKey ? 'select' : defaultGridType(field));
  const slot = type === 'slot' ? computedSlot(page, field) : undefined;
  return {
    key: field.name,
    title: field.label,
    type,
    ...(linkageKey ? { linkageKey } : {}),
    ...(column.allowInput !== undefined ? { allowInput: column.allowInput } : {}),
    ...(column.allowSearch !== undefined ? { allowSearch: column.allowSearch } : {}),
    ...(column.setTagColor !== undefined ? { setTagColor: column.setTagColor } : {}),
    ...(column.fixed ? { fixed: column.fixed } : {}),
    ...(column.format ? { format: column.format } : {}),
    ...(column.btnText ? { btnText: column.btnText } : {}),
    ...(column.allowDownload !== undefined ? { allowDownload: column.allowDownload } : {}),
    ...(column.allowRemove !== undefined ? { allowRemove: column.allowRemove } : {}),
    ...editorProps(type, column, field),
    ...uploadSettings(type, column, field),
    ...(column.width !== undefined ? { width: column.width } : {}),
    ...(field.default !== undefined && typeof field.default !== 'object' ? { defaultValue: field.default } : {}),
    options,
    ...(field.dict ? { dictCode: field.dict.dictCode } : {}),
    disabled: field.readOnly || column.disabled === true,
    validateRules: gridRules(field),
    statistics: column.statistics ?? [],
    ...(slot ? { slot } : {}),
  };
}

/**
 * The grid of a page document (its `grid` section) with the dictionary options given by code.
 * Throws naming the column when it refers to a field the page does not declare.
 */
export function pageGridConfig(page: CompiledPage, optionsByCode: Readonly<Record<string, readonly GridOption[]>> = {}): PageGridConfig {
  const grid: PageGrid | undefined = page.document.grid;
  if (!grid) throw new Error(`页面 ${page.source} 没有 grid 配置`);
  const dictCodes: Record<string, string> = {};
  const linkage = pageLinkage(page);
  const columns = grid.columns.map((column, i) => {
    const field = page.fieldByName.get(column.field);
    if (!field || field.system) throw new Error(`/grid/columns/${i}/field：字段「${column.field}」不存在`);
    if (field.dict) dictCodes[field.name] = field.dict.dictCode;
    return columnOf(page, column, field, field.dict ? (optionsByCode[field.dict.dictCode] ?? []) : [], linkage.get(field.name)?.linkageKey);
  });
  // A cascade's columns offer the children of the column before them: they must stand top level
  // first, without a gap (a city column needs its province column).
  const seen = new Map<string, number>();
  for (const column of columns) {
    const place = linkage.get(column.key);
    if (!place) continue;
    const expected = seen.get(place.linkageKey) ?? 0;
    if (place.level !== expected) throw new Error(`/grid/columns：联动字段「${column.key}」须紧随其上一级字段之后`);
    seen.set(place.linkageKey, expected + 1);
  }
  if (grid.orderField && !page.fieldByName.has(grid.orderField)) throw new Error(`/grid/orderField：字段「${grid.orderField}」不存在`);
  const pageSize = grid.pageSize ?? DEFAULT_PAGE_SIZE;
  return { columns, orderField: grid.orderField, alwaysEdit: grid.alwaysEdit ?? false, size: grid.size ?? 'medium', pageSize, pageSizeOptions: gridPageSizeOptions(pageSize), dictCodes };
}

/**
 * The options of a page's linked grid columns: the children of the parent in the linkDown field's
 * table (the top level: the children of its pidValue), as the linkDown form widget reads them.
 */
export function linkDownOptionsLoader(page: CompiledPage, host: TreeHost): (column: GridColumn, parent: string | null) => Promise<readonly GridOption[]> {
  return async (column, parent) => {
    const linkDown = column.linkageKey ? page.fieldByName.get(column.linkageKey)?.options.linkDown : undefined;
    if (!linkDown) return [];
    const nodes = await linkDownSource(host, linkDown).children(parent ?? linkDown.pidValue ?? LINK_DOWN_ROOT);
    return nodes.map((node) => ({ value: node.value, text: node.title }));
  };
}

/**
 * Grid columns of some of a page's fields, each as its grid column would be with nothing but the
 * field named (a form's children: the child page's fields in a tab of the main form).
 */
export function fieldGridColumns(page: CompiledPage, names: readonly string[], optionsByCode: Readonly<Record<string, readonly GridOption[]>> = {}): GridColumnSpec[] {
  const linkage = pageLinkage(page);
  return names.flatMap((name) => {
    const field = page.fieldByName.get(name);
    if (!field || field.system || !field.stored) return [];
    return [columnOf(page, { field: name }, field, field.dict ? (optionsByCode[field.dict.dictCode] ?? []) : [], linkage.get(name)?.linkageKey)];
  });
}
