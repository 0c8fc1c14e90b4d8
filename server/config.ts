import path from 'node:path';

/** Server configuration, read once from the environment (see README "Configuration"). */
export interface ServerConfig {
  port: number;
  host: string;
  apiBase: string;
  dataDir: string;
  databaseUrl: string | undefined;
  captcha: boolean;
  demo: boolean;
  adminPassword: string | undefined;
  /** Built web app folder served at `/`; absent in API-only test runs. */
  webDir: string | undefined;
  logLevel: string;
}

export class ConfigError extends Error {}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  const v = value.toLowerCase();
  if (v === 'on' || v === 'true' || v === '1') return true;
  if (v === 'off' || v === 'false' || v === '0') return false;
  throw new ConfigError(`环境变量 ${name} 只能是 on 或 off，当前为 "${value}"`);
}

function normaliseBase(base: string): string {
  const trimmed = base.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`环境变量 PORT 不是有效端口: "${env.PORT}"`);
  }
  const demo = flag('DEMO', env.DEMO, true);
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (!demo && !adminPassword) {
    throw new ConfigError('DEMO=off 时必须设置 ADMIN_PASSWORD（管理员 admin 的初始密码）');
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    apiBase: normaliseBase(env.API_BASE ?? '/insurance'),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    captcha: flag('CAPTCHA', env.CAPTCHA, true),
    demo,
    adminPassword,
    webDir: env.WEB_DIR === '' ? undefined : path.resolve(env.WEB_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
