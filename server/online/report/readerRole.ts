/**
 * The database role online reports run as on the main database: `lossdesk_report_reader`, NOLOGIN,
 * SELECT on the allowed tables only. Both PostgreSQL and PGlite honour `SET LOCAL ROLE` (PGlite's
 * single user is a superuser that can take on any role, and a query under the role is refused a table
 * it has no grant on), so the same wall stands on both.
 *
 * Allowed: every table of the schema except the system tables (sys_*) other than the dictionaries,
 * departments, positions and categories; lossdesk_* and onl_* bookkeeping; and any table with a column
 * whose name says password, secret, token or salt (sys_user, sys_session, sys_data_source, the mail
 * settings…). Grants follow the tables: they are brought in line when the role is first used, and
 * again when a report is refused a table the rules allow (a table created since, e.g. an online form
 * synced a moment ago).
 *
 * Tenants: a readable table with a `tenant_id` column gets row-level security with the policy
 * `lossdesk_report_tenant`, for this role only: a row is visible when its tenant_id is the setting
 * `lossdesk.tenant_id`, which the runner sets per transaction to the caller's session tenant
 * (server/auth/guard.ts currentTenant; 0 is the default tenant and sees tenant 0's rows only, as the
 * pages do). No setting, no row. The tables' owner (the server) is not subject to it (no FORCE).
 * Tables a page serves to every tenant (a page that is not tenantScoped, whose rows keep the default
 * tenant_id 0) are declared shared (declareSharedTables) and keep no policy, as the page shows their
 * rows to all. Report SQL cannot read or change the setting: the guard refuses set_config,
 * current_setting and SET.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

export const REPORT_READER_ROLE = 'lossdesk_report_reader';
/** The per-transaction setting holding the caller's tenant (set_config with a bound value). */
export const REPORT_TENANT_SETTING = 'lossdesk.tenant_id';
const TENANT_POLICY = 'lossdesk_report_tenant';
const TENANT_COLUMN = 'tenant_id';

// The pages are the same files for every database handle of the process.
const sharedTables = new Set<string>();

/** Tables whose rows every tenant sees (served by pages that are not tenant-scoped): no tenant policy. */
export function declareSharedTables(tables: Iterable<string>): void {
  for (const table of tables) sharedTables.add(table);
}

const READABLE_SYSTEM_TABLES: ReadonlySet<string> = new Set(['sys_dict', 'sys_dict_item', 'sys_depart', 'sys_category', 'sys_position']);
const SECRET_COLUMN = /password|passwd|secret|token|salt/;

/** Whether online reports may read the table with these columns. */
export function reportReadableTable(table: string, columns: readonly string[]): boolean {
  if (table.startsWith('sys_')) return READABLE_SYSTEM_TABLES.has(table);
  if (table.startsWith('lossdesk_') || table.startsWith('onl_') || table.startsWith('kysely_')) return false;
  return !columns.some((column) => SECRET_COLUMN.test(column));
}

/** The role cannot be used: the message says why, for the administrator. */
export class ReaderRoleError extends Error {}

interface TableGrant {
  name: string;
  granted: boolean;
  columns: string[];
  rls: boolean;
  policy: boolean;
  policies: number;
  kind: string;
  analyzed: boolean;
}

/** Grants SELECT on every readable table the role lacks, and takes back any other; tenant policies in line. */
export async function syncReaderGrants(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<TableGrant>`
    SELECT c.relname AS name,
           has_table_privilege(${REPORT_READER_ROLE}, c.oid, 'SELECT') AS granted,
           c.relrowsecurity AS rls, c.relkind::text AS kind, c.reltuples >= 0 AS analyzed,
           EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = ${TENANT_POLICY}) AS policy,
           (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies,
           coalesce(array_agg(a.attname::text) FILTER (WHERE a.attnum > 0 AND NOT a.attisdropped), '{}') AS columns
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
      LEFT JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE c.relkind IN ('r', 'p', 'v', 'm')
     GROUP BY c.oid, c.relname`.execute(db);
  const role = sql.id(REPORT_READER_ROLE);
  for (const table of rows) {
    const scoped = table.columns.includes(TENANT_COLUMN) && !sharedTables.has(table.name);
    // A view or materialized view reads its tables as their owner, past their policies, and would
    // show every tenant's rows: the schema has none, and one made by hand is not readable.
    const readable = reportReadableTable(table.name, table.columns) && (table.kind === 'r' || table.kind === 'p');
    if (readable && scoped) await tenantPolicy(db, table);
    if (readable && !table.granted) await sql`GRANT SELECT ON ${sql.id(table.name)} TO ${role}`.execute(db);
    // The runner bounds a report by the planner's estimate, which is only as good as the statistics:
    // PGlite has no autovacuum, so a table never analyzed would look empty to it.
    if (readable && !table.analyzed) await sql`ANALYZE ${sql.id(table.name)}`.execute(db);
    if (!readable && table.granted) await sql`REVOKE ALL ON ${sql.id(table.name)} FROM ${role}`.execute(db);
    if (!scoped && table.policy) {
      await sql`DROP POLICY ${sql.id(TENANT_POLICY)} ON ${sql.id(table.name)}`.execute(db);
      if (table.policies === 1) await sql`ALTER TABLE ${sql.id(table.name)} DISABLE ROW LEVEL SECURITY`.execute(db);
    }
  }
}

