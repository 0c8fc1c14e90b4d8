/**
 * The workflow's batch transitions as toolbar buttons (headless part): each `batch: true` transition
 * the user may run is its row link sent for the selected rows at once — `ids` carries the chosen
 * ids comma-joined, so the same confirm, reason dialog, message and reload serve a batch.
 */
import type { CompiledCustomRowAction, CompiledPage } from '../../schema/compiledPageTypes';
import type { Row } from './rowActions';

export const SELECT_FIRST = '请选择一条记录！';

/** The batch transitions this user holds, as calls taking the selection's ids. */
export function batchTransitionActions(page: CompiledPage, hasPermission: (code: string) => boolean): CompiledCustomRowAction[] {
  return (page.workflow?.transitions ?? []).flatMap((t) =>
    t.batch && t.rowAction && hasPermission(t.permission)
      ? [{ ...t.rowAction, key: `batch-${t.key}`, title: t.title, idParam: 'ids', confirm: t.rowAction.form ? undefined : `确定要对选中的记录执行「${t.title}」吗？` }]
      : [],
  );
}

/** The stand-in row a batch call is made for: its id is the selection, comma-joined. */
export function selectionRow(keys: readonly (string | number)[]): Row | undefined {
  return keys.length === 0 ? undefined : { id: keys.map(String).join(',') };
}
