import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/open';
import { authWriteWatcherOf } from './authWrites';
import type { DB } from '../db/types';

/** NOTIFY channel on which a node tells the others that auth data changed (payload: the node's tag). */
export const AUTH_CHANGED_CHANNEL = 'lossdesk_auth_changed';
const RELISTEN_MS = 2_000;
/** More distinct keys than this (sessions × users × pages) and the cache starts over. */
const MAX_ENTRIES = 20_000;

interface Entry {
  /** When the entry stops being answered: between 80 % of AUTH_CACHE_MS and all of it after the read. */
  until: number;
  value: Promise<unknown>;
}

/**
 * What every request asks before its handler runs — whose session a token is, which permission
 * codes and data rules the user holds, the menu — kept per API node, because each answer costs
 * queries and changes rarely. Correct at once after a change:
 * - every write to an auth table made through this node's database handle (server/auth/authWrites.ts
 *   watches them) empties the cache when it is done — after its transaction — and, before the write
 *   is answered, a NOTIFY on AUTH_CHANGED_CHANNEL tells every other node sharing the database to do
 *   the same (they empty theirs as the notification arrives, milliseconds later);
 * - while a node is not listening (starting, LISTEN connection lost and being re-opened) it keeps
 *   nothing and reads every answer from the database;
 * - an entry lives at most `maxAgeMs` (AUTH_CACHE_MS), the bound for changes made around the server
 *   (SQL by hand); 0 turns caching off. Each entry's life is drawn between 80 % of that and all of
 *   it, so the entries of users who signed in together do not all run out in the same instant
 *   (under load that was a burst of every user's session, permission and menu reads at once, every
 *   AUTH_CACHE_MS — bench/users.bench.ts).
 * Session expiry is checked by the caller on every use, not by the cache.
 */
export class AuthCache {
  private entries = new Map<string, Entry>();
  private listening = false;
  private stopped = false;
  private unlisten: (() => Promise<void>) | undefined;
  private unsubscribe: (() => void) | undefined;
  private retry: NodeJS.Timeout | undefined;
  private readonly tag = crypto.randomBytes(8).toString('hex');

  constructor(
    private readonly maxAgeMs: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The cached answer for `key`, or `load()`'s (kept for the next caller while this node listens). */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listening || this.maxAgeMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now <= hit.until) return hit.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = load();
    const entry: Entry = { until: now + this.maxAgeMs * (0.8 + Math.random() / 5), value };
    this.entries.set(key, entry);
    // A failed read is not kept.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets every answer of this node. */
  invalidate(): void {
    this.entries.clear();
  }

  /**
   * Auth data changed through this node: forget here, and tell the other nodes. Resolves once the
   * notification is sent; a failure is logged (the others then catch up within AUTH_CACHE_MS).
   */
  async changed(db: Kysely<DB>): Promise<void> {
    this.invalidate();
    try {
      await sql`SELECT pg_notify(${AUTH_CHANGED_CHANNEL}, ${this.tag})`.execute(db);
    } catch (err) {
      this.log?.warn({ err }, '权限变更通知发送失败：其他节点将在缓存到期后读取新的权限');
    }
  }

  /**
   * Starts listening for changes — writes through this process's handles of the database
   * (server/auth/authWrites.ts), told on to the other nodes through `db`, and the other nodes'
   * NOTIFYs; caching begins once listening.
   */
  async start(database: Database, db: Kysely<DB>): Promise<void> {
    this.stopped = false;
    const watcher = authWriteWatcherOf(database.db);
    if (!watcher) {
      // Writes through this database would go unseen: never keep an answer.
      this.log?.warn('数据库未安装权限写入监视：本节点不缓存权限');
      return;
    }
    this.unsubscribe ??= watcher.subscribe(() => this.changed(db));
    try {
      await this.listen(database);
    } catch (err) {
      this.log?.warn({ err }, '权限变更通知的 LISTEN 连接失败：本节点暂不缓存权限，稍后重试');
      this.scheduleRelisten(database);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.invalidate();
    clearTimeout(this.retry);
    this.retry = undefined;
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.();
  }

  private async listen(database: Database): Promise<void> {
    this.unlisten = await database.listen(
      AUTH_CHANGED_CHANNEL,
      (payload) => {
        if (payload !== this.tag) this.invalidate();
      },
      (err) => {
        this.listening = false;
        this.invalidate();
        this.unlisten = undefined;
        if (this.stopped) return;
        this.log?.warn({ err }, '权限变更通知的 LISTEN 连接已断开：本节点暂不缓存权限，稍后重连');
        this.scheduleRelisten(database);
      },
    );
    // Whatever changed before this moment was not heard: start empty.
    this.invalidate();
    this.listening = !this.stopped;
  }

  private scheduleRelisten(database: Database): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.stopped) return;
      this.listen(database).catch((err: unknown) => {
        this.log?.warn({ err }, '权限变更通知的 LISTEN 连接重连失败');
        this.scheduleRelisten(database);
      });
    }, RELISTEN_MS);
  }
}

/**
 * A handle of the app's own on the shared database (same pool, same plugins), so that reads through
 * it find this app's cache — two apps on one database in a test are two nodes.
 */
export function ownHandle(db: Kysely<DB>): Kysely<DB> {
  return db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => args.result });
}

/** The cache serving reads made through a database handle (the app's), found by the handle. */
const caches = new WeakMap<object, AuthCache>();

export function useAuthCache(db: object, cache: AuthCache): void {
  caches.set(db, cache);
}

/**
 * `load()` through the cache of the app whose database handle `db` is; a transaction (another
 * handle) or a handle without a cache reads afresh — inside a transaction the caller must see its
 * own uncommitted writes.
 */
export function cachedAuthRead<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.read(key, load) : load();
}
