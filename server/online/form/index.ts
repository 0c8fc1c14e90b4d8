/**
 * 表单开发 (issue 17): online forms whose stored configuration is a page document, validated by the
 * runtime's loader, synced through the entity migration of file pages and served by the same generic
 * endpoints (server/crud/entity/routes.ts registerEntityEndpoints).
 *
 *   const forms = createOnlineForms(app, { pages, databaseKind });
 *   await app.register(onlineFormModule, { prefix: apiBase, forms });
 *
 * The page schemas/pages/online/cgformHead.json lists and edits the heads through the generic CRUD
 * (with cgformHeadHooks registered for onl_cgform_head).
 */
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { ERROR_FILES_FOLDER, ImportErrorFiles } from '../../crud/entity';
import { cgformHeadRoutes } from './headRoutes';
import { onlineFormRoutes } from './formRoutes';
import { OnlineForms } from './servedForms';

export { cgformHeadHooks } from './headHooks';
export type { OnlineForms } from './servedForms';

export interface OnlineFormsOptions {
  /** The file pages: an online form's table dictionary may name one of their tables. */
  pages: readonly CompiledPage[];
  databaseKind: 'pglite' | 'postgres';
}

/** The online forms of the app (made before the routes that ask about them, such as 重复校验). */
export function createOnlineForms(app: FastifyInstance, opts: OnlineFormsOptions): OnlineForms {
  const { uploadDir, importErrorFileMaxBytes, importErrorFilesMaxBytes } = app.appConfig;
  // The online forms' refused-row workbooks sweep a folder of their own beside the file pages'.
  const errorFiles = new ImportErrorFiles(path.join(uploadDir, `${ERROR_FILES_FOLDER}-online`), {
    maxFileBytes: importErrorFileMaxBytes,
    maxTotalBytes: importErrorFilesMaxBytes,
  });
  errorFiles.start();
  app.addHook('onClose', async () => errorFiles.stop());
  const forms = new OnlineForms(app, opts.pages, {
    errorFiles,
    servedElsewhere: new Set(),
    exportSession: opts.databaseKind === 'pglite' ? 'shared' : 'pooled',
  });
  // Every synced form is served from the start; a broken one is logged, not fatal.
  app.addHook('onReady', async () => forms.loadAll());
  return forms;
}

export const onlineFormModule: FastifyPluginAsync<{ forms: OnlineForms }> = async (app, { forms }) => {
  await app.register(cgformHeadRoutes, { forms });
  await app.register(onlineFormRoutes, { forms });
};
