/**
 * Which dictionary service a schema page uses. The web app provides its one service (seeded at
 * login, refreshed by 清理缓存) through `DictServiceProvider`; without a provider (tests, a page
 * rendered on its own) each host gets one service of its own (the form widgets' per-host service), built
 * over the host's storage, so the cache is still the shared UI_CACHE_DB_DICT_DATA key.
 */
import { createContext, useContext } from 'react';
import type { DictService } from './dictService';
import type { Host } from '../host/types';
import { dictServiceFor } from './hostDict';

const DictServiceContext = createContext<DictService | null>(null);

export const DictServiceProvider = DictServiceContext.Provider;

export function useDictService(host: Host): DictService {
  return useContext(DictServiceContext) ?? dictServiceFor(host);
}
