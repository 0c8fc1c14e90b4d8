/**
 * Generic CRUD of schema-described entities (issue 3, "Server"): one set of JeecgBoot endpoints per
 * page of schemas/pages, validated by the same page the form renders.
 *
 *   const pages = loadEntityPages();                      // server/crud/pages.ts
 *   await applyPageTables(db, pages);                      // after migrateToLatest
 *   await app.register(entityRoutes, { prefix: apiBase, pages });
 *
 * Write path (HTTP, import and seed alike): EntityService.add/edit → checkRecord (types, required,
 * lengths, rules, dictionaries) → unique values against the database → insert/update with the audit
 * fields (create_by/update_by = username, times = now(), sys_org_code = the user's org code) and,
 * for tenant-scoped pages, tenant_id from the `tenant-id` header.
 */
export { entityRoutes, MAX_UPLOAD_BYTES, type EntityRoutesOptions, type EntityServerModule } from './routes';
export type { EntityHooks } from './hooks';
export { EntityService, EntityValidationError, entityService, duplicateMessage, NOT_FOUND_RECORD } from './service';
export { EntityDictionaries, type CodeDictionaries } from './dictionaries';
export { entityModel, type EntityModel } from './model';
export { EntityStore, type Actor } from './store';
export { checkRecord, describeFieldErrors, type FieldError } from './validate';
export { toRecords, wireValue } from './records';
export { ImportErrorFiles, ERROR_FILE_TTL_MS, ERROR_FILES_FOLDER } from './errorFiles';
export { importFiles, importFailureMessage, excelColumns, exportRecords, exportRecordBatches } from './excelIo';
