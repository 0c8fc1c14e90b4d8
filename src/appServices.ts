/**
 * The request, storage and dictionary service the page-language Host is built from (runtimeHost.ts),
 * apart from the Host itself: the session actions (store/auth.ts) seed and clear the dictionaries at
 * sign-in and sign-out, and must not pull the interpreter (page compiler, views) into the sign-in
 * page's code.
 */
import { message as staticMessage } from 'antd';
import { createDictService } from '../runtime/dict/dictService';
import { createExpiringStorage } from '../runtime/host/expiringStorage';
import type { HostNotify, HostRequest, HostStorage } from '../runtime/host/types';
import { del, get, getBlob, getSigned, post, put, uploadFiles } from './api/request';
import { sessionAwareStorage } from './store/storage';

/** The request layer behind the Host interface; business failures resolve, transport failures reject (already reported). */
export const runtimeRequest: HostRequest = {
  get: (url, params, options) =>
    options?.signed ? getSigned(url, params, { signal: options.signal }) : get(url, params, { signal: options?.signal }),
  post: (url, body, options) => post(url, body, { signal: options?.signal }),
  put: (url, body, options) => put(url, body, { signal: options?.signal }),
  delete: (url, params, options) => del(url, params, { signal: options?.signal }),
  getBlob: (url, params, options) => getBlob(url, params, { signal: options?.signal }),
  upload: (url, files, options) =>
    uploadFiles(url, files, options?.fields, {
      fileField: options?.fileField ?? 'file',
      onProgress: options?.onProgress,
      signal: options?.signal,
      withToken: options?.withToken,
    }),
};

let storage: HostStorage | undefined;

/**
 * localStorage under the `pro__` namespace with the `{value, expire}` wrapper (same keys as
 * src/store/storage.ts) — sessionStorage for a session's keys when it was signed in without 记住我.
 */
export function runtimeStorage(): HostStorage {
  storage ??= createExpiringStorage(sessionAwareStorage);
  return storage;
}

export function notifyThrough(api: Pick<typeof staticMessage, 'success' | 'warning' | 'error' | 'info'>): HostNotify {
  return {
    success: (text) => void api.success(text),
    warning: (text) => void api.warning(text),
    error: (text) => void api.error(text),
    info: (text) => void api.info(text),
  };
}

/**
 * The app's one dictionary service. Outside a component its few messages (清理缓存's outcome,
 * 字典Code不能为空!) go through antd's static message.
 */
export const dictService = createDictService({
  request: runtimeRequest,
  notify: notifyThrough(staticMessage),
  get storage() {
    return runtimeStorage();
  },
});
