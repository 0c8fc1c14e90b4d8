/**
 * A compiled page → the list controller's config and the page's other endpoints. Paths follow the
 * generic CRUD contract: `{apiPath}/list|delete|deleteBatch|exportXls|exportXlsTemplate|importExcel`.
 */
import { entityEndpoint } from '../../contract/entityEndpoints';
import type { RequestParams } from '../../host/types';
import type { ListConfig } from '../../list/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';

export interface PageUrls {
  list: string;
  delete: string;
  deleteBatch: string;
  exportXls: string;
  template: string;
  importExcel: string;
  add: string;
  edit: string;
  queryById: string;
}

export function pageUrls(page: CompiledPage): PageUrls {
  const base = page.entity.apiPath;
  return {
    list: entityEndpoint(base, 'list'),
    delete: entityEndpoint(base, 'delete'),
    deleteBatch: entityEndpoint(base, 'deleteBatch'),
    exportXls: entityEndpoint(base, 'exportXls'),
    template: entityEndpoint(base, 'exportXlsTemplate'),
    importExcel: entityEndpoint(base, 'importExcel'),
    add: entityEndpoint(base, 'add'),
    edit: entityEndpoint(base, 'edit'),
    queryById: entityEndpoint(base, 'queryById'),
  };
}

/** Every dictionary the list shows or queries with: prefetched once, before the rows are shown. */
export function listDictCodes(page: CompiledPage): string[] {
  const codes = new Set<string>();
  for (const column of page.list.columns) {
    if (column.format === 'dictText' && column.field.dict) codes.add(column.field.dict.dictCode);
  }
  for (const item of page.list.query) {
    if (item.field.dict) codes.add(item.field.dict.dictCode);
  }
  return [...codes];
}

export function listConfigOf(page: CompiledPage, prefetch?: () => Promise<unknown>, baseParams?: RequestParams): ListConfig {
  const urls = pageUrls(page);
  return {
    url: { list: urls.list, delete: urls.delete, deleteBatch: urls.deleteBatch, exportXls: urls.exportXls },
    queryFields: page.list.query.map((item) => ({ field: item.field.name, mode: item.mode })),
    columns: page.list.columns.map((column) => column.field.name),
    defaultSort: { column: page.list.defaultSort.field.name, order: page.list.defaultSort.order },
    defaultPageSize: page.list.pageSize,
    pageSizeOptions: page.list.pageSizeOptions,
    exportFileName: page.entity.title,
    ...(prefetch ? { prefetch } : {}),
    ...(baseParams && Object.keys(baseParams).length > 0 ? { baseParams } : {}),
  };
}
