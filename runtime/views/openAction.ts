/**
 * A page opened with ?action=add shows its add form at once (the home page's 快捷入口 新增专家 /
 * 开具发票 lead there), for a user who may add. The parameter is taken out of the address once
 * read, so a reload or a bookmark shows the list and not the form again.
 */
import type { Host } from '../host/types';
import type { CompiledPage } from '../schema/compiledPageTypes';

export const ACTION_PARAM = 'action';
export const ADD_ACTION = 'add';

export function requestsAdd(search: string): boolean {
  return new URLSearchParams(search).get(ACTION_PARAM) === ADD_ACTION;
}

/** The search string without the action ('' or '?…'). */
export function withoutAction(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(ACTION_PARAM);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

/** The page offers 新增 to this user: the toolbar has it and the user holds its permission code. */
export function mayAdd(page: CompiledPage, host: Pick<Host, 'hasPermission'>): boolean {
  return page.list.toolbar.some((action) => action.action === 'add' && host.hasPermission(action.permission));
}
