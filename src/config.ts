// Runtime configuration and the shell's business constants (spec §7, §9).
//
// The server serves /config.js as `window._CONFIG = {domianURL, staticDomainURL}` (JeecgBoot's
// spelling "domianURL" kept on purpose), so one build runs behind any API base path.

export interface RuntimeConfig {
  /** Base URL of the API, e.g. '/insurance' */
  domianURL: string;
  /** Prefix for stored-file paths that are not already absolute URLs */
  staticDomainURL: string;
}

declare global {
  interface Window {
    _CONFIG?: Partial<RuntimeConfig>;
  }
}

export const DEFAULT_API_BASE = '/insurance';

export function readRuntimeConfig(source: Partial<RuntimeConfig> | undefined): RuntimeConfig {
  const domianURL = (source?.domianURL || DEFAULT_API_BASE).replace(/\/+$/, '');
  const staticDomainURL = (source?.staticDomainURL || `${domianURL}/sys/common/static`).replace(/\/+$/, '');
  return { domianURL, staticDomainURL };
}

/** Read on every call so tests (and a late-loaded config.js) see the current value. */
export function runtimeConfig(): RuntimeConfig {
  return readRuntimeConfig(typeof window === 'undefined' ? undefined : window._CONFIG);
}

export const PRODUCT_NAME = '公估业务管理系统';
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';
/** Spec §4 "the configurable default path": visiting it with a token goes home. */
export const DEFAULT_PATH = '/';

export const HTTP_TIMEOUT_MS = 180_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Session and dictionary cache lifetime (7 days). */
export const SESSION_TTL_MS = 604_800_000;
/** 401: log out, then reload after this delay so the user can read the notification. */
export const RELOAD_AFTER_401_MS = 1_500;

export const THROTTLE_MS = 300;
export const DEBOUNCE_MS = 300;
export const SOCKET_RECONNECT_MS = 5_000;

/** Device breakpoints (spec §9): below these widths the layout is mobile. */
export const MOBILE_MAX_WIDTH = 1087.99;
export const NARROW_MAX_WIDTH = 767.99;

// Theme settings (defaults, palette, rules) live in src/settings/themeSettings.ts.
