import type { RouteRecord } from '../../router/types';
import { HOME_TAB_TITLE } from './tabs/tabsModel';

/** Document title (spec §2): page title, separator, product name; on home only the product name. */
export function documentTitle(
  route: Pick<RouteRecord, 'path' | 'title'> | undefined,
  pathname: string,
  productName: string,
  homePath: string,
): string {
  if (!route || pathname === homePath || route.path === homePath || !route.title) return productName;
  return `${route.title} - ${productName}`;
}

export interface Crumb {
  title: string;
  /** Set only on entries that are links; the current page is plain text. */
  href?: string;
}

/**
 * Breadcrumb (spec §2): a home entry linking to the home path, then the titles of the menu trail
 * down to the page; the current page is plain text. Menu groups above the page have no page of
 * their own, so they are shown as text too.
 */
export function breadcrumbFor(
  route: Pick<RouteRecord, 'path' | 'title' | 'component' | 'trail'>,
  homePath: string,
): Crumb[] {
  if (route.path === homePath) return [{ title: HOME_TAB_TITLE }];
  const crumbs: Crumb[] = [{ title: HOME_TAB_TITLE, href: homePath }];
  const trail = route.trail.filter((item) => item.path !== homePath);
  const last = trail[trail.length - 1];
  // The trail usually ends with the page's own menu item; its title is added below as plain text.
  const lastIsPage =
    last !== undefined &&
    (last.path === route.path || (last.component === route.component && last.meta.title === route.title));
  for (const item of lastIsPage ? trail.slice(0, -1) : trail) crumbs.push({ title: item.meta.title });
  crumbs.push({ title: route.title });
  return crumbs;
}
