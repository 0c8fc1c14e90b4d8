// The one request layer every call goes through (spec §7): headers, cache-buster, timeout, the
// signed variant, and the error catalogue of spec §8 (reactions in errorCatalogue.ts, carried out
// through the injectable host of requestHost.ts).
import axios, { AxiosError, AxiosHeaders, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { HTTP_TIMEOUT_MS, RELOAD_AFTER_401_MS, runtimeConfig } from '../config';
import { ACCESS_TOKEN, TENANT_ID, localStore } from '../store/storage';
import {
  NOTICE_TITLE,
  RELOGIN_CONTENT,
  RELOGIN_OK,
  RELOGIN_TITLE,
  failureText,
  reactToFailure,
  type ErrorReaction,
  type FailedRequest,
} from './errorCatalogue';
import { lowAppId } from './lowApp';
import { requestHost } from './requestHost';
import { signHeaders, stringifyParams, type SignableParams } from './sign';
import type { Envelope } from './types';
import { saveFileInBrowser } from '../../runtime/host/saveFileInBrowser';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the error catalogue (used by the logout call made while handling a 401). */
    silent?: boolean;
    /** Send no X-Access-Token (an upload to an endpoint that must not see the session). */
    withoutToken?: boolean;
  }
}

/** Dictionary item lookups are cacheable, so they go without the `_t` cache-buster. */
const NO_TIMESTAMP_URL = 'sys/dict/getDictItems';

// No XSRF cookie: the session travels in X-Access-Token. Left on, axios reads the cookie through
// Chromium's asynchronous cookieStore before each same-origin request, which holds every request
// back by a round trip to the browser process (tens of ms on a busy machine).
export const http = axios.create({ timeout: HTTP_TIMEOUT_MS, withXSRFToken: false });

export function currentToken(): string | null {
  return localStore.get<string>(ACCESS_TOKEN);
}

http.interceptors.request.use((config) => {
  config.baseURL ??= runtimeConfig().domianURL;
  const headers = AxiosHeaders.from(config.headers);
  const token = currentToken();
  if (token && !config.withoutToken && !headers.has('X-Access-Token')) headers.set('X-Access-Token', token);
  if (!headers.has('tenant-id')) headers.set('tenant-id', String(localStore.get<string | number>(TENANT_ID) ?? 0));
  const appId = lowAppId();
  if (appId && !headers.has('X-Low-App-ID')) headers.set('X-Low-App-ID', appId);
  config.headers = headers;
  if ((config.method ?? 'get').toLowerCase() === 'get' && !(config.url ?? '').includes(NO_TIMESTAMP_URL)) {
    config.params = { _t: Math.floor(Date.now() / 1000), ...config.params };
  }
  return config;
  // Synchronous (it awaits nothing): the request leaves within the call, not after the caller's
  // task — a list request sent on a menu click goes out before the click's render, not after it.
}, undefined, { synchronous: true });

/** A failed call. Its message has already been shown to the user when `notified` is true. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly notified: boolean,
    readonly origin?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

let reloginOpen = false;
/** A 401 is signing the user out: the calls that fail with it meanwhile say nothing more. */
let signingOut = false;

/** Test seam: the 登录已过期 modal and the 401 sign-out happen once until the page reloads. */
export function resetReloginModal(): void {
  reloginOpen = false;
  signingOut = false;
}

async function bodyMessage(data: unknown): Promise<string | undefined> {
  let body = data;
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    // Blob answers (downloads) carry the JSON envelope as bytes.
    try {
      body = JSON.parse(await data.text());
    } catch {
      return undefined;
    }
  }
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}

function isTimeout(error: AxiosError): boolean {
  return error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || /timeout/i.test(error.message);
}

function carryOut(reaction: ErrorReaction): void {
  const host = requestHost();
  switch (reaction.kind) {
    case 'notify':
      host.notifyError({ message: NOTICE_TITLE, description: reaction.description, duration: 4 });
      break;
    case 'logoutThenReload':
      void host.logout().then(() => {
        setTimeout(() => requestHost().reload(), RELOAD_AFTER_401_MS);
      });
      break;
    case 'reloginModal':
      if (reloginOpen) return;
      reloginOpen = true;
      host.confirmRelogin({
        title: RELOGIN_TITLE,
        content: RELOGIN_CONTENT,
        okText: RELOGIN_OK,
        onOk: async () => {
          await requestHost().logout();
          localStore.remove(ACCESS_TOKEN);
          requestHost().reload();
        },
      });
      break;
  }
}

