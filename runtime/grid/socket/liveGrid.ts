import type { GridController } from '../grid';
import type { LiveMergeOutcome } from '../liveMerge';
import type { VxeSocket } from './VxeSocket';

export interface LiveGridLink {
  /** Sends a row as saved data of this grid to the page's other clients; false when not sent. */
  sendRow(rowId: string): boolean;
  unbind(): void;
}

/**
 * Joins a grid to its page's live socket under `socketKey`: incoming row changes (edits, saved new
 * rows, deletions) merge into the grid (its own echo ignored, see liveMerge); sendRow passes a row on. A new row
 * is not sent — the others cannot match it before it has a stored id.
 */
export function linkGridToSocket(
  grid: GridController,
  socket: VxeSocket,
  socketKey: string,
  options: {
    /** Told what each incoming change did (a page counts the rows added and removed). */
    onMerged?: (outcome: LiveMergeOutcome) => void;
    /** Whether another user's new row belongs on the rows shown (a paged grid: its last page). */
    showsNew?: () => boolean;
  } = {},
): LiveGridLink {
  const unbind = socket.bindTable(socketKey, (row, senderId, change) => {
    const outcome = grid.applyLiveUpdate(row, senderId, change, options.showsNew);
    options.onMerged?.(outcome);
  });
  return {
    sendRow(rowId) {
      if (grid.store.isNew(rowId)) return false;
      const row = grid.store.outputRow(rowId);
      return row !== undefined && socket.sendUpdateRow(socketKey, row, grid.senderId);
    },
    unbind,
  };
}
