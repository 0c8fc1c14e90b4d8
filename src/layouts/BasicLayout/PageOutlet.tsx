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
 * Memoised: a layout render (every navigation) leaves a page whose entry and visibility did not
 * change as it is — a kept-alive page behind another tab, and the staged page when its click shows
 * it (see PageOutlet).
 */
const PageSlot = memo(function PageSlot({ entry, active, staged = false }: { entry: PageEntry; active: boolean; staged?: boolean }) {
  const page: PageRecord = useMemo(
    () => ({ record: entry.match.record, params: entry.match.params, fullPath: entry.key }),
    [entry],
  );
  return (
    <div
      className="page-slot"
      style={active ? undefined : staged ? STAGED_STYLE : KEPT_STYLE}
      data-page-key={entry.key}
      {...(staged ? { inert: true, 'aria-hidden': true } : {})}
    >
      <PageRecordContext.Provider value={page}>
        {/* Hidden pages still render (late data), but know they are not on screen (usePageSearch). */}
        <PageVisibleContext.Provider value={active}>
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
        </PageVisibleContext.Provider>
      </PageRecordContext.Provider>
    </div>
  );
});

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

  const slots = next.some((entry) => entry.key === current.key) ? next : [...next, current];
  // The intended page (menuIntent.ts), not mounted otherwise, is mounted and laid out out of sight:
  // its click only shows it (same key, same entry: nothing of the page renders again).
  // Clicked, it stays so until the navigation arrives (it may come in a render of its own).
  const prerender = intent.phase !== 'shown' && intended && !slots.some((entry) => entry.key === intended.key) ? intended : undefined;
  // One keyed list, so that the revealed page keeps its fiber (and everything rendered) in its slot.
  const elements = slots.map((entry) => {
    const active = entry.key === current.key;
    const version = versions[entry.key] ?? 0;
    return <PageSlot key={`${entry.key}#${version}`} entry={active ? current : entry} active={active} />;
  });
  if (prerender) {
    // Not on screen (usePageSearch: it writes no address) until its click shows it.
    elements.push(<PageSlot key={`${prerender.key}#${versions[prerender.key] ?? 0}`} entry={prerender} active={false} staged />);
  }
  return <>{elements}</>;
}
