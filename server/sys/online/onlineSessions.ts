/**
 * 在线用户: the live sessions (not ended, not expired, of a user neither deleted nor frozen), newest
 * activity first, and 强退, which ends one. A session is named by its random id, never its token.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { escapeLike } from '../../crud/query/conditions';
import { browserOf } from './browser';
import type { SessionPolicy } from '../../auth/sessions';

export interface OnlineSession {
  id: string;
  username: string;
  realname: string;
  ip: string | null;
  browser: string;
  userAgent: string | null;
  /** Sign-in time, 'YYYY-MM-DD HH:mm:ss' Beijing time. */
  loginTime: string;
  /** Last activity (written at most once a minute per session). */
  lastActiveTime: string;
  /** The session of the user asking. */
  current: boolean;
}

export interface OnlinePage {
  records: OnlineSession[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

const stamp = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD HH24:MI:SS')`;

function live(db: Kysely<DB>, filter: { username?: string; realname?: string }, policy: SessionPolicy) {
  const nowMs = policy.now();
  const now = new Date(nowMs);
  let query = db
    .selectFrom('sys_session as s')
    .innerJoin('sys_user as u', 'u.id', 's.user_id')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('u.del_flag', '=', 0)
    .where('u.status', '=', 1);
  // A session idle for SESSION_IDLE_MS has ended although nothing revoked it.
  if (policy.idleMs > 0) query = query.where('s.last_seen_at', '>', new Date(nowMs - policy.idleMs));
  // The query bar sends a like search as `*text*`.
  const username = filter.username?.replace(/^\*|\*$/g, '').trim();
  if (username) query = query.where(sql<boolean>`u.username LIKE ${`%${escapeLike(username)}%`} ESCAPE '\\'`);
  const realname = filter.realname?.replace(/^\*|\*$/g, '').trim();
  if (realname) query = query.where(sql<boolean>`u.realname LIKE ${`%${escapeLike(realname)}%`} ESCAPE '\\'`);
  return query;
}

export async function pageOnlineSessions(
  db: Kysely<DB>,
  filter: { username?: string; realname?: string },
  page: { pageNo: number; pageSize: number },
  ownTokenHash: string,
  policy: SessionPolicy,
): Promise<OnlinePage> {
  const scope = live(db, filter, policy);
  const [rows, count] = await Promise.all([
    scope
      .select(['s.id', 's.token_hash', 'u.username', 'u.realname', 's.ip', 's.user_agent'])
      .select([stamp('s.created_at').as('login_time'), stamp('s.last_seen_at').as('last_active_time')])
      .orderBy('s.last_seen_at', 'desc')
      .orderBy('s.id')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute(),
    scope.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    records: rows.map((row) => ({
      id: row.id,
      username: row.username,
      realname: row.realname,
      ip: row.ip,
      browser: browserOf(row.user_agent),
      userAgent: row.user_agent,
      loginTime: row.login_time,
      lastActiveTime: row.last_active_time,
      current: row.token_hash === ownTokenHash,
    })),
    total,
    size: page.pageSize,
    current: page.pageNo,
    pages: Math.ceil(total / page.pageSize),
  };
}

/** The live session with this id: its token hash (to close its sockets) and whose it is. */
export async function liveSession(db: Kysely<DB>, id: string, policy: SessionPolicy): Promise<{ tokenHash: string; username: string } | undefined> {
  const row = await live(db, {}, policy).select(['s.token_hash', 'u.username']).where('s.id', '=', id).executeTakeFirst();
  return row ? { tokenHash: row.token_hash, username: row.username } : undefined;
}

/** Ends a session; false when it had ended meanwhile. */
export async function endSession(db: Kysely<DB>, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('sys_session')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
