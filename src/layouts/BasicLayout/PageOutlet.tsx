import { Suspense, createElement, useMemo, useState } from 'react';
import { Spin } from 'antd';
import { Route, Routes, type Location } from 'react-router-dom';
import PageErrorBoundary from '../../components/PageErrorBoundary';
import { PageRecordContext, type PageRecord } from '../../hooks/pageRecord';
import type { RouteMatch } from '../../router/types';
import { viewFor } from '../../router/viewRegistry';
import { PageVisibleContext } from './pageVisibility';
import { useTabs } from './tabs/useTabs';

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

function PageSlot({ entry, active }: { entry: PageEntry; active: boolean }) {
  const page: PageRecord = useMemo(
    () => ({ record: entry.match.record, params: entry.match.params, fullPath: entry.key }),
    [entry],
  );
  return (
    <div className="page-slot" style={active ? undefined : { display: 'none' }} data-page-key={entry.key}>
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
}

/**
 * The content area. The current page is always rendered; pages whose record has keepAlive (with a
 * componentName) stay mounted, hidden, while their tab is open — other pages unmount when left.
 * 刷新 bumps the tab's version, which remounts its page (spec §2, §4).
 */
export default function PageOutlet({ current, keepAlive }: { current: PageEntry; keepAlive: boolean }) {
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
  return (
    <>
      {slots.map((entry) => {
        const active = entry.key === current.key;
        const version = versions[entry.key] ?? 0;
        return (
          <PageSlot
            key={`${entry.key}#${version}`}
            entry={active ? current : entry}
            active={active}
          />
        );
      })}
    </>
  );
}
