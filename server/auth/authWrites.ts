import type { Kysely, KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterTransaction, insideTransaction } from '../db/transaction';
import type { DB } from '../db/types';

/**
 * The tables whose rows decide who a session is and what it may do: sessions and users (guard),
 * roles, grants, menus and buttons (permission codes, menu), departments and their roles and
 * grants (部门角色), data rules, tenants. A write to any of them makes every cached answer
 * (server/auth/authCache.ts) stale.
 */
export const AUTH_TABLES: ReadonlySet<string> = new Set([
  'sys_session',
  'sys_user',
  'sys_role',
  'sys_user_role',
  'sys_permission',
  'sys_role_permission',
  'sys_permission_data_rule',
  'sys_depart',
  'sys_user_depart',
  'sys_depart_permission',
  'sys_depart_role',
  'sys_depart_role_user',
  'sys_depart_role_permission',
  'sys_tenant',
]);

const WRITE_KINDS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /^\s*(with\b[\s\S]*\b)?(insert|update|delete|merge|truncate)\b/i;
const AUTH_NAME = new RegExp(`\\b(${[...AUTH_TABLES].join('|')})\\b`, 'i');

/** Every table a query node names (TableNode anywhere in it), plus names written into raw SQL text. */
function namedTables(node: unknown, into: Set<string>): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) namedTables(item, into);
    return;
  }
  const op = node as { kind?: string; table?: { identifier?: { name?: string } }; sqlFragments?: readonly string[] };
  if (op.kind === 'TableNode' && typeof op.table?.identifier?.name === 'string') into.add(op.table.identifier.name);
  if (op.kind === 'RawNode') {
    for (const fragment of op.sqlFragments ?? []) {
      const match = AUTH_NAME.exec(fragment);
      if (match) into.add(match[1].toLowerCase());
    }
  }
  for (const value of Object.values(node)) if (value && typeof value === 'object') namedTables(value, into);
}

function updatedColumns(node: RootOperationNode): string[] | undefined {
  if (node.kind !== 'UpdateQueryNode') return undefined;
  return (node.updates ?? []).map((u) => {
    const column = u.column as OperationNode & { column?: { name?: string } };
    return column.column?.name ?? '';
  });
}

/**
 * Whether a query can change what the auth cache holds. Not counted: a new session (INSERT into
 * sys_session — nobody has it cached) and the once-a-minute `last_seen_at` touch of a session.
 */
export function changesAuth(node: RootOperationNode): boolean {
  const isRaw = node.kind === 'RawNode';
  if (isRaw) {
    if (!RAW_WRITE.test(node.sqlFragments.join('?'))) return false;
  } else if (!WRITE_KINDS.has(node.kind) && !(node.kind === 'SelectQueryNode' && node.with)) {
    return false;
  }
  const tables = new Set<string>();
  namedTables(node, tables);
  const touched = [...tables].filter((t) => AUTH_TABLES.has(t));
  if (touched.length === 0) return false;
  if (touched.length === 1 && touched[0] === 'sys_session') {
    if (node.kind === 'InsertQueryNode') return false;
    const columns = updatedColumns(node);
    if (columns && columns.length > 0 && columns.every((c) => c === 'last_seen_at')) return false;
  }
  return true;
}

type AuthWriteListener = () => Promise<void>;

/**
 * The Kysely plugin server/db/open.ts installs on each database it opens: after a write that
 * changes auth data through any handle of that database (a node, a job, a script, a test's own
 * handle), its subscribers run — after the transaction for one inside `inTransaction`
 * (server/db/transaction.ts), so no cache is refilled from rows about to change and kept after, and
 * right after the statement otherwise (it has committed). The statement's connection is still held
 * then, so they run without being awaited there (the embedded database has that one connection).
 */
export class AuthWriteWatcher implements KyselyPlugin {
  private readonly listeners = new Set<AuthWriteListener>();
  private readonly pending = new WeakMap<object, true>();
  private readonly announce = async (): Promise<void> => {
    await Promise.all([...this.listeners].map((listener) => listener()));
  };

  /** Calls `listener` after every such write; returns the unsubscription. */
  subscribe(listener: AuthWriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.size > 0 && changesAuth(args.node)) {
      if (insideTransaction()) afterTransaction(this.announce);
      else this.pending.set(args.queryId, true);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.delete(args.queryId)) void this.announce();
    return args.result;
  }
}

/** The watcher of the database a handle (or transaction) belongs to, if it was opened with one. */
export function authWriteWatcherOf(db: Kysely<DB>): AuthWriteWatcher | undefined {
  return db.getExecutor().plugins.find((plugin): plugin is AuthWriteWatcher => plugin instanceof AuthWriteWatcher);
}
