import type { MenuItem } from '../api/types';

/**
 * One page the signed-in user may open: built from a server menu item (or a static route such as
 * /isps/userAnnouncement). The layout reads it for the tab title, breadcrumb, document title and
 * keep-alive; the content area renders `component` through the view registry.
 */
export interface RouteRecord {
  /** Full path pattern, e.g. /maintenance/expert or /online/cgformList/:code */
  path: string;
  /** Route name (menu `name`) */
  name: string;
  title: string;
  /** View key, e.g. 'dashboard/Analysis'; unknown keys show the "coming soon" view */
  component: string;
  icon?: string;
  /** Cached while its tab is open (spec §2: meta keepAlive and componentName both set) */
  keepAlive: boolean;
  componentName?: string;
  hideTab: boolean;
  /** An external page shown in an iframe inside the layout, or opened in a new browser tab */
  external?: { url: string; mode: 'iframe' | 'newTab' };
  /** Menu items from the top level down to this page, for the breadcrumb */
  trail: MenuItem[];
  /** Redirect target for parents (alwaysShow parents redirect to themselves) */
  redirect?: string;
  /** Routable but not shown in the menu (menu `hidden`) */
  hidden?: boolean;
  /** A low-code app page (route name starts with 'low-app'): the path ends with an optional :appId */
  lowApp?: boolean;
}

/** A record matched against the current location, with the path's parameters. */
export interface RouteMatch {
  record: RouteRecord;
  params: Record<string, string>;
}
