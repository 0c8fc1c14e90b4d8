import { hasPermission, type PermissionContext } from '../auth/hasPermission';

/** The toolbar's buttons (spec §2): add, save, remove (delete), clear selection, expand/collapse. */
export type ToolbarButton = 'add' | 'save' | 'remove' | 'clearSelection' | 'expand';

/** Permission codes of the toolbar (spec §6), relative to the grid's permission prefix. */
export const ADD_CODE = 'add';
export const BATCH_DELETE_CODE = 'batch_delete';

/** 'receive' → 'receive:'; an empty prefix stays empty (no exclusions). */
export function normalisePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').trim();
  if (trimmed === '') return '';
  return trimmed.endsWith(':') ? trimmed : `${trimmed}:`;
}

/**
 * The exclude list for a permission prefix: codes (the part after the prefix) of the button rules
 * under that prefix that the signed-in user does not hold. Rules nobody configured exclude nothing,
 * so a grid shows all buttons until the permission screen says otherwise; a rule switched off
 * (status '0') excludes for everybody, as everywhere in runtime/auth.
 */
export function excludedCodes(prefix: string | undefined, ctx: PermissionContext): string[] {
  const pre = normalisePrefix(prefix);
  if (pre === '') return [];
  const codes = new Set<string>();
  for (const item of ctx.allAuth) {
    if (!item.action.startsWith(pre) || item.action.length === pre.length) continue;
    if (!hasPermission(item.action, ctx)) codes.add(item.action.slice(pre.length));
  }
  return [...codes];
}

/**
 * Which of the asked buttons show: 'add' hides with code add, 'remove' with code batch_delete;
 * the others carry no code. With no exclusions all show.
 */
export function visibleToolbarButtons(buttons: readonly ToolbarButton[], excluded: readonly string[]): ToolbarButton[] {
  const out = new Set(excluded);
  return buttons.filter((button) => {
    if (button === 'add') return !out.has(ADD_CODE);
    if (button === 'remove') return !out.has(BATCH_DELETE_CODE);
    return true;
  });
}
