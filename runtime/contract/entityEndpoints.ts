/**
 * The generic endpoints every entity page has under its `apiPath` (JeecgBoot's generated controller,
 * contract §1.3): the server registers them (server/crud/entity), the pages call them (runtime/views).
 */
export const ENTITY_ENDPOINTS = {
  list: 'list',
  queryById: 'queryById',
  add: 'add',
  edit: 'edit',
  delete: 'delete',
  deleteBatch: 'deleteBatch',
  exportXls: 'exportXls',
  exportXlsTemplate: 'exportXlsTemplate',
  importExcel: 'importExcel',
  /** The workbook of an import's refused rows, named in importExcel's answer. */
  importErrorFile: 'importErrorFile',
  /** A tree page's children of one node (`?pid=`). */
  childList: 'childList',
  /** An editable grid's save: new, changed and removed rows together (all or nothing). */
  saveBatch: 'saveBatch',
  /** A page with a recycle bin (entity.recycleBin): its deleted rows, 还原 and 彻底删除. */
  recycleBin: 'recycleBin',
  putRecycleBin: 'putRecycleBin',
  deleteRecycleBin: 'deleteRecycleBin',
} as const;

export type EntityEndpoint = keyof typeof ENTITY_ENDPOINTS;

/** The path of one generic endpoint of the entity at `apiPath`, e.g. `/mnt/expert/list`. */
export function entityEndpoint(apiPath: string, endpoint: EntityEndpoint): string {
  return `${apiPath}/${ENTITY_ENDPOINTS[endpoint]}`;
}
