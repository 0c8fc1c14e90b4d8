/**
 * A menu click on a page whose list request has left (see startView) waits for that answer before
 * the page is shown, a little while at most: the page then renders once, with its rows, instead of
 * rendering empty inside the click and again, whole, when the rows come — two passes of the page
 * and a paint between them. A slow answer does not hold the click: past the limit the page shows
 * as before, loading. A second click while the first still waits lets the first go at once (its
 * page and tab open, as they did), then waits itself; a page changed otherwise (a tab) drops it.
 */

/** Longest a menu click waits for its page's rows before showing the page (loading). */
export const MENU_CLICK_WAIT_MS = 200;

export interface ReadyGate {
  /**
   * Calls `go` once `ready` has settled or `limitMs` has passed, whichever comes first; at once,
   * synchronously, without `ready`. A call still waiting goes first, synchronously; a `drop`
   * meanwhile and it never goes.
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
  /** The call waiting, as "go now"; null when none. */
  let waiting: { open(): void; cancel(): void } | null = null;
  return {
    pass(ready, go) {
      waiting?.open();
      if (!ready) {
        go();
        return;
      }
      let done = false;
      const finish = (went: boolean) => {
        if (done) return;
        done = true;
        timer.clearTimeout(handle);
        if (waiting === entry) waiting = null;
        if (went) go();
      };
      const entry = { open: () => finish(true), cancel: () => finish(false) };
      const handle = timer.setTimeout(entry.open, limitMs);
      waiting = entry;
      ready.then(entry.open, entry.open);
    },
    drop() {
      waiting?.cancel();
    },
  };
}
