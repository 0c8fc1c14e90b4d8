import type { ValidationRule } from '../validation';
import {
  DATE_FORMAT,
  DATETIME_FORMAT,
  DEFAULT_UPLOAD_ACTION,
  DEFAULT_UPLOAD_RESPONSE_NAME,
} from './constants';
import type { GridRowValues } from './rowTypes';
import { UPLOAD_BUTTON_TEXT } from './texts';

/**
 * The column types of spec §3, and two cells of JeecgBoot's JVxeTable beyond them: 'tags', the
 * tags cell of spec §4, and 'popup', the online-report popup picker (input_pop is the popup text
 * input of spec §9).
 */
export const GRID_COLUMN_TYPES = [
  'input',
  'inputNumber',
  'checkbox',
  'select',
  'date',
  'datetime',
  'radio',
  'hidden',
  'slot',
  'sel_depart',
  'sel_user',
  'input_pop',
  'list_multi',
  'sel_search',
  'sel_search_async',
  'upload',
  'tags',
  'popup',
] as const;

export type GridColumnType = (typeof GRID_COLUMN_TYPES)[number];

export function isGridColumnType(type: string): type is GridColumnType {
  return (GRID_COLUMN_TYPES as readonly string[]).includes(type);
}

/** A dictionary option (spec §3): 'Y' in isDefault marks the value a new row starts with. */
export interface GridOption {
  value: string;
  text?: string;
  title?: string;
  label?: string;
  isDefault?: string;
}

/** The text an option shows (JeecgBoot's options carry text, title or label). */
export const optionLabel = (option: GridOption): string => option.text ?? option.title ?? option.label ?? option.value;

/** What a custom validation handler learns about the cell it checks. */
export interface GridRuleContext {
  trigger: ValidationTrigger;
  value: unknown;
  row: Readonly<GridRowValues>;
  rowId: string;
  column: GridColumn;
  /** Every row of the grid, for rules that compare rows. */
  rows: ReadonlyArray<{ id: string; values: Readonly<GridRowValues> }>;
}

/**
 * A custom rule: true or undefined passes, false fails with the rule's message, a string fails
 * with that string. May answer asynchronously (a server check).
 */
export type GridRuleHandler = (
  context: GridRuleContext,
) => boolean | string | undefined | Promise<boolean | string | undefined>;

export type ValidationTrigger = 'input' | 'change' | 'blur' | 'submit';

/**
 * One rule of a column (spec §3 validateRules). Besides runtime/validation's rules a column may
 * write JeecgBoot's forms: `pattern` as an online code ('*', 'only', 'm', 'e', 'n6-16' …) or a raw
 * regex, and `handler`. `${title}` in a message is replaced by the column title.
 */
export type GridRule =
  | ValidationRule
  | { pattern: string; message?: string }
  | { handler: GridRuleHandler; message?: string };

export type StatisticsKind = 'sum' | 'average';

/** A column as a page or a view declares it: only key is needed, the rest has defaults. */
export interface GridColumnSpec {
  key: string;
  title?: string;
  type?: GridColumnType;
  /** px number or a CSS width ('20%'); the default depends on the type (spec §9). */
  width?: number | string;
  fixed?: 'left' | 'right' | boolean;
  /** The value a new row starts with. */
  defaultValue?: unknown;
  /** Passed to the cell's editor untouched; checkbox reads `customValue: [checked, unchecked]`. */
  props?: Record<string, unknown>;
  options?: readonly GridOption[];
  allowInput?: boolean;
  allowSearch?: boolean;
  dictCode?: string;
  disabled?: boolean;
  /** Upload: send the access token header. */
  token?: boolean;
  /** Upload endpoint. */
  action?: string;
  /** Upload: the response field holding the stored path. */
  responseName?: string;
  /** Upload: most files (0 = unlimited); fieldExtendJson.uploadnum says the same for online forms. */
  number?: number;
  fieldExtendJson?: string | { uploadnum?: number };
  btnText?: string;
  allowDownload?: boolean;
  allowRemove?: boolean;
  validateRules?: readonly GridRule[];
  statistics?: readonly StatisticsKind[];
  /** Linked selects: columns sharing a key form one cascade. */
  linkageKey?: string;
  /** dayjs format of date and datetime cells. */
  format?: string;
  /** Choice cells show their options, and the tags cell its tags, as coloured tags. */
  setTagColor?: boolean;
  /**
   * slot: what the cell shows, made from its row (JeecgBoot fills a slot column from the page's
   * template; a page document has none, so it names a computed field instead). Without it a slot
   * shows the stored value. Read-only either way.
   */
  slot?: (values: Readonly<GridRowValues>) => unknown;
}

