import type { EditingState } from './editing';
import type { RowStore } from './rowStore';
import type { GridRowValues } from './rowTypes';
import type { LiveRowChange } from './socket/messages';
import type { GridValidator } from './validator';

/**
 * What an incoming change did: 'added-elsewhere' / 'removed-elsewhere' are rows of the data set
 * this grid does not show (another page), which still change the count under it.
 */
export type LiveMergeOutcome = 'merged' | 'added' | 'added-elsewhere' | 'removed' | 'removed-elsewhere' | 'own' | 'unknown-row' | 'unchanged';

/** The parts of a grid a live change touches. */
export interface LiveMergeTarget {
  store: RowStore;
  editing: EditingState;
  validator: GridValidator;
}

function rowIdOf(store: RowStore, incoming: Readonly<GridRowValues>): string | undefined {
  const raw = incoming[store.rowKey];
  return raw === undefined || raw === null || raw === '' ? undefined : String(raw);
}

/**
 * Merges another client's saved row change (update_vxe_table args [row, senderId, change]) into
 * this grid (spec §4). Decisions:
 * - the sender id is the sending grid's case prefix: a change this grid sent itself is ignored;
 * - 'update': the row is matched by its id; a row this grid does not show is ignored. The cell the
 *   user is editing in that row keeps the user's value — overwriting it would throw away keystrokes
 *   mid-typing; the user's own save decides that cell. Every other cell takes the incoming value,
 *   without marking the row as edited here (the change is the other user's);
 * - 'add': the saved row appears (see RowStore.insertSaved), unless the grid shows it already —
 *   then it merges as an update — or `showsNew` says it belongs to a page not shown (a paged grid
 *   shows other users' new rows on its last page only). The user's new and edited rows are untouched;
 * - 'remove': the row goes, with its editing cell and its errors; it also leaves this grid's own
 *   removed list. Other rows, edited or not, are untouched; a row this grid never had was on
 *   another page;
 * - a merged or added row is highlighted for 1400 ms.
 */
export function mergeLiveRow(
  grid: LiveMergeTarget,
  incoming: Readonly<GridRowValues>,
  senderId: unknown,
  change: LiveRowChange = 'update',
  showsNew: () => boolean = () => true,
): LiveMergeOutcome {
  const { store, editing, validator } = grid;
  if (typeof senderId === 'string' && senderId === store.ids.caseId) return 'own';
  const id = rowIdOf(store, incoming);
  if (id === undefined) return 'unknown-row';
  if (change === 'remove') {
    const dropped = store.dropDeleted([id]);
    if (dropped.length === 0) return 'removed-elsewhere';
    editing.forget(dropped);
    validator.forget(dropped);
    return 'removed';
  }
  if (store.indexOf(id) < 0) {
    if (change !== 'add') return 'unknown-row';
    if (!showsNew()) return 'added-elsewhere';
    if (store.insertSaved(incoming) === undefined) return 'unknown-row';
    store.highlight([id]);
    return 'added';
  }
  const protectedKey = editing.activeCell(id);
  const values: GridRowValues = {};
  for (const [key, value] of Object.entries(incoming)) {
    if (key !== store.rowKey && key !== protectedKey) values[key] = value;
  }
  if (!store.patch(id, values, false)) return 'unchanged';
  store.highlight([id]);
  return 'merged';
}
