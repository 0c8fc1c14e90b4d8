/**
 * Makes a component's dictionaries ready: prefetches the codes (one request per missing code) and
 * re-renders when cached items change, so `textOf`/`textsOf` in render read fresh text.
 * `ready` is true once every code is cached.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { DictService } from './dictService';

export function useDictionaries(service: DictService, codes: readonly string[]): { ready: boolean; version: number } {
  const version = useSyncExternalStore(service.subscribe, service.version, service.version);
  const key = [...new Set(codes.filter(Boolean))].sort().join('\n');

  useEffect(() => {
    if (key !== '') void service.prefetch(key.split('\n'));
  }, [service, key]);

  const ready = key === '' || key.split('\n').every((code) => service.cachedItems(code) !== undefined);
  return { ready, version };
}
