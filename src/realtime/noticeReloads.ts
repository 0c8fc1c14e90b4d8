import { useSyncExternalStore } from 'react';

// One signal for "the notice list changed": the socket and a read mark raise it, and every place
// that shows notices (bell, home, the user's announcement page) reloads its list.
let generation = 0;
const listeners = new Set<() => void>();

export function requestNoticeReload(): void {
  generation += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes whenever the notice lists should reload. */
export function useNoticeReloads(): number {
  return useSyncExternalStore(subscribe, () => generation);
}
