import { Suspense, createElement, memo, useDeferredValue, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Spin } from 'antd';
import { Route, Routes, type Location } from 'react-router-dom';
import PageErrorBoundary from '../../components/PageErrorBoundary';
import { PageRecordContext, type PageRecord } from '../../hooks/pageRecord';
import type { RouteMatch } from '../../router/types';
import { matchRouteRecord } from '../../router/menuRoutes';
import { useRouteRecords } from '../../router/useCurrentRoute';
import { viewFor } from '../../router/viewRegistry';
import { PageVisibleContext } from './pageVisibility';
import { useTabs } from './tabs/useTabs';
import { intentOver, intentShown, resetMenuIntent, useMenuIntent } from './menuIntent';

/** One page the outlet renders: the current one, or a kept-alive one whose tab is still open. */
export interface PageEntry {
  /** Pathname: the tab key. */
  key: string;
  match: RouteMatch;
  location: Location;
}

function PageView({ entry }: { entry: PageEntry }) {
  // viewFor returns the same component for the same key, so this does not remount per render.
  return createElement(viewFor(entry.match.record.component));
}

/** A kept-alive page behind another tab: not laid out at all. */
const KEPT_STYLE: CSSProperties = { display: 'none' };

/**
 * The page about to be opened (menuIntent.ts), mounted below the page on screen: laid out at the
 * width it will have (measured by its tables), but of no height and invisible, so nothing on screen
 * moves; inert, so nothing in it takes the focus or a click.
 */
const STAGED_STYLE: CSSProperties = { display: 'flow-root', height: 0, overflow: 'clip', visibility: 'hidden' };

/**
 * The page just left, until the frame after the new page's first paint (see PageOutlet): its
 * contents are skipped by style, layout and paint (content-visibility: hidden; none of its
 * descendants is restyled, resized or moved, unlike display: none, which would set off every resize
 * observer in it, or the staged page's style, which restyles all of it), the slot has no height;
 * skipped contents are neither focusable nor hit by the pointer nor in the accessibility tree.
 */
const LEAVING_STYLE: CSSProperties = { contentVisibility: 'hidden' };

/**
 * Memoised: a layout render (every navigation) leaves a page whose entry and visibility did not
 * change as it is — a kept-alive page behind another tab, and the staged page when its click shows
 * it (see PageOutlet).
 */
const PageSlot = memo(function PageSlot({
  entry,
  active,
  staged = false,
  leaving = false,
}: {
  entry: PageEntry;
  active: boolean;
  staged?: boolean;
  leaving?: boolean;
}) {
  return (
    <div
      className="page-slot"
      style={active ? undefined : staged ? STAGED_STYLE : leaving ? LEAVING_STYLE : KEPT_STYLE}
      // A page on its way out is no longer "mounted" for the side menu (SideMenu's pageMounted).
      {...(leaving ? { 'data-leaving-key': entry.key } : { 'data-page-key': entry.key })}
      // (Not made inert when leaving: inert restyles every element below; skipped contents take no
      // focus or click anyway.)
      {...(staged ? { inert: true, 'aria-hidden': true } : {})}
    >
      {/* Hidden pages still render (late data), but know they are not on screen (usePageSearch). */}
      <PageVisibleContext.Provider value={active}>
        <PageContent entry={entry} />
      </PageVisibleContext.Provider>
    </div>
  );
});

/**
 * The page itself, memoised apart from its slot: a page shown, hidden or left re-renders only what
 * reads its visibility (usePageSearch), not the whole page (首页's charts would draw again).
 */