http.interceptors.response.use(undefined, async (error: unknown) => {
  if (axios.isCancel(error) || !(error instanceof AxiosError)) throw error;
  const failure: FailedRequest = {
    status: error.response?.status,
    timedOut: isTimeout(error),
    serverMessage: error.response ? await bodyMessage(error.response.data) : undefined,
    hasToken: currentToken() !== null,
  };
  const silent = error.config?.silent === true;
  // Every call in flight fails with 401 once the session ends: one notice and one sign-out.
  const unauthorized = failure.status === 401 && failure.hasToken;
  if (!silent && !(unauthorized && signingOut)) {
    if (unauthorized) signingOut = true;
    reactToFailure(failure).forEach(carryOut);
  }
  throw new RequestError(failureText(failure), failure.status, !silent, error);
});

export type Params = Record<string, unknown>;

function data<T>(response: AxiosResponse<Envelope<T>>): Envelope<T> {
  return response.data;
}

export function get<T>(url: string, params?: Params, config?: AxiosRequestConfig): Promise<Envelope<T>> {
  return http.get<Envelope<T>>(url, { ...config, params }).then(data);
}

export function post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<Envelope<T>> {
  return http.post<Envelope<T>>(url, body, config).then(data);
}

export function put<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<Envelope<T>> {
  return http.put<Envelope<T>>(url, body, config).then(data);
}

export function del<T>(url: string, params?: Params, config?: AxiosRequestConfig): Promise<Envelope<T>> {
  return http.delete<Envelope<T>>(url, { ...config, params }).then(data);
}

/** The signed GET (X-Sign + X-TIMESTAMP) the dictionary endpoints require. */
export function getSigned<T>(url: string, params?: SignableParams, config?: AxiosRequestConfig): Promise<Envelope<T>> {
  const sent = stringifyParams(params);
  return http
    .get<Envelope<T>>(url, { ...config, params: sent, headers: { ...signHeaders(url, sent), ...config?.headers } })
    .then(data);
}

/**
 * Downloads a file as a Blob. A JSON answer in place of the file is the server refusing (envelope
 * with success:false): it rejects with the server's message.
 */
export async function getBlob(url: string, params?: Params, config?: AxiosRequestConfig): Promise<Blob> {
  const response = await http.get<Blob>(url, { ...config, params, responseType: 'blob' });
  const blob = response.data;
  if (blob.type.includes('application/json')) {
    const envelope = JSON.parse(await blob.text()) as Partial<Envelope<unknown>>;
    if (envelope.success === false) throw new RequestError(envelope.message || '下载失败', response.status, false);
  }
  return blob;
}

/** Downloads a file and hands it to the browser under `fileName`. */
export async function downloadFile(url: string, fileName: string, params?: Params): Promise<void> {
  saveFileInBrowser(await getBlob(url, params), fileName);
}

/** Multipart upload; `fields` become form fields next to the file. */
export function upload<T>(
  url: string,
  file: Blob,
  fields: Record<string, string> = {},
  options: { fileField?: string; fileName?: string; onProgress?: (percent: number) => void } = {},
): Promise<Envelope<T>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const fileName = options.fileName ?? (file instanceof File ? file.name : 'file');
  form.append(options.fileField ?? 'file', file, fileName);
  return http
    // No Content-Type here: the browser adds multipart/form-data with its boundary.
    .post<Envelope<T>>(url, form, {
      onUploadProgress: (event) => {
        if (options.onProgress && event.total) options.onProgress(Math.round((event.loaded / event.total) * 100));
      },
    })
    .then(data);
}

/**
 * Multipart upload of several files in one request, each under `fileField` (default `file`; the
 * import dialog uses `files[]`); `fields` become form fields next to them.
 */
export function uploadFiles<T>(
  url: string,
  files: readonly Blob[],
  fields: Record<string, string> = {},
  options: { fileField?: string; onProgress?: (percent: number) => void; signal?: AbortSignal; withToken?: boolean } = {},
): Promise<Envelope<T>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const fileField = options.fileField ?? 'file';
  files.forEach((file, i) => form.append(fileField, file, file instanceof File ? file.name : `file${i + 1}`));
  return http
    .post<Envelope<T>>(url, form, {
      signal: options.signal,
      withoutToken: options.withToken === false,
      onUploadProgress: (event) => {
        if (options.onProgress && event.total) options.onProgress(Math.round((event.loaded / event.total) * 100));
      },
    })
    .then(data);
}
