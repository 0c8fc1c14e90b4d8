import fs from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import { PageModels } from './crud/entity/pageModels';
import { dashboardRoutes } from './dashboard/dashboardRoutes';
import { businessMonitorRoutes } from './examples/businessMonitorRoutes';
import { CASE_PAGE } from '../runtime/dashboard/figures';
import Fastify, { type FastifyInstance } from 'fastify';
import type { CompiledPage } from '../runtime/schema/compiledPageTypes';
import type { ServerConfig } from './config';
import type { Database } from './db/open';
import { accountRoutes } from './auth/accountRoutes';
import { randomCaptchaCode, type CaptchaCodeSource } from './auth/captcha';
import { AuthCache, ownHandle, useAuthCache } from './auth/authCache';
import { installAuthGuard } from './auth/guard';
import { loginRoutes } from './auth/loginRoutes';
import { thirdLoginRoutes } from './auth/third/thirdLoginRoutes';
import { casRoutes } from './auth/third/casValidate';
import { smsRoutes } from './auth/smsRoutes';
import { registerRoutes } from './auth/registerRoutes';
import { passwordResetRoutes } from './auth/passwordResetRoutes';
import { unlockRoutes } from './auth/unlockRoutes';
import { entityRoutes, MAX_UPLOAD_BYTES } from './crud/entity';
import { fillRulePreviewPermissions } from './crud/entity/fillRules';
import { fileRoutes } from './files';
import { emlRoutes } from './receive/emlRoutes';
import { JobScheduler, type BuiltinJob } from './jobs';
import { jobRoutes } from './jobs/jobRoutes';
import { watchRowActionRoutes } from './crud/rowActionRoutes';
import { isServedByModule } from './crud/servedPages';
import { configJsRoutes } from './http/configJs';
import './http/context';
import { installAdmission } from './http/admission';
import { installErrorHandlers } from './http/errors';
import { acceptEmptyJsonBodies } from './http/jsonBody';
import { withRedactedRequests } from './http/logRedaction';
import { refuseNulCharacters } from './http/nulGuard';
import { requireInputSchemas } from './http/routeSchema';
import { installSecurityHeaders } from './http/securityHeaders';
import { webAppRoutes } from './http/webApp';
import { installNoticeHub } from './realtime/noticeHub';
import { noticeSocketRoutes } from './realtime/noticeSocketRoutes';
import { onlineReportRoutes, type CompiledReport } from './reports';
import { installGridLiveHub } from './realtime/gridLiveHub';
import { gridLiveSocketRoutes } from './realtime/gridLiveSocketRoutes';
import { installSessionSockets } from './realtime/sessionSockets';
import { onlineRoutes } from './sys/online/onlineRoutes';
import { tenantRoutes } from './sys/tenant/tenantRoutes';
import { gridSocketPages } from './realtime/gridSocketPages';
import { registerWebSockets } from './realtime/webSockets';
import { announcementRoutes, ANNOUNCEMENT_OWN_ROUTES } from './sys/announcementRoutes';
import { announcementAdminRoutes } from './sys/announcementAdminRoutes';
import { messageRoutes } from './messages/messageRoutes';
import { logSmsSender, type SmsSender } from './messages/channels';
import { outboxSmsSender } from './messages/outboxSmsSender';
import { uniqueColumnsOf } from './sys/duplicateCheck';
import { checkRoutes } from './sys/checkRoutes';
import { DictionaryCache, DICTIONARY_TABLES } from './sys/dict/dictionaryCache';
import { dictRoutes } from './sys/dict/dictRoutes';
import { categoryRoutes } from './sys/category/categoryRoutes';
import { treeRoutes } from './sys/tree/treeRoutes';
import { TreeTables } from './sys/tree/treeTables';
import { fillRuleRoutes } from './sys/fillRule';
import { guardFillRulesInUse } from './sys/fillRule/inUseGuard';
import { permissionRoutes } from './sys/permissionRoutes';
import { permissionMenuRoutes } from './sys/permission/menuRoutes';
import { rolePermissionRoutes } from './sys/permission/rolePermissionRoutes';
import { dataRuleRoutes } from './sys/permission/dataRuleRoutes';
import { roleDataRuleRoutes } from './sys/role/roleDataRuleRoutes';
import { roleDeleteRefusal } from './sys/role/roleInUse';
import { userEntityHooks } from './sys/user/userHooks';
import { FINANCE_COMPANIONS, FINANCE_HOOKS } from './finance';
import { userRoutes } from './sys/user/userRoutes';
import { settingRoutes } from './sys/setting/settingRoutes';
import { thirdAccountRoutes } from './sys/user/thirdAccountRoutes';
import { roleRoutes } from './sys/role/roleRoutes';
import { orgRoutes } from './sys/org';
import { superQueryRoutes } from './sys/superQueryRoutes';
import { installOperationLog, logRoutes } from './sys/log';
import { lazySecretBox } from './secrets/secretKey';
import { DataSources } from './sys/dataSource/dataSources';
import { cgreportHeadHooks, cgreportHeadRoutes } from './online/report';
import { dataSourceRoutes } from './sys/dataSource/dataSourceRoutes';
import { NodeHeartbeat, nodeAddress, type BeatSchedule } from './sys/serviceNode/heartbeat';
import { serviceNodeRoutes } from './sys/serviceNode/serviceNodeRoutes';
import { installNodeMonitor } from './monitor/nodeMonitor';
import { monitorRoutes, TRACE_SCREEN_PATH } from './monitor/monitorRoutes';
import { cgformHeadHooks, createOnlineForms, onlineFormModule } from './online/form';

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
  /** Online reports over those pages (server/reports loadReports); loaded from schemas/reports when omitted. */
  reports?: readonly CompiledReport[];
  /** Run the enabled 定时任务 (server/jobs) from `ready` until `close`; off when omitted (tests drive ticks). */
  jobScheduler?: boolean;
  /** The 定时任务 runner's clock and job classes (scheduler and 立即执行); tests pass a fake clock. */
  jobRunner?: { now?: () => number; jobs?: ReadonlyMap<string, BuiltinJob> };
  /** Where 短信 (消息模板 type 短信) go; default the server log. A provider implements SmsSender. */
  smsSender?: SmsSender;
  /** The clock of sessions (idle timeout) and text-message codes (life, sending limits); tests move one by hand. */
  clock?: () => number;
  /** When the 服务节点 heartbeat fires (default every NODE_HEARTBEAT_MS); tests pass one they drive by hand. */
  heartbeatSchedule?: BeatSchedule;
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

  // Sessions, permission codes, data rules and menus are cached per node (this app's own handle
  // finds its cache); every write to their tables empties it here and, by NOTIFY, on the other nodes.
  const authCache = new AuthCache(config.authCacheMs, app.log);
  const db = ownHandle(database.db);
  useAuthCache(db, authCache);
  app.addHook('onReady', () => authCache.start(database, db));
  app.addHook('onClose', () => authCache.stop());
  app.decorate('db', db);
  app.decorate('appConfig', config);
  app.decorate('now', opts.clock ?? Date.now);
  app.decorate('dictionaries', new DictionaryCache(db, config.dictCacheMs));
  app.decorate(
    'secrets',
    lazySecretBox({ configured: config.secretKey, dataDir: config.dataDir, sharedDatabase: config.databaseUrl !== undefined, warn: (message) => app.log.warn(message) }),
  );

  app.decorate('dataSources', new DataSources(db, app.secrets));
  // 服务节点: this node's row is written once it listens (an app only injected into never does).
  const heartbeat = new NodeHeartbeat(db, {
    heartbeatMs: config.heartbeatMs,
    databaseKind: database.kind,
    schedule: opts.heartbeatSchedule,
    onError: (err) => app.log.warn({ err }, '服务节点心跳写入失败'),
  });
  app.addHook('onListen', async () => {
    const bound = app.server.address();
    const port = typeof bound === 'object' && bound ? bound.port : config.port;
    const host = typeof bound === 'object' && bound ? bound.address : config.host;
    await heartbeat.start(nodeAddress(host, port));
  });
  app.addHook('onClose', async () => {
    await heartbeat.stop().catch((err: unknown) => app.log.warn({ err }, '服务节点记录删除失败'));
  });

  // 系统监控: the request trace and HTTP counters see every request, so their hooks come first.
  const nodeMonitor = installNodeMonitor(app, `${config.apiBase}${TRACE_SCREEN_PATH}/`);
  installErrorHandlers(app);
  await installSecurityHeaders(app);
  // Before the auth guard: its session reads are work the limit counts like any other.
  installAdmission(app, { concurrency: config.apiConcurrency, queueMax: config.apiQueueMax });
  acceptEmptyJsonBodies(app);
  refuseNulCharacters(app);
  installAuthGuard(app);
  installOperationLog(app, { apiBase: config.apiBase, pages: opts.pages ?? [] });
  requireInputSchemas(app);
  installNoticeHub(app, database);
  installGridLiveHub(app, database);
  installSessionSockets(app, database);
  if (opts.jobScheduler) {
    const scheduler = new JobScheduler({ db, log: app.log, ...opts.jobRunner });
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  }
  // One WebSocket server (one upgrade listener) for every socket route plugin.
  await registerWebSockets(app);
  // Excel imports upload files; registered once for every route that reads parts.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 20 } });

  const checkRowActionRoutes = watchRowActionRoutes(app, config.apiBase, opts.pages ?? []);
  // Pages served by a named module own no table: the table-reading parts see only the generic pages.
  const tablePages = (opts.pages ?? []).filter((page) => !isServedByModule(page));
  // Row conditions (views, scopes, scopedBy) may name another page's rows.
  app.decorate('pageModels', new PageModels(tablePages));
  guardFillRulesInUse(app, config.apiBase, tablePages);
  const api = { prefix: config.apiBase };
  // One sender of text messages for 消息 and the sign-in codes: a provider, the SMS_OUTBOX file, or the log.
  const smsSender = opts.smsSender ?? (config.smsOutbox ? outboxSmsSender(config.smsOutbox) : logSmsSender(app.log));
  await app.register(loginRoutes, { ...api, captcha: config.captcha, captchaCode: opts.captchaCode ?? randomCaptchaCode });
  await app.register(thirdLoginRoutes, { ...api, oidc: config.oidc, cas: config.cas });
  await app.register(casRoutes, { ...api, cas: config.cas });
  await app.register(accountRoutes, api);
  await app.register(smsRoutes, { ...api, smsSender });
  await app.register(registerRoutes, api);
  await app.register(passwordResetRoutes, api);
  await app.register(unlockRoutes, api);
  await app.register(userRoutes, api);
  await app.register(settingRoutes, api);
  await app.register(thirdAccountRoutes, api);
  await app.register(permissionRoutes, api);
  const trees = new TreeTables(tablePages);
  await app.register(dictRoutes, { ...api, pages: tablePages });
  await app.register(treeRoutes, { ...api, trees });
  await app.register(categoryRoutes, api);
  // 表单开发's online forms: served at run time, so their unique columns are asked of them.
  const onlineForms = createOnlineForms(app, { pages: tablePages, databaseKind: database.kind });
  await app.register(checkRoutes, { ...api, uniqueColumns: uniqueColumnsOf(tablePages), moreUniqueColumns: (table) => onlineForms.uniqueColumns(table) });
  await app.register(announcementRoutes, api);
  await app.register(announcementAdminRoutes, api);
  await app.register(messageRoutes, { ...api, smsSender });
  await app.register(fillRuleRoutes, { ...api, previewPermissions: fillRulePreviewPermissions(tablePages) });
  await app.register(orgRoutes, api);
  await app.register(onlineRoutes, api);
  await app.register(tenantRoutes, api);
  await app.register(dataSourceRoutes, { ...api, dataSources: app.dataSources });
  await app.register(serviceNodeRoutes, { ...api, heartbeat });
  await app.register(monitorRoutes, { ...api, monitor: nodeMonitor, database, pages: opts.pages ?? [] });
  await app.register(superQueryRoutes, api);
  await app.register(logRoutes, { ...api, pages: opts.pages ?? [] });
  await app.register(rolePermissionRoutes, api);
  await app.register(roleRoutes, api);
  await app.register(roleDataRuleRoutes, api);
  await app.register(noticeSocketRoutes, api);
  await app.register(gridLiveSocketRoutes, { ...api, gridPages: gridSocketPages(tablePages) });
  await app.register(fileRoutes, { ...api, pages: tablePages });
  await app.register(jobRoutes, { ...api, log: app.log, ...opts.jobRunner });
  await app.register(emlRoutes, { ...api, pages: tablePages });
  // A write through the 数据字典 pages is seen by the next dictionary read on this node (other nodes: DICT_CACHE_MS).
  const onWrite = (table: string) => {
    if (DICTIONARY_TABLES.has(table)) app.dictionaries.invalidate();
  };
  if (tablePages.length > 0) await app.register(entityRoutes, {
      ...api,
      pages: tablePages,
      databaseKind: database.kind,
      onWrite,
      servedElsewhere: ANNOUNCEMENT_OWN_ROUTES,
      modules: { permissionMenu: permissionMenuRoutes },
      hooks: {
        ...FINANCE_HOOKS,
        sys_role: { deleteRefusal: roleDeleteRefusal },
        onl_cgform_head: cgformHeadHooks,
        sys_user: userEntityHooks(app),
        // Pools of an edited or deleted data source end at once on this node (other nodes: at their
        // next use, when the row no longer matches); 测试连接 leaves them alone.
        sys_data_source: { afterEdit: () => app.dataSources.closeAll(), afterDelete: () => app.dataSources.closeAll() },
        onl_cgreport_head: cgreportHeadHooks,
      },
      companions: { sys_permission_data_rule: dataRuleRoutes, onl_cgreport_head: cgreportHeadRoutes, ...FINANCE_COMPANIONS },
    });
  // 表单开发's endpoints and the online forms it serves (/online/form/<name>/…, /online/cgform/api/…).
  await app.register(onlineFormModule, { ...api, forms: onlineForms });
  if (tablePages.length > 0) await app.register(onlineReportRoutes, { ...api, pages: tablePages, reports: opts.reports });
  if (tablePages.some((p) => `${p.entity.module}/${p.entity.name}` === CASE_PAGE)) await app.register(dashboardRoutes, { ...api, pages: tablePages });
  // 示例 → 监控页: served when its page is loaded (entity.servedBy businessMonitor).
  if ((opts.pages ?? []).some((p) => p.document.entity.servedBy === 'businessMonitor')) {
    await app.register(businessMonitorRoutes, { ...api, pages: tablePages, monitor: nodeMonitor });
  }
  checkRowActionRoutes();
  await app.register(configJsRoutes, { apiBase: config.apiBase, signatureSecret: config.signatureSecret });
  if (config.webDir && fs.existsSync(config.webDir)) {
    await app.register(webAppRoutes, { webDir: config.webDir, apiBase: config.apiBase });
  }
  return app;
}