const PageContent = memo(function PageContent({ entry }: { entry: PageEntry }) {
  const page: PageRecord = useMemo(
    () => ({ record: entry.match.record, params: entry.match.params, fullPath: entry.key }),
    [entry],
  );
  return (
    <PageRecordContext.Provider value={page}>
      <PageErrorBoundary pageTitle={entry.match.record.title}>
        <Suspense
          fallback={
            <div className="page-loading">
              <Spin size="large" />
            </div>
          }
        >
          {/* A hidden page keeps seeing its own address, so it does not react to the visible one. */}
          <Routes location={entry.location}>
            <Route path="*" element={<PageView entry={entry} />} />
          </Routes>
        </Suspense>
      </PageErrorBoundary>
    </PageRecordContext.Provider>
  );
});

/** A page left unmounts at the latest this long after it was left (see PageOutlet). */
const LEAVING_AT_MOST_MS = 100;

/** The page on screen as last rendered, with the key of its slot. */
interface ShownPage {
  entry: PageEntry;
  slotKey: string;
}

/**
 * A page's slot key: its tab's version (刷新 remounts it) and how often it was come back to while
 * leaving (it remounts then too, see PageOutlet).
 */
function slotKeyOf(entry: PageEntry, versions: Readonly<Record<string, number>>, returns: Readonly<Record<string, number>>): string {
  const back = returns[entry.key] ?? 0;
  return `${entry.key}#${versions[entry.key] ?? 0}${back > 0 ? `.${back}` : ''}`;
}

/** The entry a menu entry's address opens (no search, no state), rendered before it is opened. */
function intendedEntry(records: ReturnType<typeof useRouteRecords>, path: string): PageEntry | undefined {
  const match = matchRouteRecord(records, path);
  if (!match) return undefined;
  return { key: path, match, location: { pathname: path, search: '', hash: '', state: null, key: 'intended' } };
}

