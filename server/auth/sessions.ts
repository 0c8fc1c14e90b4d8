import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { cachedAuthRead } from './authCache';
import { tenantIdsOf } from './tenants';

/**
 * Server-side sessions. The client holds a random 32-byte token (base64url); the database keeps
 * only its sha256, so a leaked sys_session table does not let anyone sign in.
 *
 * Lifetime: a session ends 7 days (604800000 ms, spec §9) after login — 12 hours when 记住我 was
 * not ticked, the client then keeping its token only until the browser closes —, after
 * SESSION_IDLE_MS (default 2 hours) without a request, or earlier when revoked (logout, password
 * change or reset, frozen/deleted user). last_seen_at records activity, written at most once a
 * minute per session so reads do not turn into writes; the idle timeout is measured from it.
 */
export const SESSION_LIFETIME_MS = 604_800_000;
export const UNREMEMBERED_SESSION_MS = 12 * 60 * 60 * 1000;
export const DEFAULT_SESSION_IDLE_MS = 7_200_000;
const TOUCH_INTERVAL_MS = 60_000;

/** When sessions end for want of activity, and the clock to tell (buildApp `clock`). */
export interface SessionPolicy {
  /** 0: no idle timeout, only the lifetime. */
  idleMs: number;
  now: () => number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: DEFAULT_SESSION_IDLE_MS, now: Date.now };

/** The policy of a running app: its SESSION_IDLE_MS and its clock. */
export function sessionPolicyOf(app: FastifyInstance): SessionPolicy {
  return { idleMs: app.appConfig.sessionIdleMs, now: app.now };
}

// Every request hashes its token to find its session. crypto.hash (Node 20.12+) does it in one call
// without a Hash object — about half the cost of createHash; the same digest either way.
const hashOnce = typeof crypto.hash === 'function' ? crypto.hash : undefined;

export function hashToken(token: string): string {
  return hashOnce ? hashOnce('sha256', token, 'hex') : crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface NewSession {
  token: string;
  tokenHash: string;
  expiresAt: Date;
}

export interface SessionStart {
  ip?: string;
  userAgent?: string;
  /** 记住我: false makes a session of UNREMEMBERED_SESSION_MS; default remembered (7 days). */
  remember?: boolean;
  /** The sign-in time (the app's clock); default now. */
  now?: number;
}

export async function createSession(db: Kysely<DB>, userId: string, client: SessionStart = {}): Promise<NewSession> {
  const token = crypto.randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const now = new Date(client.now ?? Date.now());
  const expiresAt = new Date(now.getTime() + (client.remember === false ? UNREMEMBERED_SESSION_MS : SESSION_LIFETIME_MS));
  await db
    .insertInto('sys_session')
    .values({
      token_hash: tokenHash,
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      ip: client.ip?.slice(0, 64) ?? null,
      user_agent: client.userAgent?.slice(0, 255) ?? null,
    })
    .execute();
  return { token, tokenHash, expiresAt };
}

/** The signed-in user a valid session belongs to. */
export interface SessionUser {
  tokenHash: string;
  userId: string;
  username: string;
  realname: string;
  orgCode: string | null;
  /** The tenants the user belongs to (sys_user.rel_tenant_ids); the default tenant 0 is always open. */
  tenantIds: readonly number[];
}

/** A session as read from the database; `lastSeenAt` is moved on by findSessionUser's touch. */
interface LiveSession {
  user: SessionUser;
  expiresAt: number;
  lastSeenAt: number;
}

async function readSession(db: Kysely<DB>, tokenHash: string): Promise<LiveSession | undefined> {
  const row = await db
    .selectFrom('sys_session as s')
    .innerJoin('sys_user as u', 'u.id', 's.user_id')
    .select(['s.token_hash', 's.last_seen_at', 's.expires_at', 'u.id', 'u.username', 'u.realname', 'u.org_code', 'u.rel_tenant_ids'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('u.del_flag', '=', 0)
    .where('u.status', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    user: {
      tokenHash: row.token_hash,
      userId: row.id,
      username: row.username,
      realname: row.realname,
      orgCode: row.org_code,
      tenantIds: tenantIdsOf(row.rel_tenant_ids),
    },
    expiresAt: new Date(row.expires_at).getTime(),
    lastSeenAt: new Date(row.last_seen_at).getTime(),
  };
}

/**
 * The user of a live session: not revoked, not expired, not idle for the policy's time, and the user
 * neither deleted nor frozen. Undefined for anything else, which the guard answers with 401. Read
 * through the node's auth cache (server/auth/authCache.ts: revoking, freezing or deleting drops it at
 * once); expiry and idleness are checked here on every call. An idle session is not touched, so a
 * later request cannot bring it back.
 */
export async function findSessionUser(
  db: Kysely<DB>,
  token: string,
  policy: SessionPolicy = DEFAULT_SESSION_POLICY,
): Promise<SessionUser | undefined> {
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const session = await cachedAuthRead(db, `session:${tokenHash}`, () => readSession(db, tokenHash));
  const now = policy.now();
  if (!session || session.expiresAt <= now) return undefined;
  if (policy.idleMs > 0 && now - session.lastSeenAt >= policy.idleMs) return undefined;
  if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
    session.lastSeenAt = now;
    await db.updateTable('sys_session').set({ last_seen_at: new Date(now) }).where('token_hash', '=', tokenHash).execute();
  }
  return session.user;
}

export async function revokeSession(db: Kysely<DB>, token: string): Promise<void> {
  if (!token) return;
  await db
    .updateTable('sys_session')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user except the one named (the caller's own, after a password change). */
export async function revokeOtherSessions(db: Kysely<DB>, userId: string, keepTokenHash: string): Promise<void> {
  await db
    .updateTable('sys_session')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every live session of these users (frozen, deleted, password set by an administrator), except
 * `keepTokenHash`; answers the ended sessions' token hashes, whose sockets are to close.
 */
export async function revokeUserSessions(db: Kysely<DB>, userIds: readonly string[], keepTokenHash?: string): Promise<string[]> {
  if (userIds.length === 0) return [];
  let qb = db.updateTable('sys_session').set({ revoked_at: new Date() }).where('user_id', 'in', [...userIds]).where('revoked_at', 'is', null);
  if (keepTokenHash) qb = qb.where('token_hash', '!=', keepTokenHash);
  const ended = await qb.returning('token_hash').execute();
  return ended.map((row) => row.token_hash);
}
