// Server menu → the pages a user may open (spec §2 "Dynamic routes"). Pure functions.
import { matchPath } from 'react-router-dom';
import type { MenuItem } from '../api/types';
import { HOME_PATH } from '../config';
import type { RouteMatch, RouteRecord } from './types';
import { RECORD_ROUTE } from '../../runtime/views/record/recordPageModel';

export const IFRAME_VIEW = 'layouts/IframePageView';
const LOW_APP_PREFIX = 'low-app';
const APP_ID_SEGMENT = '/:appId?';

function isVisible(item: MenuItem): boolean {
  return item.hidden !== true && item.meta?.hideMenu !== true;
}

/**
 * A parent whose children are all hidden becomes hidden itself (spec §2), bottom-up, so a branch
 * of hidden leaves disappears from the menu as a whole. Returns new objects; input untouched.
 */
export function hideParentsWithoutVisibleChildren(menu: readonly MenuItem[]): MenuItem[] {
  return menu.map((item) => {
    if (!item.children || item.children.length === 0) return item;
    const children = hideParentsWithoutVisibleChildren(item.children);
    const hidden = item.hidden === true || !children.some(isVisible);
    return { ...item, children, ...(hidden ? { hidden: true } : {}) };
  });
}

/**
 * The address a menu item opens. The server names an iframe or external item by the md5 of its url
 * without a leading slash (as JeecgBoot does); used as it is, a link or navigate() takes that for a
 * path relative to the current page (/knowledge/article/<md5>, a 404). Its route is the absolute form.
 */
export function menuItemPath(path: string): string {
  return path === '' || path.startsWith('/') ? path : `/${path}`;
}

function normalisePath(path: string): string {
  const withoutQuery = path.split('?')[0].trim();
  const withSlash = withoutQuery.startsWith('/') ? withoutQuery : `/${withoutQuery}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

function isRoutable(item: MenuItem): boolean {
  return item.route !== '0';
}

function externalOf(item: MenuItem): RouteRecord['external'] {
  const url = item.meta?.url;
  if (!url) return undefined;
  if (item.meta.internalOrExternal === true && /^https?:\/\//i.test(url)) return { url, mode: 'newTab' };
  if (item.component === IFRAME_VIEW) return { url, mode: 'iframe' };
  return undefined;
}

function redirectOf(item: MenuItem, path: string, children: readonly MenuItem[]): string | undefined {
  // An alwaysShow item shows itself (its redirect is its own path).
  if (item.alwaysShow) return path;
  if (item.redirect) return normalisePath(item.redirect);
  if (children.length === 0) return undefined;
  const first = children.find(isVisible) ?? children[0];
  return normalisePath(first.path);
}

function toRecord(item: MenuItem, trail: MenuItem[]): RouteRecord {
  const children = (item.children ?? []).filter(isRoutable);
  const lowApp = typeof item.name === 'string' && item.name.startsWith(LOW_APP_PREFIX);
  let path = normalisePath(item.path);
  if (lowApp && !path.includes(':appId')) path = path === '/' ? APP_ID_SEGMENT : path + APP_ID_SEGMENT;
  const meta = item.meta ?? { title: item.name };
  const record: RouteRecord = {
    path,
    name: item.name,
    title: meta.title ?? item.name,
    component: item.component,
    icon: meta.icon,
    keepAlive: meta.keepAlive === true && Boolean(meta.componentName),
    componentName: meta.componentName,
    hideTab: meta.hideTab === true,
    trail,
    hidden: item.hidden === true,
  };
  const external = externalOf(item);
  if (external) record.external = external;
  const redirect = redirectOf(item, path, children);
  if (redirect) record.redirect = redirect;
  if (lowApp) record.lowApp = true;
  return record;
}

/**
 * Every routable menu item, parents included (they carry `redirect`). Items whose route flag is
 * '0' are skipped with their subtree; hidden items stay routable.
 */
export function buildRouteRecords(menu: readonly MenuItem[]): RouteRecord[] {
  const records: RouteRecord[] = [];
  const walk = (items: readonly MenuItem[], parents: MenuItem[]) => {
    for (const item of items) {
      if (!isRoutable(item) || !item.path) continue;
      const trail = [...parents, item];
      records.push(toRecord(item, trail));
      if (item.children?.length) walk(item.children, trail);
    }
  };
  walk(menu, []);
  return records;
}

function staticRecord(path: string, name: string, title: string, component: string): RouteRecord {
  const item: MenuItem = { id: `static:${name}`, path, name, component, meta: { title } };
  return { path, name, title, component, keepAlive: false, hideTab: false, trail: [item] };
}

/**
 * Pages every signed-in user has whatever the menu says (spec §2 static routes). They come after
 * the menu's records, so a menu entry for the same path (e.g. 首页) wins.
 */
export const STATIC_RECORDS: readonly RouteRecord[] = [
  staticRecord(HOME_PATH, 'dashboard-analysis', '首页', 'dashboard/Analysis'),
  staticRecord('/isps/userAnnouncement', 'isps-userAnnouncement', '我的消息', 'isps/UserAnnouncement'),
  staticRecord('/test/home', 'test-home', '测试主页', 'test/Home'),
  // Every page declaring a record page (案件详情); the view checks the page's list code.
  staticRecord(RECORD_ROUTE, 'record-page', '详情', 'record/RecordPage'),
];

/** Higher for more literal paths: a static segment beats a parameter, a parameter beats an optional one. */
function specificity(pattern: string): number {
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce((score, segment) => {
      if (segment === '*') return score + 1;
      if (segment.startsWith(':')) return score + (segment.endsWith('?') ? 2 : 4);
      return score + 10;
    }, 0);
}

/** The record for `pathname` (parameters read with matchPath); the most specific match wins. */
export function matchRouteRecord(records: readonly RouteRecord[], pathname: string): RouteMatch | undefined {
  let best: RouteMatch | undefined;
  let bestScore = -1;
  for (const record of records) {
    const match = matchPath({ path: record.path, end: true, caseSensitive: false }, pathname);
    if (!match) continue;
    const score = specificity(record.path);
    if (score > bestScore) {
      bestScore = score;
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(match.params)) if (value !== undefined) params[key] = value;
      best = { record, params };
    }
  }
  return best;
}
