import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, readConfig, type ServerConfig } from './config';
import type { CompiledPage } from '../runtime/schema/compiledPageTypes';
import { loadEntityPages, PageLoadError } from './crud/pages';
import { DataDirLockedError } from './db/lock';
import { prepareDatabase } from './db/prepare';
import { openDatabase, type Database } from './db/open';
import { chineseSearchWarning, readCharacterTypes } from './db/characterTypes';
import { loadReports, ReportLoadError, type CompiledReport } from './reports';
import { registrationOpen } from './sys/setting/settings';

const DEMO_LOGINS = [
  ['admin', '管理员'],
  ['zhangsan', '张三'],
  ['lisi', '李四'],
  ['wangwu', '王五'],
] as const;

function readConfigOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function openDatabaseOrExit(config: ServerConfig): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, limits: config.databaseLimits, poolMax: config.databasePoolMax, namedStatements: config.databaseNamedStatements });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

function printWelcome(config: ServerConfig): void {
  const lines = [``, `lossdesk 公估业务管理系统 已启动: http://localhost:${config.port}/`];
  if (config.demo) {
    lines.push('演示账号（密码均为 123456）:');
    for (const [username, name] of DEMO_LOGINS) lines.push(`  ${username.padEnd(10)} 123456  ${name}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const config = readConfigOrExit();
  const logger = pino({ level: config.logLevel });
  // A broken page file stops the start with every error listed (file#pointer message).
  let pages: CompiledPage[];
  try {
    pages = loadEntityPages();
  } catch (err) {
    if (err instanceof PageLoadError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let reports: CompiledReport[];
  try {
    reports = loadReports(pages);
  } catch (err) {
    if (err instanceof ReportLoadError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabaseOrExit(config);
  try {
    const prepared = await prepareDatabase(database.db, {
      pages,
      seed: { demo: config.demo, adminPassword: config.adminPassword },
      addMenus: true,
      settings: { registration: config.registration },
    });
    if (prepared.migrations.length > 0) logger.info({ migrations: prepared.migrations }, '数据库迁移完成');
    if (prepared.tables.length > 0) logger.info({ tables: prepared.tables }, '实体表已同步');
    // Rows written before the file reference table (or before a field held files) are read in once.
    if (prepared.referenced.length > 0) logger.info({ tables: prepared.referenced }, '已登记实体表引用的文件');
    if (prepared.menus.length > 0) logger.info({ menus: prepared.menus }, '新页面已加入菜单（已授权给 admin）');
    if (prepared.indexes.length > 0) logger.info({ indexes: prepared.indexes }, '已建立页面条件所需的索引');
    for (const note of prepared.notes) logger.warn(note);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  if (!config.captcha) logger.warn('验证码已关闭 (CAPTCHA=off)：仅用于自动化客户端');
  const characterTypes = await readCharacterTypes(database.db);
  if (!characterTypes.indexesChinese) logger.warn({ ctype: characterTypes.ctype }, chineseSearchWarning(characterTypes));
  // REGISTRATION only gave the switch its first value; an operator expecting it to decide is told.
  const registrationOn = await registrationOpen(database.db);
  if (config.registration !== undefined && config.registration !== registrationOn) {
    logger.warn(
      `环境变量 REGISTRATION=${config.registration ? 'on' : 'off'} 仅决定开放注册的初始值；当前由 系统管理 › 系统设置 决定：${registrationOn ? '已开启' : '已关闭'}`,
    );
  }

  // Request logs are written without blocking the event loop (two lines per request at info: a
  // synchronous write each cost ≈ 5 % of a busy node's CPU), gathered up to 4 kB a write (a write
  // per line was still ≈ 3 % under the 200-user load test) and at most a second late; pino flushes
  // what is left at exit.
  const logStream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const flushLogs = setInterval(() => logStream.flush(), 1000);
  flushLogs.unref();
  const app = await buildApp({ config, database, logger: { level: config.logLevel, stream: logStream }, pages, reports, jobScheduler: true });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(flushLogs);
    logger.info({ signal }, '正在停止服务');
    // Requests still waiting on the database when the time is up are ended with the process; a data
    // folder lock left behind names a dead process and is taken over at the next start.
    setTimeout(() => {
      logger.error({ timeoutMs: config.shutdownTimeoutMs }, '停止超时：仍有请求未完成，强制退出');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      await app.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    logger.error({ err }, '无法监听端口');
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  printWelcome(config);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
