// Menu component keys → page views (the menu component contract: unknown keys show "coming soon").
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView, type ViewLoader } from './lazyView';

const COMING_SOON: ViewLoader = () => import('../pages/ComingSoon');
const PARENT_INDEX: ViewLoader = () => import('./ParentIndexView');

const LOADERS: Readonly<Record<string, ViewLoader>> = {
  'dashboard/Analysis': () => import('../pages/dashboard/Analysis'),
  'isps/UserAnnouncement': () => import('../pages/isps/UserAnnouncement'),
  'exception/403': () => import('../pages/exception/Exception403'),
  'exception/404': () => import('../pages/exception/Exception404'),
  'exception/500': () => import('../pages/exception/Exception500'),
  'layouts/IframePageView': () => import('../pages/IframePageView'),
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

export function hasView(componentKey: string): boolean {
  return normaliseViewKey(componentKey) in LOADERS;
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * The lazily loaded view for a menu component key; the same component object for the same key
 * (so a re-render does not remount the page). A failed load is forgotten, so the next render
 * after the error boundary resets tries again.
 */
export function viewFor(componentKey: string): LazyExoticComponent<ComponentType> {
  const key = normaliseViewKey(componentKey);
  const cacheKey = key in LOADERS ? key : '(coming soon)';
  let view = cache.get(cacheKey);
  if (!view) {
    view = lazyView(LOADERS[key] ?? COMING_SOON, key, () => cache.delete(cacheKey));
    cache.set(cacheKey, view);
  }
  return view;
}
