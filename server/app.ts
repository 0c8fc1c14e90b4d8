import fs from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { CompiledPage } from '../runtime/schema/compiledPage';
import type { ServerConfig } from './config';
import type { Database } from './db/open';
import { accountRoutes } from './auth/accountRoutes';
import { randomCaptchaCode, type CaptchaCodeSource } from './auth/captcha';
import { installAuthGuard } from './auth/guard';
import { loginRoutes } from './auth/loginRoutes';
import { unlockRoutes } from './auth/unlockRoutes';
import { entityRoutes, MAX_UPLOAD_BYTES } from './crud/entity';
import { fillRulePreviewPermissions } from './crud/entity/fillRules';
import { fileRoutes } from './files';
import { JobScheduler, type BuiltinJob } from './jobs';
import { jobRoutes } from './jobs/jobRoutes';
import { watchRowActionRoutes } from './crud/rowActionRoutes';
import { configJsRoutes } from './http/configJs';
import './http/context';
import { installErrorHandlers } from './http/errors';
import { acceptEmptyJsonBodies } from './http/jsonBody';
import { withRedactedRequests } from './http/logRedaction';
import { refuseNulCharacters } from './http/nulGuard';
import { requireInputSchemas } from './http/routeSchema';
import { installSecurityHeaders } from './http/securityHeaders';
import { webAppRoutes } from './http/webApp';
import { installNoticeHub } from './realtime/noticeHub';
import { noticeSocketRoutes } from './realtime/noticeSocketRoutes';
import { onlineReportRoutes, type CompiledReport } from './online';
import { installVxeHub } from './realtime/vxeHub';
import { installSessionSockets } from './realtime/sessionSockets';
import { vxeSocketRoutes } from './realtime/vxeSocketRoutes';
import { gridSocketPages } from './realtime/gridSocketPages';
import { registerWebSockets } from './realtime/webSockets';
import { announcementRoutes } from './sys/announcementRoutes';
import { uniqueColumnsOf } from './sys/duplicateCheck';
import { checkRoutes } from './sys/checkRoutes';
import { DictionaryCache } from './sys/dict/dictionaryCache';
import { dictRoutes } from './sys/dict/dictRoutes';
import { categoryRoutes } from './sys/category/categoryRoutes';
import { treeRoutes } from './sys/tree/treeRoutes';
import { TreeTables } from './sys/tree/treeTables';
import { fillRuleRoutes } from './sys/fillRule';
import { permissionRoutes } from './sys/permissionRoutes';
import { orgRoutes } from './sys/org';
import { superQueryRoutes } from './sys/superQueryRoutes';
import { userEntityHooks } from './sys/user/userHooks';
import { userRoutes } from './sys/user/userRoutes';

export interface BuildAppOptions {
  config: ServerConfig;
  database: Database;
  /** Fastify logger options (token query parameters are redacted from logged URLs); off when omitted (tests). */
  logger?: boolean | object;
  /** Where captcha texts come from; tests pass a fixed one to sign in through the real captcha. */
  captchaCode?: CaptchaCodeSource;
  /**
   * Entity pages (server/crud/pages.ts loadEntityPages) whose generic endpoints to serve; their
   * tables must exist (applyPageTables). None when omitted.
   */
  pages?: readonly CompiledPage[];
  /** Online reports over those pages (server/online loadReports); loaded from schemas/reports when omitted. */
  reports?: readonly CompiledReport[];
  /** Run the enabled 定时任务 (server/jobs) from `ready` until `close`; off when omitted (tests drive ticks). */
  jobScheduler?: boolean;
  /** The 定时任务 runner's clock and job classes (scheduler and 立即执行); tests pass a fake clock. */
  jobRunner?: { now?: () => number; jobs?: ReadonlyMap<string, BuiltinJob> };
}

/**
 * The whole HTTP application on an open, migrated database. The caller owns the database and
 * closes it after `app.close()`. Routes are not frozen yet when this returns (Fastify finishes on
 * `ready()`/`listen()`/`inject()`), so every later route still passes through the auth guard.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: withRedactedRequests(opts.logger ?? false),
    // Menu and dictionary codes travel in path segments (e.g. `sys_user,realname,id`).
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    bodyLimit: 10 * 1024 * 1024,
    // request.ip is the client's address only behind a proxy named here (sign-in limits count by it).
    trustProxy: config.trustProxy,
  });

  app.decorate('db', database.db);
  app.decorate('appConfig', config);
  app.decorate('dictionaries', new DictionaryCache(database.db, config.dictCacheMs));

  installErrorHandlers(app);
  await installSecurityHeaders(app);
  acceptEmptyJsonBodies(app);
  refuseNulCharacters(app);
  installAuthGuard(app);
  requireInputSchemas(app);
  installNoticeHub(app, database);
  installVxeHub(app, database);
  installSessionSockets(app, database);
  if (opts.jobScheduler) {
    const scheduler = new JobScheduler({ db: database.db, log: app.log, ...opts.jobRunner });
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  }
  // One WebSocket server (one upgrade listener) for every socket route plugin.
  await registerWebSockets(app);
  // Excel imports upload files; registered once for every route that reads parts.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 20 } });

  const checkRowActionRoutes = watchRowActionRoutes(app, config.apiBase, opts.pages ?? []);
  const api = { prefix: config.apiBase };
  await app.register(loginRoutes, { ...api, captcha: config.captcha, captchaCode: opts.captchaCode ?? randomCaptchaCode });
  await app.register(accountRoutes, api);
  await app.register(unlockRoutes, api);
  await app.register(userRoutes, api);
  await app.register(permissionRoutes, api);
  const trees = new TreeTables(opts.pages ?? []);
  await app.register(dictRoutes, { ...api, pages: opts.pages ?? [] });
  await app.register(treeRoutes, { ...api, trees });
  await app.register(categoryRoutes, api);
  await app.register(checkRoutes, { ...api, uniqueColumns: uniqueColumnsOf(opts.pages ?? []) });
  await app.register(announcementRoutes, api);
  await app.register(fillRuleRoutes, { ...api, previewPermissions: fillRulePreviewPermissions(opts.pages ?? []) });
  await app.register(orgRoutes, api);
  await app.register(superQueryRoutes, api);
  await app.register(noticeSocketRoutes, api);
  await app.register(vxeSocketRoutes, { ...api, gridPages: gridSocketPages(opts.pages ?? []) });
  await app.register(fileRoutes, { ...api, pages: opts.pages ?? [] });
  await app.register(jobRoutes, { ...api, log: app.log, ...opts.jobRunner });
  if (opts.pages && opts.pages.length > 0) await app.register(entityRoutes, { ...api, pages: opts.pages, hooks: { '/sys/user': userEntityHooks(app) } });
  if (opts.pages && opts.pages.length > 0) await app.register(onlineReportRoutes, { ...api, pages: opts.pages, reports: opts.reports });
  checkRowActionRoutes();
  await app.register(configJsRoutes, { apiBase: config.apiBase, signatureSecret: config.signatureSecret });
  if (config.webDir && fs.existsSync(config.webDir)) {
    await app.register(webAppRoutes, { webDir: config.webDir, apiBase: config.apiBase });
  }
  return app;
}
