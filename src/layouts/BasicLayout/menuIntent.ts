/**
 * The page a person is about to open from the side menu. When the pointer rests on a menu entry
 * (INTENT_DWELL_MS — a pointer passing over it on its way elsewhere does not count), the entry's list
 * request leaves; once its answer is in, the page becomes the *intended* page and PageOutlet mounts
 * it in a background render, out of sight below the page on screen (no height, invisible, inert; it
 * writes no address): rendered with its rows, its effects run, its tables measured. The click then
 * only shows it, instead of rendering, mounting and measuring it inside the click.
 *
 * (React's `<Activity mode="hidden">` was tried first: it renders ahead but runs no effect and lays
 * nothing out, so the click still paid for the page's layout effects, its first layout and the
 * renders those trigger — about two thirds of the click.)
 *
 * The intended page is forgotten when the pointer leaves its entry for longer than LEAVE_GRACE_MS,
 * when another entry becomes intended, when another entry is clicked, and at the latest
 * INTENT_LIFETIME_MS after its answer came (its rows would be getting old). Only a schema list page
 * whose document is here already can be intended (startView sends its request); every other page
 * opens as before.
 */
import { create } from 'zustand';

/** How long the pointer rests on an entry before its page is made ready. */
export const INTENT_DWELL_MS = 100;
/** The pointer may leave the entry this long (a shaky hand) before the hidden page is dropped. */
export const LEAVE_GRACE_MS = 400;
/** A hidden page not clicked within this time is dropped: its rows are as old as this. */
export const INTENT_LIFETIME_MS = 10_000;

/**
 * hidden: rendered hidden, not clicked; clicked: its entry was clicked, the navigation is on its way
 * (the page stays rendered, hidden, until it arrives); shown: the page on screen is the one rendered
 * hidden before, kept as it is (the outlet gives it the address it was rendered with) until the user
 * leaves it or its address changes.
 */
export type IntentPhase = 'hidden' | 'clicked' | 'shown';

export interface MenuIntentState {
  /** The intended page's pathname (a menu entry's key). */
  path?: string;
  phase: IntentPhase;
}

export const useMenuIntent = create<MenuIntentState>(() => ({ phase: 'hidden' }));

/** Sends the entry's list request; resolves once its answer is in; undefined when it has none. */
export type StartPage = () => Promise<void> | undefined;

let pointerOn: string | undefined;
/** Bumped by every change of plan: a dwell or an answer of an older plan is ignored. */
let plan = 0;
let dwellTimer: ReturnType<typeof setTimeout> | undefined;
let dropTimer: ReturnType<typeof setTimeout> | undefined;

function clearTimer(timer: ReturnType<typeof setTimeout> | undefined): undefined {
  if (timer !== undefined) clearTimeout(timer);
  return undefined;
}

function drop(): void {
  dropTimer = clearTimer(dropTimer);
  const { path, phase } = useMenuIntent.getState();
  if (path !== undefined && phase !== 'shown') useMenuIntent.setState({ path: undefined, phase: 'hidden' });
}

/**
 * The pointer entered a menu entry. `mounted` says whether its page is on screen or kept alive
 * already (nothing to make ready then); `start` sends its list request.
 */
export function pointerEnteredEntry(path: string, mounted: (path: string) => boolean, start: StartPage): void {
  pointerOn = path;
  const intended = useMenuIntent.getState();
  if (intended.path === path && intended.phase === 'hidden') {
    // Back on the entry within the grace: keep the hidden page.
    dropTimer = clearTimer(dropTimer);
    return;
  }
  const mine = ++plan;
  dwellTimer = clearTimer(dwellTimer);
  dwellTimer = setTimeout(() => {
    dwellTimer = undefined;
    if (mine !== plan || pointerOn !== path || mounted(path)) return;
    const answered = start();
    if (!answered) return;
    void answered.then(() => {
      if (mine !== plan || pointerOn !== path || mounted(path)) return;
      if (useMenuIntent.getState().phase !== 'hidden') return;
      useMenuIntent.setState({ path, phase: 'hidden' });
      dropTimer = clearTimer(dropTimer);
      dropTimer = setTimeout(drop, INTENT_LIFETIME_MS);
    });
  }, INTENT_DWELL_MS);
}

/** The pointer left a menu entry: a dwell not yet reached is off; its hidden page goes after the grace. */
export function pointerLeftEntry(path: string): void {
  if (pointerOn !== path) return;
  pointerOn = undefined;
  ++plan;
  dwellTimer = clearTimer(dwellTimer);
  const intended = useMenuIntent.getState();
  if (intended.path === path && intended.phase === 'hidden') {
    dropTimer = clearTimer(dropTimer);
    dropTimer = setTimeout(drop, LEAVE_GRACE_MS);
  }
}

/**
 * A menu entry was clicked (call before navigating, in the same event): its hidden page, if it is
 * the intended one, is revealed by the navigation's render; any other intent is dropped.
 */
export function menuEntryClicked(path: string): void {
  ++plan;
  dwellTimer = clearTimer(dwellTimer);
  const intended = useMenuIntent.getState();
  if (intended.path === path && intended.phase === 'hidden') {
    // Its lifetime still runs: a navigation that never arrives (refused) does not keep it forever.
    useMenuIntent.setState({ phase: 'clicked' });
  } else if (intended.path !== undefined) {
    dropTimer = clearTimer(dropTimer);
    useMenuIntent.setState({ path: undefined, phase: 'hidden' });
  }
}

/** The clicked page is on screen (PageOutlet): it stays until the user leaves it. */
export function intentShown(): void {
  dropTimer = clearTimer(dropTimer);
  if (useMenuIntent.getState().phase === 'clicked') useMenuIntent.setState({ phase: 'shown' });
}

/** The revealed page is no longer the one on screen (or its address changed): the intent is over. */
export function intentOver(): void {
  if (useMenuIntent.getState().path !== undefined) useMenuIntent.setState({ path: undefined, phase: 'hidden' });
}

/** Forgets everything (tests; sign-out). */
export function resetMenuIntent(): void {
  ++plan;
  pointerOn = undefined;
  dwellTimer = clearTimer(dwellTimer);
  dropTimer = clearTimer(dropTimer);
  useMenuIntent.setState({ path: undefined, phase: 'hidden' });
}
