import type { EditingState } from './editing';
import type { RowStore } from './rowStore';
import type { GridRowValues } from './rowTypes';

export type LiveMergeOutcome = 'merged' | 'own' | 'unknown-row' | 'unchanged';

/**
 * Merges another client's row change (update_vxe_table args [row, senderId]) into the matching
 * row (spec §4). Decisions:
 * - the sender id is the sending grid's case prefix: a change this grid sent itself is ignored;
 * - the row is matched by its id; a row this grid does not show is ignored (no row is added);
 * - the cell the user is editing in that row keeps the user's value — overwriting it would throw
 *   away keystrokes mid-typing; the user's own save decides that cell. Every other cell takes the
 *   incoming value, without marking the row as edited here (the change is the other user's);
 * - a merged row is highlighted for 1400 ms.
 */
export function mergeLiveRow(
  store: RowStore,
  editing: EditingState,
  incoming: Readonly<GridRowValues>,
  senderId: unknown,
): LiveMergeOutcome {
  if (typeof senderId === 'string' && senderId === store.ids.caseId) return 'own';
  const rawId = incoming[store.rowKey];
  if (rawId === undefined || rawId === null || rawId === '') return 'unknown-row';
  const id = String(rawId);
  if (store.indexOf(id) < 0) return 'unknown-row';
  const protectedKey = editing.activeCell(id);
  const values: GridRowValues = {};
  for (const [key, value] of Object.entries(incoming)) {
    if (key !== store.rowKey && key !== protectedKey) values[key] = value;
  }
  if (!store.patch(id, values, false)) return 'unchanged';
  store.highlight([id]);
  return 'merged';
}
