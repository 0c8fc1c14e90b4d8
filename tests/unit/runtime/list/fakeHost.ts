// A host for tests: records every request, message, confirmation and saved file; answers requests
// through a handler the test sets (value or promise, so a test can hold an answer back).
import { vi } from 'vitest';
import { createExpiringStorage, createMemoryBacking } from '../../../../runtime/host/expiringStorage';
import type {
  ConfirmOptions,
  Envelope,
  Host,
  RequestOptions,
  RequestParams,
  UploadOptions,
} from '../../../../runtime/host/types';
import type { CompiledPage } from '../../../../runtime/schema/compiledPageTypes';

export interface RecordedCall {
  method: 'get' | 'post' | 'put' | 'delete' | 'getBlob' | 'upload';
  url: string;
  params?: RequestParams;
  body?: unknown;
  options?: RequestOptions | UploadOptions;
}

export type Answer = Envelope<unknown> | Blob;
export type Handler = (call: RecordedCall) => Answer | Promise<Answer>;

export interface Notice {
  kind: 'success' | 'warning' | 'error' | 'info';
  text: string;
}

export function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: 0 };
}

export function fail(message: string, code = 500): Envelope<null> {
  return { success: false, message, code, result: null, timestamp: 0 };
}

/** A promise the test settles by hand. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function createFakeHost(options: { now?: () => number } = {}) {
  const calls: RecordedCall[] = [];
  const notices: Notice[] = [];
  const confirms: ConfirmOptions[] = [];
  const saved: { file: Blob; fileName: string }[] = [];
  const backing = createMemoryBacking();
  let handler: Handler = () => ok(null);
  let confirmAnswer = true;
  /** Pages the host can load by reference ('maintenance/expert'); the test defines them. */
  const pages = new Map<string, CompiledPage>();

  async function answer<T>(call: RecordedCall): Promise<T> {
    calls.push(call);
    return (await handler(call)) as T;
  }

  const host: Host = {
    request: {
      get: (url, params, opts) => answer({ method: 'get', url, params, options: opts }),
      post: (url, body, opts) => answer({ method: 'post', url, body, options: opts }),
      put: (url, body, opts) => answer({ method: 'put', url, body, options: opts }),
      delete: (url, params, opts) => answer({ method: 'delete', url, params, options: opts }),
      getBlob: (url, params, opts) => answer({ method: 'getBlob', url, params, options: opts }),
      upload: (url, files, opts) => answer({ method: 'upload', url, body: files, options: opts }),
    },
    notify: {
      success: (text) => notices.push({ kind: 'success', text }),
      warning: (text) => notices.push({ kind: 'warning', text }),
      error: (text) => notices.push({ kind: 'error', text }),
      info: (text) => notices.push({ kind: 'info', text }),
    },
    confirm: vi.fn(async (opts: ConfirmOptions) => {
      confirms.push(opts);
      return confirmAnswer;
    }),
    navigate: vi.fn(),
    hasPermission: () => true,
    storage: createExpiringStorage(backing, { now: options.now }),
    saveFile: (file, fileName) => {
      saved.push({ file, fileName });
    },
    pages: {
      load: async (ref) => {
        const page = pages.get(ref);
        if (!page) throw new Error(`页面定义不存在：schemas/pages/${ref}.json`);
        return page;
      },
    },
  };

  return {
    host,
    calls,
    notices,
    confirms,
    saved,
    backing,
    respond(next: Handler) {
      handler = next;
    },
    /** Makes `ref` loadable through host.pages. */
    definePage(ref: string, page: CompiledPage) {
      pages.set(ref, page);
    },
    answerConfirm(value: boolean) {
      confirmAnswer = value;
    },
    callsTo(method: RecordedCall['method'], url?: string) {
      return calls.filter((call) => call.method === method && (url === undefined || call.url === url));
    },
  };
}

export type FakeHost = ReturnType<typeof createFakeHost>;
