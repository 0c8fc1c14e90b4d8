import { createContext, useContext } from 'react';
import type { RouteRecord } from '../router/types';

export interface PageRecord {
  record: RouteRecord;
  params: Record<string, string>;
  /** The page's own full path (its tab key): stays put while a kept-alive page is hidden. */
  fullPath: string;
}

/** The page a view is rendered for, provided by the layout around each page it shows. */
export const PageRecordContext = createContext<PageRecord | null>(null);

export function usePageRecord(): PageRecord | null {
  return useContext(PageRecordContext);
}
