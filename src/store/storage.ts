// Browser storage with per-key expiry, in the same shape JeecgBoot's Vue client keeps
// (localStorage, namespace 'pro__', JSON-wrapped value with an expiry time).

const NAMESPACE = 'pro__';

interface Wrapped<T> {
  value: T;
  /** epoch ms; null = no expiry */
  expire: number | null;
}

/** Stored browser keys of spec §3. */
export const ACCESS_TOKEN = 'Access-Token';
export const LOGIN_USERNAME = 'Login_Username';
export const LOGIN_USERINFO = 'Login_Userinfo';
export const TENANT_ID = 'TENANT_ID';
export const UI_CACHE_DB_DICT_DATA = 'UI_CACHE_DB_DICT_DATA';
/** Button permissions live in sessionStorage (per tab), as in JeecgBoot. */
export const USER_AUTH = 'LOGIN_USER_BUTTON_AUTH';
export const SYS_BUTTON_AUTH = 'SYS_BUTTON_AUTH';
/** The open tabs of the multi-tab strip (sessionStorage: per browser tab, gone with logout). */
export const OPEN_TABS = 'lossdesk_open_tabs';
/** Set at login for a user with several departments until one is chosen (sessionStorage). */
export const NEED_DEPART_SELECT = 'NEED_DEPART_SELECT';
/** Set at login for a user of several tenants until one is chosen (sessionStorage). */
export const NEED_TENANT_SELECT = 'NEED_TENANT_SELECT';

/** 7 days: session and dictionary cache lifetime (spec §9). */
export const SEVEN_DAYS_MS = 604_800_000;

/**
 * The keys of a signed-in session. Signed in without 记住我, they live in sessionStorage instead, so
 * closing the browser (or this tab) ends the session here; the server also gives such a session a
 * short life (server/auth/sessions.ts).
 */
const SESSION_KEYS: ReadonlySet<string> = new Set([ACCESS_TOKEN, LOGIN_USERNAME, LOGIN_USERINFO, TENANT_ID, UI_CACHE_DB_DICT_DATA]);
/** Present in sessionStorage while this tab's session was signed in without 记住我. */
const NOT_REMEMBERED = `${NAMESPACE}NOT_REMEMBERED`;

function areaFor(key: string): Storage {
  return SESSION_KEYS.has(key) && window.sessionStorage.getItem(NOT_REMEMBERED) !== null ? window.sessionStorage : window.localStorage;
}

/**
 * Web Storage with the same choice per key, for code that namespaces keys itself (the runtime's
 * storage, which keeps the dictionaries under UI_CACHE_DB_DICT_DATA).
 */
export const sessionAwareStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (name) => areaFor(name.startsWith(NAMESPACE) ? name.slice(NAMESPACE.length) : name).getItem(name),
  setItem: (name, value) => areaFor(name.startsWith(NAMESPACE) ? name.slice(NAMESPACE.length) : name).setItem(name, value),
  removeItem: (name) => {
    window.localStorage.removeItem(name);
    window.sessionStorage.removeItem(name);
  },
};

/** Where the next sign-in's keys go: localStorage (记住我) or this tab's sessionStorage. */
export function rememberSignIn(remember: boolean): void {
  if (remember) window.sessionStorage.removeItem(NOT_REMEMBERED);
  else window.sessionStorage.setItem(NOT_REMEMBERED, '1');
}

export const localStore = {
  get<T>(key: string): T | null {
    const area = areaFor(key);
    const raw = area.getItem(NAMESPACE + key);
    if (raw === null) return null;
    try {
      const wrapped = JSON.parse(raw) as Wrapped<T>;
      if (wrapped.expire !== null && wrapped.expire < Date.now()) {
        area.removeItem(NAMESPACE + key);
        return null;
      }
      return wrapped.value;
    } catch {
      area.removeItem(NAMESPACE + key);
      return null;
    }
  },
  set<T>(key: string, value: T, ttlMs: number | null = SEVEN_DAYS_MS): void {
    const wrapped: Wrapped<T> = { value, expire: ttlMs === null ? null : Date.now() + ttlMs };
    areaFor(key).setItem(NAMESPACE + key, JSON.stringify(wrapped));
  },
  /** Removes the key from both places a session key may be in. */
  remove(key: string): void {
    window.localStorage.removeItem(NAMESPACE + key);
    window.sessionStorage.removeItem(NAMESPACE + key);
  },
  /** Removes every key starting with `prefix` (e.g. the saved advanced queries of every list). */
  removeByPrefix(prefix: string): void {
    const storage = window.localStorage;
    for (let i = storage.length - 1; i >= 0; i -= 1) {
      const key = storage.key(i);
      if (key?.startsWith(NAMESPACE + prefix)) storage.removeItem(key);
    }
  },
};

export const sessionStore = {
  get<T>(key: string): T | null {
    const raw = window.sessionStorage.getItem(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  set<T>(key: string, value: T): void {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  },
  remove(key: string): void {
    window.sessionStorage.removeItem(key);
  },
};
