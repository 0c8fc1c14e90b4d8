// The signed-in area's code (layout, menus, the page-language runtime) is its own chunk: the
// sign-in page does not load it. It is fetched as soon as it is likely needed — a session is
// present, or the user starts typing on the sign-in page — so signing in waits for it rarely.
import type { ViewModule } from './lazyView';

let loading: Promise<ViewModule> | undefined;

export function loadSignedInArea(): Promise<ViewModule> {
  loading ??= import('./AuthenticatedArea').then(
    (module) => ({ default: module.AuthenticatedArea }),
    (error: unknown) => {
      // Forgotten, so the next attempt (after 重新加载 or a later preload) fetches again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts fetching the signed-in area; its failure is reported where the area renders, not here. */
export function preloadSignedInArea(): void {
  loadSignedInArea().catch(() => undefined);
}
