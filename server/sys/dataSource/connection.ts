/**
 * A 数据源's connection settings as node-postgres takes them, built field by field — never by handing
 * the URL to pg, whose connection strings name files it would read (sslcert, sslkey, sslrootcert),
 * Unix socket folders (host=/…) and whose blanks fall back to this server's own PGUSER, PGPASSWORD and
 * ~/.pgpass. Only PostgreSQL (JeecgBoot's db_type 6) is accepted.
 */
import type { ClientConfig } from 'pg';

/** JeecgBoot's database_type item for PostgreSQL, the one kind lossdesk connects to. */
export const POSTGRES_DB_TYPE = '6';
export const POSTGRES_DRIVER = 'org.postgresql.Driver';
export const DEFAULT_PORT = 5432;

/** What a connection is made from: the row's (or the form's) fields, the password already opened. */
export interface DataSourceSettings {
  dbType: string | null;
  dbUrl: string | null;
  dbName: string | null;
  dbUsername: string | null;
  password: string;
}

export interface Connection {
  host: string;
  port: number;
  database: string;
  user: string;
  ssl: ClientConfig['ssl'];
  /** A function, so pg never falls back to PGPASSWORD or ~/.pgpass when it is empty. */
  password: () => Promise<string>;
}

export class ConnectionSettingsError extends Error {}

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]+\])$/;
const SSL_MODES: Readonly<Record<string, ClientConfig['ssl']>> = {
  disable: false,
  allow: false,
  prefer: false,
  require: { rejectUnauthorized: false },
  'verify-ca': { rejectUnauthorized: true },
  'verify-full': { rejectUnauthorized: true },
};

/** The connection of these settings; ConnectionSettingsError (a Chinese message) when they cannot be used. */
export function connectionOf(settings: DataSourceSettings): Connection {
  const fail = (message: string): never => {
    throw new ConnectionSettingsError(message);
  };
  if ((settings.dbType ?? POSTGRES_DB_TYPE) !== POSTGRES_DB_TYPE) fail('只支持 PostgreSQL 数据源');
  const text = (settings.dbUrl ?? '').trim().replace(/^jdbc:/i, '');
  if (!/^postgres(ql)?:\/\//i.test(text)) fail('连接地址应为 jdbc:postgresql://主机:端口/数据库 的形式');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('连接地址格式不正确，应为 jdbc:postgresql://主机:端口/数据库');
  }
  if (url.username || url.password) fail('连接地址中不能包含用户名或密码，请填写在用户名、密码栏');
  const host = url.hostname;
  if (!HOST.test(host)) fail(`连接地址中的主机「${decodeURIComponent(host)}」不正确`);
  const port = url.port === '' ? DEFAULT_PORT : Number(url.port);
  let ssl: ClientConfig['ssl'] = false;
  for (const [name, value] of url.searchParams) {
    if (name !== 'sslmode') fail(`不支持的连接参数：${name}（只支持 sslmode）`);
    if (!Object.hasOwn(SSL_MODES, value)) fail(`sslmode 只能是 ${Object.keys(SSL_MODES).join('、')}`);
    ssl = SSL_MODES[value];
  }
  if (url.hash) fail('连接地址格式不正确，应为 jdbc:postgresql://主机:端口/数据库');
  const fromPath = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (fromPath.includes('/')) fail('连接地址中的数据库名不正确');
  const database = fromPath || (settings.dbName ?? '').trim();
  if (!database) fail('请在连接地址或数据库名称中填写数据库');
  const user = (settings.dbUsername ?? '').trim();
  if (!user) fail('请填写用户名');
  const password = settings.password;
  return { host: host.replace(/^\[|\]$/g, ''), port, database, user, ssl, password: async () => password };
}
