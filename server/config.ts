import path from 'node:path';
import { DEFAULT_DATABASE_LIMITS, type DatabaseLimits } from './db/open';
import { passwordPolicyError } from './auth/passwordPolicy';
import { DEFAULT_SIGNATURE_SECRET } from './http/sign';
import { parseSecretKey } from './secrets/secretKey';
import { readCasSettings, readOidcSettings, ThirdConfigError, type CasSettings, type OidcSettings } from './auth/third/thirdConfig';

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
  /** Uploaded files (POST /sys/common/upload), outside the web root; default <dataDir>/upload. */
  uploadDir: string;
  /** Largest accepted upload in bytes (UPLOAD_MAX_MB, default 10). */
  uploadMaxBytes: number;
  /** File extensions accepted for upload, lower case without the dot (UPLOAD_ALLOWED_TYPES). */
  uploadAllowedTypes: readonly string[];
  /** Longest wait for a database connection and (PostgreSQL) longest statement: DB_POOL_WAIT_MS, DB_STATEMENT_TIMEOUT_MS. */
  databaseLimits: DatabaseLimits;
  /**
   * Pooled connections of this node to PostgreSQL (DB_POOL_MAX, 1–100, default 10); each node also
   * holds one LISTEN connection per notification channel. PGlite has one connection.
   */
  databasePoolMax: number;
  /**
   * PostgreSQL: statements whose plan does not hinge on their values go as named prepared statements
   * (DB_NAMED_STATEMENTS, on by default; server/db/namedStatements.ts). `off` sends every statement
   * unnamed, planned afresh each time, as before.
   */
  databaseNamedStatements: boolean;
  /**
   * API requests this node runs at once (API_CONCURRENCY, default the pool's DB_POOL_MAX; `0` or `off` =
   * no limit); the others wait in arrival order (server/http/admission.ts). Static files, WebSocket upgrades and
   * multipart uploads/imports are not counted.
   */
  apiConcurrency: number;
  /** API requests that may wait for a place (API_QUEUE_MAX, default 1000); one more is answered 503 系统繁忙. */
  apiQueueMax: number;
  /** How long a node keeps the dictionaries before it reads them again (DICT_CACHE_MS): how soon several API nodes agree on an edit. */
  dictCacheMs: number;
  /** Longest run of one online report statement (ONLINE_REPORT_TIMEOUT_MS, default 15000; PostgreSQL and 数据源 only). */
  onlineReportTimeoutMs: number;
  /**
   * Highest planner cost of one online report statement (ONLINE_REPORT_MAX_COST, default 5000000): a
   * statement estimated dearer is refused before it runs — on PGlite, which has no timeout, the only bound.
   */
  onlineReportMaxCost: number;
  /**
   * Longest life of a cached session, permission set, data rule or menu on a node (AUTH_CACHE_MS,
   * default 10000; 0 = no cache). Changes made through any API node apply at once everywhere; this
   * bounds only changes made around the server (SQL by hand).
   */
  authCacheMs: number;
  /** How long a stop (SIGTERM/SIGINT) waits for requests in flight before it ends them: SHUTDOWN_TIMEOUT_MS. */
  shutdownTimeoutMs: number;
  /**
   * Proxies whose X-Forwarded-For names the client (TRUST_PROXY: addresses or CIDR ranges, comma
   * separated); none by default, so a client cannot choose the address its sign-in limits count.
   */
  trustProxy: string | false;
  /** The X-Sign secret of the signed dictionary requests (SIGNATURE_SECRET); /config.js hands it to the web app. */
  signatureSecret: string;
  /** Largest error workbook of a failed import kept for download (IMPORT_ERROR_FILE_MAX_MB, default 20). */
  importErrorFileMaxBytes: number;
  /** All kept error workbooks together (IMPORT_ERROR_FILES_MAX_MB, default 500); the oldest go first. */
  importErrorFilesMaxBytes: number;
  /** Key of the signed file links (FILE_LINK_SECRET, at least 32 characters); default: one kept in the upload folder. */
  fileLinkSecret: string | undefined;
  /** Key of the secrets kept at rest (LOSSDESK_SECRET_KEY); default: one kept in <dataDir>/.secret-key (server/secrets). */
  secretKey: Buffer | undefined;
  /** How often this node writes its 服务节点 heartbeat (NODE_HEARTBEAT_MS, default 5000). */
  heartbeatMs: number;
  /** 第三方登录 through an OpenID Connect provider (OIDC_*); undefined: the login page offers none. */
  oidc: OidcSettings | undefined;
  /** Sign-in through a CAS server (CAS_SERVER_URL, CAS_SERVICE_URL); undefined: off. */
  cas: CasSettings | undefined;
  /** A session without a request for this long ends (SESSION_IDLE_MS, default 2 hours; 0 = only the 7-day cap). */
  sessionIdleMs: number;
  /**
   * REGISTRATION: the first value of 系统设置's 开放注册 (注册 /user/register, newcomers wait frozen for
   * approval), used when its row is made — a new database, or the first start of the version that
   * brought the switch; undefined (not set) means off. From then on the administrator's switch decides.
   */
  registration: boolean | undefined;
  /**
   * Text messages (sign-in codes included) are appended to this file as JSON lines instead of the
   * server log (SMS_OUTBOX); for test and trial set-ups without a provider, never a real deployment.
   */
  smsOutbox: string | undefined;
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

