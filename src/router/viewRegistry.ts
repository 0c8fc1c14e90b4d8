// Menu component keys → page views (the menu component contract: unknown keys show "coming soon").
import { createElement, type ComponentType } from 'react';
import { hasSchemaDocument } from '../pages/schemaDocuments';
import { lazyView, type ViewLoader } from './lazyView';

type SchemaRouteModule = typeof import('../pages/SchemaRoute');

/** The schema route's module once loaded (preloaded by the menu, or a schema page was shown). */
let schemaRoute: SchemaRouteModule | undefined;

/** Views of LOADERS whose code has been preloaded, by key. */
const arrived = new Map<string, ComponentType>();

const COMING_SOON: ViewLoader = () => import('../pages/ComingSoon');
const PARENT_INDEX: ViewLoader = () => import('./ParentIndexView');

const LOADERS: Readonly<Record<string, ViewLoader>> = {
  'dashboard/Analysis': () => import('../pages/dashboard/Analysis'),
  'dashboard/Workplace': () => import('../pages/dashboard/Workplace'),
  'isps/UserAnnouncement': () => import('../pages/myMessages/UserAnnouncement'),
  'exception/403': () => import('../pages/exception/Exception403'),
  'exception/404': () => import('../pages/exception/Exception404'),
  'exception/500': () => import('../pages/exception/Exception500'),
  'layouts/IframePageView': () => import('../pages/IframePageView'),
  // The one record route of every page with a record page (/record/<module>/<entity>/<id>).
  'record/RecordPage': () => import('../pages/RecordRoute'),
  // 在线报表: an online report by the address's :code (/online/cgreport/:code).
  'modules/online/cgreport/auto/OnlCgreportAutoList': () => import('../pages/OnlineReportRoute'),
  // Every online form page (/online/cgformList/<code>): its document comes from the server.
  'modules/online/cgform/auto/OnlCgformAutoList': () => import('../pages/OnlineFormRoute'),
  // Parents opened directly (alwaysShow): a list of their pages.
  'layouts/RouteView': PARENT_INDEX,
  'layouts/PageView': PARENT_INDEX,
};

/** 'views/system/UserList.vue', '/system/UserList' → 'system/UserList' */
export function normaliseViewKey(componentKey: string): string {
  return componentKey
    .trim()
    .replace(/^\/+/, '')
    .replace(/^views\//, '')
    .replace(/\.(vue|tsx?)$/, '');
}

/**
 * `schema/<module>/<entity>`: the generic schema page bound to that document. A key whose document
 * is not shipped has no view (coming soon).
 */
function schemaLoader(key: string): ViewLoader | undefined {
  if (!hasSchemaDocument(key)) return undefined;
  return () =>
    import('../pages/SchemaRoute').then((route) => {
      schemaRoute = route;
      return { default: schemaView(route, key) };
    });
}

function schemaView(route: SchemaRouteModule, key: string): ComponentType {
  return function SchemaView() {
    return createElement(route.default, { viewKey: key });
  };
}

function loaderOf(key: string): ViewLoader | undefined {
  return Object.hasOwn(LOADERS, key) ? LOADERS[key] : schemaLoader(key);
}

export function hasView(componentKey: string): boolean {
  return loaderOf(normaliseViewKey(componentKey)) !== undefined;
}

/**
 * Starts loading a menu entry's view before it is clicked: a schema page's code, document and
 * compiled form when its menu group opens (`soon`: the pointer rests on the entry, compile now), any
 * other view's code only when the pointer rests on it (some are large, e.g. the charts). A failure
 * is left for the click to show.
 */
export function preloadView(componentKey: string, soon = false): void {
  const key = normaliseViewKey(componentKey);
  if (Object.hasOwn(LOADERS, key)) {
    if (soon) LOADERS[key]().then((module) => void arrived.set(key, module.default), () => undefined);
    return;
  }
  if (!hasSchemaDocument(key)) return;
  import('../pages/SchemaRoute')
    .then((route) => {
      schemaRoute = route;
      return route.preloadSchemaPage(key, soon);
    })
    .catch(() => undefined);
}

/**
 * A menu entry clicked: when its schema page is ready (preloaded), its list request leaves now,
 * before the click's render; the page's list takes that answer. Resolves once that answer is in;
 * undefined when nothing was sent.
 */
export function startView(componentKey: string): Promise<void> | undefined {
  const key = normaliseViewKey(componentKey);
  if (schemaRoute && !Object.hasOwn(LOADERS, key) && hasSchemaDocument(key)) return schemaRoute.startSchemaPage(key);
  return undefined;
}

const cache = new Map<string, ComponentType>();

/**
 * The view whose code is here already (preloaded by the menu): rendered as it is, not lazily. A
 * lazy component's first render suspends even when its code has arrived (import() answers a
 * promise), and React then holds the page back until 300 ms after its fallback showed
 * (FALLBACK_THROTTLE_MS) — most of a menu click's time.
 */
function loadedView(key: string): ComponentType | undefined {
  if (Object.hasOwn(LOADERS, key)) return arrived.get(key);
  return schemaRoute && hasSchemaDocument(key) ? schemaView(schemaRoute, key) : undefined;
}

/**
 * The view for a menu component key — the loaded one when its code is here, else lazily loaded;
 * the same component object for the same key (so a re-render does not remount the page). A failed
 * load is forgotten, so the next render after the error boundary resets tries again.
 */
export function viewFor(componentKey: string): ComponentType {
  const key = normaliseViewKey(componentKey);
  const loader = loaderOf(key);
  const cacheKey = loader ? key : '(coming soon)';
  let view = cache.get(cacheKey);
  if (!view) {
    view = (loader && loadedView(key)) || lazyView(loader ?? COMING_SOON, key, () => cache.delete(cacheKey));
    cache.set(cacheKey, view);
  }
  return view;
}