/** Row-level security on a tenant's table for the reader: its rows of the transaction's tenant only. */
async function tenantPolicy(db: Kysely<DB>, table: TableGrant): Promise<void> {
  const name = sql.id(table.name);
  if (!table.policy) {
    await sql`CREATE POLICY ${sql.id(TENANT_POLICY)} ON ${name} FOR SELECT TO ${sql.id(REPORT_READER_ROLE)}
      USING (${sql.id(TENANT_COLUMN)} = NULLIF(current_setting(${sql.lit(REPORT_TENANT_SETTING)}, true), '')::integer)`.execute(db);
  }
  // Without FORCE the owner (the server itself) still reads every row.
  if (!table.rls) await sql`ALTER TABLE ${name} ENABLE ROW LEVEL SECURITY`.execute(db);
}

const SQLSTATE_IGNORED_ON_CREATE = new Set(['42710', '23505']);

async function prepare(db: Kysely<DB>): Promise<void> {
  const exists = await sql`SELECT 1 FROM pg_roles WHERE rolname = ${REPORT_READER_ROLE}`.execute(db);
  if (exists.rows.length === 0) {
    try {
      await sql`CREATE ROLE ${sql.id(REPORT_READER_ROLE)} NOLOGIN`.execute(db);
    } catch (err) {
      // Another server (or test database on the same cluster) created it at the same moment.
      const code = (err as { code?: string }).code ?? '';
      if (!SQLSTATE_IGNORED_ON_CREATE.has(code)) {
        throw new ReaderRoleError(`无法创建只读角色 ${REPORT_READER_ROLE}（${(err as Error).message}）：请由数据库管理员创建 NOLOGIN 角色 ${REPORT_READER_ROLE} 并授予本系统的数据库用户`);
      }
    }
  }
  const member = async () =>
    (await sql<{ member: boolean }>`SELECT pg_has_role(current_user, ${REPORT_READER_ROLE}, 'MEMBER') AS member`.execute(db)).rows[0]?.member === true;
  if (!(await member())) {
    await sql`GRANT ${sql.id(REPORT_READER_ROLE)} TO CURRENT_USER`.execute(db).catch(() => undefined);
    if (!(await member())) throw new ReaderRoleError(`本系统的数据库用户不能切换到只读角色 ${REPORT_READER_ROLE}：请由数据库管理员执行 GRANT ${REPORT_READER_ROLE} TO <数据库用户>`);
  }
  try {
    await syncReaderGrants(db);
  } catch (err) {
    // Grants need the tables' owner: a server running as another user cannot give them.
    throw new ReaderRoleError(`无法为只读角色 ${REPORT_READER_ROLE} 授权（${(err as Error).message}）：请以表的所有者运行本系统，或由数据库管理员授予该角色允许读取的表的 SELECT 权限`);
  }
}

const prepared = new WeakMap<Kysely<DB>, Promise<void>>();

/** Makes sure the role exists, can be taken on, and holds the right grants (once per database handle). */
export function ensureReaderRole(db: Kysely<DB>): Promise<void> {
  let ready = prepared.get(db);
  if (!ready) {
    ready = prepare(db);
    prepared.set(db, ready);
    // A failure is not kept: the administrator may fix the database while the server runs.
    ready.catch(() => prepared.delete(db));
  }
  return ready;
}