/**
 * What may be uploaded by default: pictures, PDF, office documents, plain text, archives, audio
 * and video of a survey. Never html/svg/scripts/executables — a browser could run them from our
 * origin; an operator who adds svg gets it served as an attachment only (server/files).
 */
export const DEFAULT_UPLOAD_TYPES: readonly string[] = [
  'jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv',
  'zip', 'rar', '7z', 'mp3', 'mp4', 'wav',
];

function megabytes(name: string, value: string | undefined, fallbackMb: number, maxMb: number): number {
  if (value === undefined || value.trim() === '') return fallbackMb * 1024 * 1024;
  const mb = Number(value);
  if (!Number.isFinite(mb) || mb <= 0 || mb > maxMb) {
    throw new ConfigError(`环境变量 ${name} 应为 0 到 ${maxMb} 之间的数字（单位 MB），当前为 "${value}"`);
  }
  return Math.floor(mb * 1024 * 1024);
}

function uploadTypes(value: string | undefined): readonly string[] {
  if (value === undefined || value.trim() === '') return DEFAULT_UPLOAD_TYPES;
  const types = value.split(',').map((t) => t.trim().toLowerCase().replace(/^\./, '')).filter((t) => t !== '');
  const bad = types.find((t) => !/^[a-z0-9]{1,10}$/.test(t));
  if (bad !== undefined || types.length === 0) {
    throw new ConfigError(`环境变量 UPLOAD_ALLOWED_TYPES 应为逗号分隔的扩展名（如 jpg,png,pdf），当前为 "${value}"`);
  }
  return [...new Set(types)];
}

/** A duration in milliseconds from the environment, within [min, max]. */
function milliseconds(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < min || ms > max) {
    throw new ConfigError(`环境变量 ${name} 应为 ${min} 到 ${max} 之间的整数（单位毫秒），当前为 "${value}"`);
  }
  return ms;
}

/** A whole number from the environment, within [min, max]. */
function count(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`环境变量 ${name} 应为 ${min} 到 ${max} 之间的整数，当前为 "${value}"`);
  return n;
}

// One address or range per item: IPv4/IPv6 with an optional /prefix, or proxy-addr's named ranges.
const PROXY_ITEM = /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i;

function trustProxy(value: string | undefined): string | false {
  if (value === undefined || value.trim() === '') return false;
  const items = value.split(',').map((item) => item.trim()).filter((item) => item !== '');
  if (items.length === 0 || !items.every((item) => PROXY_ITEM.test(item))) {
    throw new ConfigError(`环境变量 TRUST_PROXY 应为逗号分隔的代理地址或网段（如 127.0.0.1,10.0.0.0/8），当前为 "${value}"`);
  }
  return items.join(',');
}

function signatureSecret(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_SIGNATURE_SECRET;
  if (!/^[\x21-\x7e]{16,128}$/.test(value)) {
    throw new ConfigError('环境变量 SIGNATURE_SECRET 应为 16 到 128 个可见 ASCII 字符（不含空格）');
  }
  return value;
}

/**
 * API_CONCURRENCY: `off` or 0 = no limit, otherwise 1–10000 requests at once. Unset, as many as the pool
 * has connections: more would only wait for one inside their handlers, fewer left connections idle
 * (bench/README.md, 200 signed-in users: 6–10 on 2 cores and a pool of 10 had the shortest tail).
 */
function concurrency(value: string | undefined, poolMax: number): number {
  if (value?.trim().toLowerCase() === 'off') return 0;
  return count('API_CONCURRENCY', value, poolMax, 0, 10_000);
}

