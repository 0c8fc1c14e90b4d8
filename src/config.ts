// Runtime configuration and the shell's business constants (spec §7, §9).
//
// The server serves /config.js as `window._CONFIG = {domianURL, staticDomainURL, signatureSecret}`
// (JeecgBoot's spelling "domianURL" kept on purpose), so one build runs behind any API base path
// and signs requests with the secret that server checks (SIGNATURE_SECRET).

import { STATIC_URL } from '../runtime/contract/files';

export interface RuntimeConfig {
  /** Base URL of the API, e.g. '/insurance' */
  domianURL: string;
  /** Prefix for stored-file paths that are not already absolute URLs */
  staticDomainURL: string;
  /** The X-Sign secret of signed requests (src/api/sign.ts) */
  signatureSecret: string;
}

declare global {
  interface Window {
    _CONFIG?: Partial<RuntimeConfig>;
  }
}

export const DEFAULT_API_BASE = '/insurance';
/** JeecgBoot's default signature secret, which the server also uses unless SIGNATURE_SECRET says otherwise. */
export const DEFAULT_SIGNATURE_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';

export function readRuntimeConfig(source: Partial<RuntimeConfig> | undefined): RuntimeConfig {
  const domianURL = (source?.domianURL || DEFAULT_API_BASE).replace(/\/+$/, '');
  const staticDomainURL = (source?.staticDomainURL || `${domianURL}${STATIC_URL}`).replace(/\/+$/, '');
  const signatureSecret = source?.signatureSecret || DEFAULT_SIGNATURE_SECRET;
  return { domianURL, staticDomainURL, signatureSecret };
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
