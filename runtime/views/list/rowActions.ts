/**
 * Which row actions a row shows, what they read and how wide the 操作 column is — the headless part
 * of the list's row links (listColumns lays them out). A custom action's visibleWhen runs in the safe
 * evaluator (runtime/expr) with the row as `$row`; an expression that fails on a row hides the link
 * there rather than offering an action the page author did not mean for that row.
 */
import { evaluateExpression } from '../../expr';
import type { RowAction } from '../../generated/page';
import type { CompiledAddRowAction, CompiledCustomRowAction, CompiledRowAction } from '../../schema/compiledPageTypes';

export type Row = Record<string, unknown>;

export const ROW_ACTION_TEXTS: Readonly<Record<RowAction, string>> = { edit: '编辑', detail: '详情', delete: '删除' };

/** Row actions the page declares by key and title (not the built-in edit, detail, delete). */
type DeclaredRowAction = Exclude<CompiledRowAction, { action: RowAction }>;

function isDeclared(action: CompiledRowAction): action is DeclaredRowAction {
  return action.action !== 'edit' && action.action !== 'detail' && action.action !== 'delete';
}

export function rowActionTitle(action: CompiledRowAction): string {
  return isDeclared(action) ? action.title : ROW_ACTION_TEXTS[action.action];
}

/** React key and test handle of a row action: the built-in name or the declared key. */
export function rowActionKey(action: CompiledRowAction): string {
  return isDeclared(action) ? action.key : action.action;
}

export function rowActionVisible(action: CompiledRowAction, row: Row): boolean {
  if (!isDeclared(action) || action.visibleWhen === undefined) return true;
  try {
    return Boolean(evaluateExpression(action.visibleWhen, { $row: row }));
  } catch {
    return false;
  }
}

export function visibleRowActions(actions: readonly CompiledRowAction[], row: Row): CompiledRowAction[] {
  return actions.filter((action) => rowActionVisible(action, row));
}

/**
 * As laid out in Chromium: a 14 px character, a 1 px divider with 8 px margins between links, the
 * cell's 8 px paddings plus 16 px to spare.
 */
const CHAR_PX = 14;
const DIVIDER_PX = 17;
const COLUMN_EXTRA_PX = 32;
/** The column title 操作 fits even when no shown row has a link. */
const MIN_COLUMN_PX = 60;

export const MORE_ROW_ACTIONS_TEXT = '更多';
/** 更多 and its down arrow. */
const MORE_PX = MORE_ROW_ACTIONS_TEXT.length * CHAR_PX + 16;

/**
 * The links a row shows and those under 更多 (`list.inlineRowActions`): the first `inline` as links,
 * the rest in the dropdown — unless only one is left over, which stays a link.
 */
export function splitRowActions(actions: readonly CompiledRowAction[], inline: number | undefined): { links: CompiledRowAction[]; more: CompiledRowAction[] } {
  if (inline === undefined || actions.length <= inline + 1) return { links: [...actions], more: [] };
  return { links: actions.slice(0, inline), more: actions.slice(inline) };
}

function linksWidth(actions: readonly CompiledRowAction[], inline: number | undefined): number {
  const { links, more } = splitRowActions(actions, inline);
  const text = links.reduce((sum, action) => sum + rowActionTitle(action).length * CHAR_PX, 0) + (more.length > 0 ? MORE_PX : 0);
  const count = links.length + (more.length > 0 ? 1 : 0);
  return text + Math.max(0, count - 1) * DIVIDER_PX + COLUMN_EXTRA_PX;
}

/**
 * Width of the 操作 column: the widest set of links a shown row has, so actions that exclude each
 * other (停止 / 启动) take one place, not two. Without rows, every action counts.
 */
export function actionColumnWidth(actions: readonly CompiledRowAction[], rows: readonly Row[], inline?: number): number {
  if (rows.length === 0) return linksWidth(actions, inline);
  return Math.max(MIN_COLUMN_PX, ...rows.map((row) => linksWidth(visibleRowActions(actions, row), inline)));
}

/** What a custom action sends besides the row's id: its constant parameters and those read from the row. */
export function customParams(action: CompiledCustomRowAction, row: Row): Record<string, string> {
  const params: Record<string, string> = { ...action.params };
  for (const [param, field] of Object.entries(action.rowParams)) {
    const value = row[field];
    if (value !== null && value !== undefined) params[param] = String(value);
  }
  return params;
}

/**
 * What a custom action sends besides the row's id: its constant parameters (`params`) and those
 * read from the row (`rowParams`, e.g. 修改密码's username).
 */
export function rowActionParams(action: Pick<CompiledCustomRowAction, 'params' | 'rowParams'>, row: Row): Record<string, string> {
  const params: Record<string, string> = { ...action.params };
  for (const [param, field] of Object.entries(action.rowParams)) {
    const value = row[field];
    if (value !== null && value !== undefined) params[param] = String(value);
  }
  return params;
}

/** Everything a custom action's call sends from the row: its id (as `idParam`) and rowActionParams; undefined without an id. */
export function rowCallParams(action: Pick<CompiledCustomRowAction, 'idParam' | 'params' | 'rowParams'>, row: Row): Record<string, string> | undefined {
  const id = row.id;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { ...rowActionParams(action, row), [action.idParam]: String(id) };
}

/** The values a prefilled add (添加下级) starts the new record with: constants, then the row's values. */
export function rowAddValues(action: Pick<CompiledAddRowAction, 'values' | 'rowValues'>, row: Row): Record<string, string> {
  const values: Record<string, string> = { ...action.values };
  for (const [field, from] of Object.entries(action.rowValues)) {
    const value = row[from];
    if (value !== null && value !== undefined) values[field] = String(value);
  }
  return values;
}