/** 2 hours; 0 turns the idle timeout off, anything else is at least a minute (activity is recorded once a minute). */
function sessionIdle(value: string | undefined): number {
  if (value?.trim() === '0') return 0;
  return milliseconds('SESSION_IDLE_MS', value, 7_200_000, 60_000, 604_800_000);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`环境变量 PORT 不是有效端口: "${env.PORT}"`);
  }
  const demo = flag('DEMO', env.DEMO, true);
  const poolMax = count('DB_POOL_MAX', env.DB_POOL_MAX, 10, 1, 100);
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (!demo && !adminPassword) {
    throw new ConfigError('DEMO=off 时必须设置 ADMIN_PASSWORD（管理员 admin 的初始密码）');
  }
  // Only the demo accounts keep their well-known 123456; a real admin starts with a real password.
  const weakAdmin = !demo && adminPassword ? passwordPolicyError(adminPassword) : undefined;
  if (weakAdmin) throw new ConfigError(`ADMIN_PASSWORD 不符合密码规则：${weakAdmin}`);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const webDir = env.WEB_DIR === '' ? undefined : path.resolve(env.WEB_DIR ?? './dist');
  const uploadDir = env.UPLOAD_DIR ? path.resolve(env.UPLOAD_DIR) : path.join(dataDir, 'upload');
  // The web folder is served to anyone as static files: uploads there would skip the session check.
  if (webDir && (uploadDir === webDir || uploadDir.startsWith(webDir + path.sep) || webDir.startsWith(uploadDir + path.sep))) {
    throw new ConfigError(`UPLOAD_DIR（${uploadDir}）不能位于 WEB_DIR（${webDir}）之内或包含它：上传的文件须经登录校验才能下载`);
  }
  const fileLinkSecret = env.FILE_LINK_SECRET || undefined;
  if (fileLinkSecret !== undefined && fileLinkSecret.length < 32) {
    throw new ConfigError('环境变量 FILE_LINK_SECRET 至少需要 32 个字符');
  }
  let secretKey: Buffer | undefined;
  try {
    secretKey = parseSecretKey(env.LOSSDESK_SECRET_KEY);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  let oidc: OidcSettings | undefined;
  let cas: CasSettings | undefined;
  try {
    oidc = readOidcSettings(env);
    cas = readCasSettings(env);
  } catch (err) {
    if (err instanceof ThirdConfigError) throw new ConfigError(err.message);
    throw err;
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    apiBase: normaliseBase(env.API_BASE ?? '/insurance'),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    captcha: flag('CAPTCHA', env.CAPTCHA, true),
    demo,
    adminPassword,
    webDir,
    logLevel: env.LOG_LEVEL ?? 'info',
    uploadDir,
    uploadMaxBytes: megabytes('UPLOAD_MAX_MB', env.UPLOAD_MAX_MB, 10, 1024),
    uploadAllowedTypes: uploadTypes(env.UPLOAD_ALLOWED_TYPES),
    databaseLimits: {
      poolWaitMs: milliseconds('DB_POOL_WAIT_MS', env.DB_POOL_WAIT_MS, DEFAULT_DATABASE_LIMITS.poolWaitMs, 100, 600_000),
      statementTimeoutMs: milliseconds('DB_STATEMENT_TIMEOUT_MS', env.DB_STATEMENT_TIMEOUT_MS, DEFAULT_DATABASE_LIMITS.statementTimeoutMs, 100, 3_600_000),
    },
    databasePoolMax: poolMax,
    databaseNamedStatements: flag('DB_NAMED_STATEMENTS', env.DB_NAMED_STATEMENTS, true),
    apiConcurrency: concurrency(env.API_CONCURRENCY, poolMax),
    apiQueueMax: count('API_QUEUE_MAX', env.API_QUEUE_MAX, 1_000, 0, 1_000_000),
    dictCacheMs: milliseconds('DICT_CACHE_MS', env.DICT_CACHE_MS, 60_000, 0, 3_600_000),
    onlineReportTimeoutMs: milliseconds('ONLINE_REPORT_TIMEOUT_MS', env.ONLINE_REPORT_TIMEOUT_MS, 15_000, 100, 600_000),
    onlineReportMaxCost: count('ONLINE_REPORT_MAX_COST', env.ONLINE_REPORT_MAX_COST, 5_000_000, 1_000, 1_000_000_000_000),
    authCacheMs: milliseconds('AUTH_CACHE_MS', env.AUTH_CACHE_MS, 10_000, 0, 3_600_000),
    shutdownTimeoutMs: milliseconds('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 5_000, 100, 600_000),
    signatureSecret: signatureSecret(env.SIGNATURE_SECRET),
    trustProxy: trustProxy(env.TRUST_PROXY),
    importErrorFileMaxBytes: megabytes('IMPORT_ERROR_FILE_MAX_MB', env.IMPORT_ERROR_FILE_MAX_MB, 20, 1024),
    importErrorFilesMaxBytes: megabytes('IMPORT_ERROR_FILES_MAX_MB', env.IMPORT_ERROR_FILES_MAX_MB, 500, 100 * 1024),
    fileLinkSecret,
    secretKey,
    heartbeatMs: milliseconds('NODE_HEARTBEAT_MS', env.NODE_HEARTBEAT_MS, 5_000, 1_000, 300_000),
    oidc,
    cas,
    sessionIdleMs: sessionIdle(env.SESSION_IDLE_MS),
    registration: env.REGISTRATION === undefined || env.REGISTRATION === '' ? undefined : flag('REGISTRATION', env.REGISTRATION, false),
    smsOutbox: env.SMS_OUTBOX ? path.resolve(env.SMS_OUTBOX) : undefined,
  };
}
