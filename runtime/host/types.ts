/**
 * The one host interface the interpreter talks to (amis-style "env"). Every side effect of a
 * schema-driven page — HTTP, messages, confirmations, navigation, permission checks, local
 * storage, saving a downloaded file — goes through it, so runtime/ imports nothing from src/ or
 * server/: the web app hands in an adapter over its request layer and antd's App hooks, tests hand
 * in a fake.
 */
import type { CompiledPage } from '../schema/compiledPageTypes';

import type { Envelope } from '../contract/envelope';

export type { Envelope } from '../contract/envelope';

/** Query-string values; `null`/`undefined` are left out of the URL. */
export type RequestParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /**
   * Send the signed variant (X-Sign + X-TIMESTAMP over the sorted params). The dictionary lookups
   * (`/sys/dict/getDictItems`, `loadDictItem`, `loadDict`) are verified by the server and need it.
   */
  signed?: boolean;
  /** Aborts the call; the promise then rejects. */
  signal?: AbortSignal;
}

export interface UploadOptions extends RequestOptions {
  /** Form field each file goes under; JeecgBoot's import dialog uses `files[]`. Default `file`. */
  fileField?: string;
  /** Extra form fields sent next to the files. */
  fields?: Record<string, string>;
  onProgress?: (percent: number) => void;
  /**
   * Send the session token header (default true). False for an endpoint that must not see the
   * session: an editable grid's upload column without the `token` flag (widgets spec §6) may post
   * to an `action` of another server.
   */
  withToken?: boolean;
}

/**
 * HTTP through the app's request layer (headers, token, tenant, `_t`, timeout, error catalogue).
 * Transport failures (HTTP 4xx/5xx, timeouts) reject — the layer has already told the user by then;
 * business failures resolve with `success: false` and are the caller's to show.
 */
export interface HostRequest {
  get<T>(url: string, params?: RequestParams, options?: RequestOptions): Promise<Envelope<T>>;
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  put<T>(url: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  delete<T>(url: string, params?: RequestParams, options?: RequestOptions): Promise<Envelope<T>>;
  /**
   * A file download as it arrived. A refusal may arrive as a JSON envelope inside the Blob
   * (`type` application/json); callers check (see runtime/list/exportFile.ts).
   */
  getBlob(url: string, params?: RequestParams, options?: RequestOptions): Promise<Blob>;
  /** Multipart POST of one or several files (`File`s keep their names). */
  upload<T>(url: string, files: readonly Blob[], options?: UploadOptions): Promise<Envelope<T>>;
}

/** Short messages (antd `message.*`). */
export interface HostNotify {
  success(text: string): void;
  warning(text: string): void;
  error(text: string): void;
  info(text: string): void;
}

export interface ConfirmOptions {
  title: string;
  content: string;
  okText?: string;
  cancelText?: string;
  /** Red OK button (destructive actions). */
  danger?: boolean;
}

/** A navigation target: a path (may carry `?search`), optionally replacing the history entry. */
export type NavigateTarget = string | { path: string; search?: string; replace?: boolean };

/**
 * Key/value storage with a lifetime per key (the web app: localStorage under the `pro__` namespace
 * with a JSON `{value, expire}` wrapper, see runtime/host/expiringStorage.ts).
 */
export interface HostStorage {
  /** The live value, or null when absent, unreadable or expired (an expired key is removed). */
  get<T>(key: string): T | null;
  /** Stores `value` for `ttlMs` from now; `null` keeps it until removed. */
  set<T>(key: string, value: T, ttlMs: number | null): void;
  /** Epoch ms at which a live key expires; null when absent, expired or never expiring. */
  expiresAt(key: string): number | null;
  remove(key: string): void;
}

/**
 * Compiled page documents by reference ('maintenance/expert' = schemas/pages/maintenance/expert.json),
 * for widgets that show another page (the record pickers).
 */
export interface HostPages {
  /** The compiled page; rejects with an Error carrying a Chinese message when it is missing or broken. */
  load(ref: string): Promise<CompiledPage>;
}

export interface Host {
  request: HostRequest;
  notify: HostNotify;
  /** Resolves true when the user confirms, false when they cancel or close the dialog. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  navigate(to: NavigateTarget): void;
  /** Button permission (spec §6) for one action code such as `expert:add`; see runtime/auth/hasPermission.ts. */
  hasPermission(action: string): boolean;
  storage: HostStorage;
  /**
   * Hands a downloaded file to the user under `fileName`. A host method and not DOM code in the
   * list controller, so the controller stays headless (tests, server-side rendering).
   */
  saveFile(file: Blob, fileName: string): void;
  pages: HostPages;
}
