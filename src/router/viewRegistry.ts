// Menu component keys → page views (the menu component contract: unknown keys show "coming soon").
import { createElement, type ComponentType, type LazyExoticComponent } from 'react';
import { hasSchemaDocument } from '../pages/schemaDocuments';
import { lazyView, type ViewLoader } from './lazyView';

const COMING_SOON: ViewLoader = () => import('../pages/ComingSoon');
const PARENT_INDEX: ViewLoader = () => import('./ParentIndexView');

const LOADERS: Readonly<Record<string, ViewLoader>> = {
  'dashboard/Analysis': () => import('../pages/dashboard/Analysis'),
  'isps/UserAnnouncement': () => import('../pages/myMessages/UserAnnouncement'),
  'exception/403': () => import('../pages/exception/Exception403'),
  'exception/404': () => import('../pages/exception/Exception404'),
  'exception/500': () => import('../pages/exception/Exception500'),
  'layouts/IframePageView': () => import('../pages/IframePageView'),
  // The one record route of every page with a record page (/record/<module>/<entity>/<id>).
  'record/RecordPage': () => import('../pages/RecordRoute'),
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
    import('../pages/SchemaRoute').then(({ default: SchemaRoute }) => ({
      default: function SchemaView() {
        return createElement(SchemaRoute, { viewKey: key });
      },
    }));
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
    if (soon) LOADERS[key]().catch(() => undefined);
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

/** What the menu needs of the schema route's module once it has been preloaded. */
interface SchemaRouteStarter {
  startSchemaPage(viewKey: string): void;
}

let schemaRoute: SchemaRouteStarter | undefined;

/**
 * A menu entry clicked: when its schema page is ready (preloaded), its list request leaves now,
 * before the click's render; the page's list takes that answer. Nothing otherwise.
 */
export function startView(componentKey: string): void {
  const key = normaliseViewKey(componentKey);
  if (schemaRoute && !Object.hasOwn(LOADERS, key) && hasSchemaDocument(key)) schemaRoute.startSchemaPage(key);
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * The lazily loaded view for a menu component key; the same component object for the same key
 * (so a re-render does not remount the page). A failed load is forgotten, so the next render
 * after the error boundary resets tries again.
 */
export function viewFor(componentKey: string): LazyExoticComponent<ComponentType> {
  const key = normaliseViewKey(componentKey);
  const loader = loaderOf(key);
  const cacheKey = loader ? key : '(coming soon)';
  let view = cache.get(cacheKey);
  if (!view) {
    view = lazyView(loader ?? COMING_SOON, key, () => cache.delete(cacheKey));
    cache.set(cacheKey, view);
  }
  return view;
}
