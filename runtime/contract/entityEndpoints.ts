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
  /** The rows deleted into the recycle bin (entity.recycleBin perRow, the default; JeecgBoot's SysDict). */
  deleteList: 'deleteList',
  /** PUT …/back/{id}: 还原 a row from the recycle bin. */
  back: 'back',
  /** DELETE …/deletePhysic/{id}: 彻底删除 a row in the recycle bin. */
  deletePhysic: 'deletePhysic',
  /** The recycle bin of entity.recycleBin batch (JeecgBoot's SysUser): the deleted rows, … */
  recycleBin: 'recycleBin',
  /** … PUT 还原 of several rows (body {<idsParam>: 'a,b'}) … */
  putRecycleBin: 'putRecycleBin',
  /** … and DELETE 彻底删除 of several (?<idsParam>=a,b). */
  deleteRecycleBin: 'deleteRecycleBin',
} as const;

export type EntityEndpoint = keyof typeof ENTITY_ENDPOINTS;

/** The path of one generic endpoint of the entity at `apiPath`, e.g. `/mnt/expert/list`. */
export function entityEndpoint(apiPath: string, endpoint: EntityEndpoint): string {
  return `${apiPath}/${ENTITY_ENDPOINTS[endpoint]}`;
}
