// The navigation guard of spec §4 as a pure decision; NavigationGuard.tsx carries it out.
import { DEFAULT_PATH, HOME_PATH, LOGIN_PATH } from '../config';

export const OAUTH2_LOGIN_PATH = '/oauth2-app/login';

/** Pages reachable without a token (spec §4), plus the third-party login page, which is a login page too. */
export const OPEN_PATHS: readonly string[] = [
  LOGIN_PATH,
  '/user/register',
  '/user/register-result',
  '/user/alteration',
  OAUTH2_LOGIN_PATH,
];

/**
 * Static redirects of spec §2. They apply before the guard looks at the page (as route redirects
 * do), so '/' without a token leads to login with redirect=/dashboard/analysis.
 */
export const STATIC_REDIRECTS: Readonly<Record<string, string>> = {
  [DEFAULT_PATH]: HOME_PATH,
  '/user': LOGIN_PATH,
  '/oauth2-app': OAUTH2_LOGIN_PATH,
  '/test': '/test/home',
};

export interface GuardState {
  hasToken: boolean;
  /** the session holds a non-empty permission (menu) list */
  permissionsLoaded: boolean;
}

export interface Place {
  pathname: string;
  search?: string;
  hash?: string;
}

export type NavigationDecision =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: string }
  /**
   * Fetch the permission list, build the routes, then go to `then` (null: stay where the user
   * was going). If the fetch fails: log out and go to `onFailure`.
   */
  | { kind: 'loadPermissions'; then: string | null; onFailure: string };

export function fullPath(place: Place): string {
  return `${place.pathname}${place.search ?? ''}${place.hash ?? ''}`;
}

export function loginWithRedirect(place: Place): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: fullPath(place) }).toString()}`;
}

/**
 * The `redirect` query of a place, when it names a page of this app. Anything else (another
 * origin, `//host`, a scheme) is ignored, so a crafted link cannot send a user off-site.
 */
export function redirectTarget(search: string | undefined): string | null {
  if (!search) return null;
  const value = new URLSearchParams(search).get('redirect');
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * @param from where the user comes from; its `redirect` query (e.g. the login page's) is where
 *             they go once the permissions are loaded, as in JeecgBoot's guard.
 */
export function decideNavigation(state: GuardState, to: Place, from?: Place): NavigationDecision {
  const path = trimSlash(to.pathname);
  const staticTarget = STATIC_REDIRECTS[path];
  if (staticTarget) return { kind: 'redirect', to: `${staticTarget}${to.search ?? ''}` };
  if (state.hasToken) {
    if (path === LOGIN_PATH || path === OAUTH2_LOGIN_PATH) return { kind: 'redirect', to: HOME_PATH };
    if (!state.permissionsLoaded) {
      const redirect = redirectTarget(from?.search);
      const then = redirect && redirect !== fullPath(to) && redirect !== to.pathname ? redirect : null;
      return { kind: 'loadPermissions', then, onFailure: loginWithRedirect(to) };
    }
    return { kind: 'pass' };
  }
  if (OPEN_PATHS.includes(path)) return { kind: 'pass' };
  return { kind: 'redirect', to: loginWithRedirect(to) };
}