/** A column with every property of spec §3 filled in. */
export interface GridColumn {
  key: string;
  title: string;
  type: GridColumnType;
  width: number | string | undefined;
  fixed: 'left' | 'right' | undefined;
  defaultValue: unknown;
  props: Readonly<Record<string, unknown>>;
  options: readonly GridOption[];
  allowInput: boolean;
  allowSearch: boolean;
  dictCode: string | undefined;
  disabled: boolean;
  token: boolean;
  action: string;
  responseName: string;
  /** Upload count limit, 0 = unlimited (number, else fieldExtendJson.uploadnum). */
  number: number;
  btnText: string;
  allowDownload: boolean;
  allowRemove: boolean;
  validateRules: readonly GridRule[];
  statistics: readonly StatisticsKind[];
  linkageKey: string | undefined;
  format: string | undefined;
  setTagColor: boolean;
  /** A slot column's content from its row (see GridColumnSpec.slot). */
  slot: ((values: Readonly<GridRowValues>) => unknown) | undefined;
  /** False for hidden columns: they hold values but take no width and show nothing. */
  visible: boolean;
}

function uploadNumberOf(spec: GridColumnSpec): number {
  if (typeof spec.number === 'number' && spec.number >= 0) return Math.floor(spec.number);
  let extend: unknown = spec.fieldExtendJson;
  if (typeof extend === 'string') {
    try {
      extend = JSON.parse(extend);
    } catch {
      extend = undefined;
    }
  }
  const uploadnum = typeof extend === 'object' && extend !== null ? (extend as { uploadnum?: unknown }).uploadnum : undefined;
  return typeof uploadnum === 'number' && uploadnum >= 0 ? Math.floor(uploadnum) : 0;
}

function defaultFormat(type: GridColumnType): string | undefined {
  if (type === 'date') return DATE_FORMAT;
  if (type === 'datetime') return DATETIME_FORMAT;
  return undefined;
}

function fixedOf(fixed: GridColumnSpec['fixed']): 'left' | 'right' | undefined {
  if (fixed === true) return 'left';
  return fixed === 'left' || fixed === 'right' ? fixed : undefined;
}

export function resolveColumn(spec: GridColumnSpec): GridColumn {
  if (!spec.key) throw new Error('表格列缺少 key');
  const type = spec.type ?? 'input';
  if (!isGridColumnType(type)) throw new Error(`表格列 ${spec.key} 的类型「${String(type)}」不受支持`);
  return {
    key: spec.key,
    title: spec.title ?? spec.key,
    type,
    width: spec.width,
    fixed: fixedOf(spec.fixed),
    defaultValue: spec.defaultValue,
    props: spec.props ?? {},
    options: spec.options ?? [],
    allowInput: spec.allowInput ?? false,
    allowSearch: spec.allowSearch ?? false,
    dictCode: spec.dictCode || undefined,
    disabled: spec.disabled ?? false,
    token: spec.token ?? false,
    action: spec.action || DEFAULT_UPLOAD_ACTION,
    responseName: spec.responseName || DEFAULT_UPLOAD_RESPONSE_NAME,
    number: uploadNumberOf(spec),
    btnText: spec.btnText || UPLOAD_BUTTON_TEXT,
    allowDownload: spec.allowDownload ?? true,
    allowRemove: spec.allowRemove ?? true,
    validateRules: spec.validateRules ?? [],
    statistics: spec.statistics ?? [],
    linkageKey: spec.linkageKey || undefined,
    format: spec.format || defaultFormat(type),
    setTagColor: spec.setTagColor ?? false,
    slot: type === 'slot' ? spec.slot : undefined,
    visible: type !== 'hidden',
  };
}

/** Resolves every column; keys must be unique, since rows are maps of key → value. */
export function resolveColumns(specs: readonly GridColumnSpec[]): GridColumn[] {
  const seen = new Set<string>();
  return specs.map((spec) => {
    if (seen.has(spec.key)) throw new Error(`表格列 key「${spec.key}」重复`);
    seen.add(spec.key);
    return resolveColumn(spec);
  });
}

/** What a cell shows, sums and averages: a slot's content made from its row, else the stored value. */
export function cellValue(column: GridColumn, values: Readonly<GridRowValues>): unknown {
  return column.slot ? column.slot(values) : values[column.key];
}

/** Columns whose cells a user can edit (slots render the page's own content). */
export function isEditable(column: GridColumn): boolean {
  return column.visible && !column.disabled && column.type !== 'slot';
}
