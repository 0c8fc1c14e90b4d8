/**
 * A menu click on a page whose list request has left (see startView) waits for that answer before
 * the page is shown, a little while at most: the page then renders once, with its rows, instead of
 * rendering empty inside the click and again, whole, when the rows come — two passes of the page
 * and a paint between them. A slow answer does not hold the click: past the limit the page shows
 * as before, loading. Only the latest click goes anywhere; an earlier one still waiting is dropped.
 */

/** Longest a menu click waits for its page's rows before showing the page (loading). */
export const MENU_CLICK_WAIT_MS = 200;

export interface ReadyGate {
  /**
   * Calls `go` once `ready` has settled or `limitMs` has passed, whichever comes first, unless a
   * later `pass` (or `drop`) came meanwhile; at once, synchronously, without `ready`.
   */
  pass(ready: Promise<unknown> | undefined, go: () => void): void;
  /** Whatever is waiting goes nowhere. */
  drop(): void;
}

export interface GateTimer {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimer: GateTimer = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export function createReadyGate(limitMs: number = MENU_CLICK_WAIT_MS, timer: GateTimer = browserTimer): ReadyGate {
  let latest = 0;
  return {
    pass(ready, go) {
      latest += 1;
      const mine = latest;
      if (!ready) {
        go();
        return;
      }
      let done = false;
      const open = () => {
        if (done) return;
        done = true;
        timer.clearTimeout(handle);
        if (mine === latest) go();
      };
      const handle = timer.setTimeout(open, limitMs);
      ready.then(open, open);
    },
    drop() {
      latest += 1;
    },
  };
}
