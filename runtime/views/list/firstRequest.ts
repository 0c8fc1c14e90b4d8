/**
 * The first list request of a schema page, known from the compiled page and the page's address
 * alone — before anything renders. Built by the very functions the page uses (page header state,
 * list config, the URL's query, the controller's parameters), so it is the request SchemaPage's list
 * will send when it loads; the route sends it early (runtime/list/prefetch.ts) and the controller
 * takes its answer. Pages without a list of rows (a tree manager, a grid) have none.
 */
import { buildListParams } from '../../list/params';
import { prefetchList } from '../../list/prefetch';
import { normalizeQuery, readListQuery } from '../../list/url';
import type { HostRequest, RequestParams } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';
import { headerParams, readHeaderState } from '../layout/pageHeaderState';
import { listConfigOf } from './listConfig';

export interface FirstListRequest {
  url: string;
  params: RequestParams;
}

export interface PageAddress {
  /** The page's search string ('' or '?…'), as the route hands it to SchemaPage. */
  search: string;
  /** The named view the menu item opens (`views[]` key). */
  view?: string;
}

export function firstListRequest(page: CompiledPage, { search, view }: PageAddress): FirstListRequest | undefined {
  if (page.document.treeManage || page.document.grid) return undefined;
  if (view !== undefined && !page.views.some((v) => v.key === view)) return undefined;
  const header = page.header ? headerParams(page.header, readHeaderState(page.header, search)) : {};
  const baseParams = view === undefined ? header : { ...header, view };
  // SchemaList keys its config by the parameters' JSON text; the same round trip here.
  const config = listConfigOf(page, undefined, JSON.parse(JSON.stringify(baseParams)) as RequestParams);
  const url = config.url.list;
  if (!url) return undefined;
  const query = normalizeQuery(readListQuery(search, config), config);
  return { url, params: buildListParams(query, config) };
}

/**
 * Sends the page's first list request now (once; the list's controller takes the answer). Resolves
 * once the answer is in; undefined for a page without a list request.
 */
export function prefetchFirstList(request: Pick<HostRequest, 'get'>, page: CompiledPage, address: PageAddress): Promise<void> | undefined {
  const first = firstListRequest(page, address);
  return first ? prefetchList(request, first.url, first.params) : undefined;
}
