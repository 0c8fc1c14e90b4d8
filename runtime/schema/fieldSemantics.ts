/**
 * What a field's type and dictionary imply: the default widget, which widgets may edit which type,
 * storage defaults. Shared by the cross-reference checks and the compiler so both agree.
 */
import { CRON_PLACEHOLDER } from '../cron/texts';
import type { FieldOptions, FieldType, FieldWidget, NamedPattern, PageField } from '../generated/page';

/** Widgets that choose among dictionary items and therefore need dictCode. */
export const DICT_WIDGETS: ReadonlySet<FieldWidget> = new Set<FieldWidget>([
  'select',
  'radio',
  'checkbox',
  'multiSelect',
  'searchSelect',
]);

/** Widgets that cannot work without their settings in `options`. */
export const WIDGET_OPTION: Partial<Record<FieldWidget, keyof FieldOptions>> = {
  popup: 'popup',
  treeSelect: 'treeSelect',
  categoryTree: 'categoryTree',
  linkDown: 'linkDown',
  picker: 'picker',
};

/** The widgets each option belongs to (an option on another widget is a mistake worth reporting). */
export const OPTION_WIDGETS: Record<keyof FieldOptions, readonly FieldWidget[]> = {
  switchValues: ['switch'],
  multiple: ['user', 'depart', 'treeSelect', 'categoryTree'],
  userValue: ['user'],
  maxCount: ['upload', 'image'],
  accept: ['upload'],
  language: ['code'],
  popup: ['popup'],
  treeSelect: ['treeSelect'],
  categoryTree: ['categoryTree'],
  linkDown: ['linkDown'],
  picker: ['picker'],
  area: ['area'],
};

const TEXT_WIDGETS: readonly FieldWidget[] = [
  'input', 'textarea', 'password', 'select', 'radio', 'checkbox', 'multiSelect', 'searchSelect', 'switch',
  'treeSelect', 'categoryTree', 'linkDown', 'area', 'user', 'depart', 'upload', 'image', 'editor', 'markdown', 'popup',
  'picker', 'cron', 'code', 'icon',
];

/** Which widgets can edit a value of each stored type. */
export const WIDGETS_BY_TYPE: Record<FieldType, readonly FieldWidget[]> = {
  string: TEXT_WIDGETS,
  text: ['textarea', 'input', 'editor', 'markdown', 'checkbox', 'multiSelect', 'user', 'depart', 'upload', 'image', 'popup', 'picker', 'code'],
  integer: ['number', 'select', 'radio', 'searchSelect', 'switch'],
  number: ['number', 'select', 'radio'],
  money: ['money', 'number'],
  date: ['date'],
  datetime: ['datetime'],
  time: ['time'],
  boolean: ['switch', 'radio', 'select', 'sliderCheck'],
};

const TYPE_WIDGET: Record<FieldType, FieldWidget> = {
  string: 'input',
  text: 'textarea',
  integer: 'number',
  number: 'number',
  money: 'money',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  boolean: 'switch',
};

/** The declared widget, else select for a dictionary field (if the type allows), else the type's widget. */
export function effectiveWidget(field: PageField): FieldWidget {
  if (field.widget) return field.widget;
  if (field.dictCode && WIDGETS_BY_TYPE[field.type].includes('select')) return 'select';
  return TYPE_WIDGET[field.type];
}

/** Patterns whose values identify a person or an account: such a field is sensitive unless it says otherwise. */
const SENSITIVE_PATTERNS: ReadonlySet<NamedPattern> = new Set<NamedPattern>(['chineseIdCard', 'bankCard']);

/**
 * Whether a field holds a secret or a personal identifier, whose column no table dictionary may show
 * or key on: as declared, else implied by a password widget or an ID-card / bank-card rule.
 */
export function isSensitiveField(field: PageField): boolean {
  if (field.sensitive !== undefined) return field.sensitive;
  return field.widget === 'password' || (field.rules ?? []).some((rule) => rule.pattern !== undefined && SENSITIVE_PATTERNS.has(rule.pattern));
}

export const NUMERIC_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['integer', 'number', 'money']);
export const TEXT_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['string', 'text']);
export const DATE_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['date', 'datetime', 'time']);

export const DEFAULT_STRING_LENGTH = 255;
export const DEFAULT_PRECISION = 16;
export const DEFAULT_SCALE: Partial<Record<FieldType, number>> = { number: 4, money: 2 };

/** Widgets where the user types (请输入…); the others are chosen from (请选择…). */
const TYPED_WIDGETS: ReadonlySet<FieldWidget> = new Set<FieldWidget>([
  'input', 'textarea', 'password', 'number', 'money', 'editor', 'markdown', 'code',
]);

/** The value is chosen (请选择…), not typed; the cron expression counts as typed (请输入cron表达式). */
export function isChosenWidget(widget: FieldWidget): boolean {
  return !TYPED_WIDGETS.has(widget) && widget !== 'cron';
}

export function defaultPlaceholder(widget: FieldWidget, label: string): string {
  // §5 gives the cron input its own wording; the expression is typed or built in the dialog.
  if (widget === 'cron') return CRON_PLACEHOLDER;
  return `${isChosenWidget(widget) ? '请选择' : '请输入'}${label}`;
}

/** Does a literal default fit the field's type? Dates are written as strings (yyyy-MM-dd …). */
export function literalFitsType(value: string | number | boolean, type: FieldType): boolean {
  if (typeof value === 'boolean') return type === 'boolean';
  if (typeof value === 'number') return type === 'integer' ? Number.isInteger(value) : NUMERIC_TYPES.has(type);
  return type !== 'boolean' && !NUMERIC_TYPES.has(type);
}

/** Names an expression reads from one scope variable: <root>.name or <root>['name']. */
function scopeReferences(expression: string, root: '$values' | '$row'): string[] {
  const names = new Set<string>();
  const reference = new RegExp(`\\${root}\\s*(?:\\.\\s*([A-Za-z_$][\\w$]*)|\\[\\s*(['"])([^'"\\]]+)\\2\\s*\\])`, 'g');
  for (const match of expression.matchAll(reference)) names.add(match[1] ?? match[3]);
  return [...names];
}

/** Names of form values an expression reads: $values.name or $values['name']. */
export function expressionDependencies(expression: string): string[] {
  return scopeReferences(expression, '$values');
}

/** Row fields a row action's visibleWhen reads: $row.name or $row['name']. */
export function rowExpressionFields(expression: string): string[] {
  return scopeReferences(expression, '$row');
}

/** The page an `area` field's cascader reads (options.area.page): its rows are the areas the field stores ids of. */
export const DEFAULT_AREA_PAGE = 'maintenance/area';

export function areaPageOf(options: FieldOptions | Readonly<Record<string, unknown>>): string {
  const page = (options as { area?: { page?: unknown } }).area?.page;
  return typeof page === 'string' ? page : DEFAULT_AREA_PAGE;
}