function sameParams(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The page `entry` shows is the intended one, at the address it was rendered with. */
function sameAddress(entry: PageEntry, intended: PageEntry): boolean {
  const { location } = entry;
  return (
    entry.key === intended.key &&
    entry.match.record === intended.match.record &&
    sameParams(entry.match.params, intended.match.params) &&
    location.search === '' &&
    location.hash === '' &&
    (location.state === null || location.state === undefined)
  );
}

/**
 * The content area. The current page is always rendered; pages whose record has keepAlive (with a
 * componentName) stay mounted, hidden, while their tab is open — other pages unmount when left.
 * 刷新 bumps the tab's version, which remounts its page (spec §2, §4).
 */
export default function PageOutlet({ current: shown, keepAlive }: { current: PageEntry; keepAlive: boolean }) {
  const records = useRouteRecords();
  const intent = useMenuIntent();
  // The intended page mounts in a background render (interruptible, below the pointer's events).
  const intendedPath = useDeferredValue(intent.path);
  const intended = useMemo(
    () => (intendedPath === undefined || intendedPath !== intent.path ? undefined : intendedEntry(records, intendedPath)),
    [records, intendedPath, intent.path],
  );
  // The page its menu entry's click revealed keeps the entry it was rendered with (same address), so
  // the reveal re-renders nothing of it; a later address of it (its list's query) ends the intent.
  const revealing = intent.phase !== 'hidden' && intended !== undefined && sameAddress(shown, intended);
  const current = revealing ? intended : shown;
  const justShown = revealing && intent.phase === 'clicked';
  const intentEnded = intent.phase === 'shown' && !revealing;
  useEffect(() => {
    if (justShown) intentShown();
    if (intentEnded) intentOver();
  }, [justShown, intentEnded]);
  // Signed out (the layout goes): nothing intended is left for the next user.
  useEffect(() => resetMenuIntent, []);

  const tabs = useTabs((s) => s.tabs);
  const versions = useTabs((s) => s.versions);
  const [kept, setKept] = useState<PageEntry[]>([]);

  // Adjusted while rendering (React's recommended alternative to an effect): forget pages whose
  // tab closed, remember the current page when it is to be kept.
  const openKeys = new Set(tabs.map((tab) => tab.key));
  const stillKept = kept.filter((entry) => entry.key === current.key || (keepAlive && openKeys.has(entry.key)));
  const keepCurrent = keepAlive && current.match.record.keepAlive;
  const known = stillKept.find((entry) => entry.key === current.key);
  let next = stillKept;
  if (keepCurrent && (known?.match !== current.match || known.location !== current.location)) {
    next = [...stillKept.filter((entry) => entry.key !== current.key), current];
  } else if (!keepCurrent && known) {
    next = stillKept.filter((entry) => entry.key !== current.key);
  }
  if (next.length !== kept.length || next.some((entry, i) => entry !== kept[i])) setKept(next);

  // The page left (not kept alive) is unmounted after the new page's first paint, not inside the
  // navigation's render: its teardown (首页: React's deletion walk over it, its effects' cleanups,
  // ECharts' dispose — the largest single item of a menu click) then runs while the new page's list
  // request is on its way, not before the new page can paint. Meanwhile it is skipped by the
  // renderer (LEAVING_STYLE) and not on screen for usePageSearch.
  const [returns, setReturns] = useState<Readonly<Record<string, number>>>({});
  const [shownBefore, setShownBefore] = useState<ShownPage>(() => ({ entry: current, slotKey: slotKeyOf(current, versions, returns) }));
  const [leaving, setLeaving] = useState<ShownPage | undefined>(undefined);
  let gone = leaving;
  if (gone && gone.entry.key === current.key) {
    // Back on the page before it was gone: it mounts afresh (a new slot key), as it would have.
    gone = undefined;
    setLeaving(undefined);
    setReturns({ ...returns, [current.key]: (returns[current.key] ?? 0) + 1 });
  }
  if (shownBefore.entry.key !== current.key) {
    const stays = next.some((entry) => entry.key === shownBefore.entry.key);
    if (!stays) gone = shownBefore;
    setLeaving(gone);
  }
  const currentSlotKey = slotKeyOf(current, versions, returns);
  if (shownBefore.entry !== current || shownBefore.slotKey !== currentSlotKey) setShownBefore({ entry: current, slotKey: currentSlotKey });
  useEffect(() => {
    if (!leaving) return;
    const unmount = () => setLeaving((still) => (still === leaving ? undefined : still));
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame that never comes (a background tab) does not keep the page forever.
    const fallback = setTimeout(unmount, LEAVING_AT_MOST_MS);
    // A task posted from requestAnimationFrame runs after that frame's paint: the new page's.
    const frame = requestAnimationFrame(() => {
      clearTimeout(fallback);
      timer = setTimeout(unmount, 0);
    });
    return () => {
      clearTimeout(fallback);
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [leaving]);

  const slots = next.some((entry) => entry.key === current.key) ? next : [...next, current];
  // The intended page (menuIntent.ts), not mounted otherwise, is mounted and laid out out of sight:
  // its click only shows it (same key, same entry: nothing of the page renders again).
  // Clicked, it stays so until the navigation arrives (it may come in a render of its own).
  const prerender = intent.phase !== 'shown' && intended && !slots.some((entry) => entry.key === intended.key) ? intended : undefined;
  // One keyed list, so that the revealed page keeps its fiber (and everything rendered) in its slot.
  const elements = slots.map((entry) => {
    const active = entry.key === current.key;
    return <PageSlot key={slotKeyOf(entry, versions, returns)} entry={active ? current : entry} active={active} />;
  });
  if (gone && !slots.some((entry) => entry.key === gone.entry.key)) {
    // Where it was (before the new page when that one was added last): React moves no DOM.
    const at = slots[slots.length - 1]?.key === current.key ? elements.length - 1 : elements.length;
    elements.splice(at, 0, <PageSlot key={gone.slotKey} entry={gone.entry} active={false} leaving />);
  }
  if (prerender) {
    // Not on screen (usePageSearch: it writes no address) until its click shows it.
    elements.push(<PageSlot key={slotKeyOf(prerender, versions, returns)} entry={prerender} active={false} staged />);
  }
  return <>{elements}</>;
}
