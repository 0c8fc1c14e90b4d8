// Lazily loaded page views with the chunk-load limit of spec §8/§9: a view whose code has not
// arrived within 120 s fails with a load error (shown by the layout's error boundary).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../config';

export type ViewModule = { default: ComponentType };
export type ViewLoader = () => Promise<ViewModule>;

export class ViewLoadError extends Error {
  constructor(
    message: string,
    readonly viewKey: string,
    readonly origin?: unknown,
  ) {
    super(message);
    this.name = 'ViewLoadError';
  }
}

/** Runs `load`, failing with a ViewLoadError after `timeoutMs` or when the chunk cannot be fetched. */
export function loadWithTimeout(load: ViewLoader, viewKey: string, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<ViewModule> {
  return new Promise<ViewModule>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ViewLoadError(`页面加载超时（${timeoutMs / 1000} 秒）：${viewKey}`, viewKey)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ViewLoadError(`页面加载失败：${viewKey}`, viewKey, error));
      },
    );
  });
}

export function lazyView(
  load: ViewLoader,
  viewKey: string,
  onFailure?: () => void,
): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    loadWithTimeout(load, viewKey).catch((error: unknown) => {
      onFailure?.();
      throw error;
    }),
  );
}
