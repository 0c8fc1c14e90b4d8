import type { GridColumnSpec, GridColumnType, GridOption, GridRule } from '../../grid';
import type { CompiledField, CompiledPage } from '../../schema/compiledPage';
import type { PageGrid, PageGridColumn } from '../../generated/page';

/** What a page's grid section resolves to: the grid's columns, the order field and the editing mode. */
export interface PageGridConfig {
  columns: GridColumnSpec[];
  orderField: string | undefined;
  alwaysEdit: boolean;
  pageSize: number;
  /** Dictionary codes of the columns whose options come from a dictionary. */
  dictCodes: Record<string, string>;
}

export const DEFAULT_GRID_PAGE_SIZE = 200;

/** The cell editor a field gets when its grid column names none. */
export function defaultGridType(field: CompiledField): GridColumnType {
  if (field.dict) return field.widget === 'multiSelect' || field.widget === 'checkbox' ? 'list_multi' : 'select';
  if (field.type === 'integer' || field.type === 'number' || field.type === 'money') return 'inputNumber';
  if (field.type === 'date') return 'date';
  if (field.type === 'datetime') return 'datetime';
  return 'input';
}

/**
 * The page's field rules as the grid's cell rules: required, length, patterns and regexes are
 * runtime/validation rules already; a number range becomes a handler with the rule's message. The
 * server checks the same rules again on save.
 */
export function gridRules(field: CompiledField): GridRule[] {
  const rules: GridRule[] = [];
  if (field.required) rules.push({ required: true });
  if (field.unique) rules.push({ unique: true });
  for (const rule of field.rules) {
    const message = rule.message;
    if (rule.pattern) rules.push({ pattern: rule.pattern, ...(message ? { message } : {}) });
    if (rule.regex) rules.push({ regex: rule.regex, ...(message ? { message } : {}) });
    if (rule.maxLength !== undefined) rules.push({ maxLength: rule.maxLength, ...(message ? { message } : {}) });
    if (rule.minLength !== undefined) rules.push({ minLength: rule.minLength, ...(message ? { message } : {}) });
    if (rule.min !== undefined || rule.max !== undefined) {
      const { min, max } = rule;
      rules.push({
        handler: ({ value }) => {
          if (value === '' || value === null || value === undefined) return true;
          const n = Number(value);
          if (min !== undefined && n < min) return message ?? `不能小于${min}`;
          if (max !== undefined && n > max) return message ?? `不能大于${max}`;
          return true;
        },
      });
    }
  }
  return rules;
}

function columnOf(column: PageGridColumn, field: CompiledField, options: readonly GridOption[]): GridColumnSpec {
  return {
    key: field.name,
    title: field.label,
    type: column.type ?? defaultGridType(field),
    ...(column.width !== undefined ? { width: column.width } : {}),
    ...(field.default !== undefined && typeof field.default !== 'object' ? { defaultValue: field.default } : {}),
    options,
    ...(field.dict ? { dictCode: field.dict.dictCode } : {}),
    disabled: field.readOnly,
    validateRules: gridRules(field),
    statistics: column.statistics ?? [],
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
  const columns = grid.columns.map((column, i) => {
    const field = page.fieldByName.get(column.field);
    if (!field || field.system) throw new Error(`/grid/columns/${i}/field：字段「${column.field}」不存在`);
    if (field.dict) dictCodes[field.name] = field.dict.dictCode;
    return columnOf(column, field, field.dict ? (optionsByCode[field.dict.dictCode] ?? []) : []);
  });
  if (grid.orderField && !page.fieldByName.has(grid.orderField)) throw new Error(`/grid/orderField：字段「${grid.orderField}」不存在`);
  return { columns, orderField: grid.orderField, alwaysEdit: grid.alwaysEdit ?? false, pageSize: grid.pageSize ?? DEFAULT_GRID_PAGE_SIZE, dictCodes };
}
