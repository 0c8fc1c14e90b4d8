import type { GridController } from '../grid';
import type { LiveMergeOutcome } from '../liveMerge';
import type { GridLiveSocket } from './GridLiveSocket';

export interface LiveGridLink {
  unbind(): void;
}

/**
 * Joins a grid to its page's live socket under `socketKey`: incoming row changes (edits, saved new
 * rows, deletions) merge into the grid (its own echo ignored, see liveMerge). A grid sends no rows
 * itself: the server tells the others after a save it has checked (JeecgBoot's clients send their
 * rows; ours would be dropped, as anything a client says could be forged).
 */
export function linkGridToSocket(
  grid: GridController,
  socket: GridLiveSocket,
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
  return { unbind };
}
