/**
 * 系统通告's actions beside the generic CRUD of schemas/pages/sys/annountCement.json (JeecgBoot's
 * SysAnnouncementController), each behind its own permission code:
 *   GET {base}/sys/annountCement/doReleaseData?id=  发布 (announcement:release): published now, its
 *       receivers' bells reload at once over the notice socket (server/realtime/noticeHub.ts)
 *   GET {base}/sys/annountCement/doReovkeData?id=   撤销 (announcement:revoke): withdrawn; the bells reload
 *   GET {base}/sys/annountCement/readers?id=        阅读情况 (announcement:list): every receiver, 已读/未读
 * A notice for chosen users gets one sys_announcement_send row per receiver at release (read_flag
 * '0'), as JeecgBoot does; one for everyone gets a user's row when they read it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { currentUser } from '../auth/guard';
import { newId } from '../db/ids';
import { inTransaction } from '../db/transaction';
import type { DB } from '../db/types';
import { BusinessError, okMessage, ok } from '../http/envelope';
import { idQuerySchema, type IdQuery } from '../http/idQuery';

export const ANNOUNCEMENT_PATH = '/sys/annountCement';
export const ANNOUNCEMENT_PERMISSIONS = {
  list: 'announcement:list',
  release: 'announcement:release',
  revoke: 'announcement:revoke',
} as const;

export const ANNOUNCEMENT_NOT_FOUND = '未找到对应数据';
export const NO_RECEIVERS = '请先选择接收通告的用户';
const READ_TEXT: Record<string, string> = { '0': '未读', '1': '已读' };

/** The receivers' ids of a notice for chosen users (user_ids 'id1,id2,' as JeecgBoot writes it). */
export function receiverIds(userIds: string | null): string[] {
  return [...new Set((userIds ?? '').split(',').map((id) => id.trim()).filter(Boolean))];
}

async function findAnnouncement(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('sys_announcement')
    .select(['id', 'titile', 'msg_type', 'user_ids', 'send_status'])
    .where('id', '=', id)
    .where('del_flag', '=', '0')
    .executeTakeFirst();
}

export interface Reader {
  userId: string;
  username: string;
  realname: string;
  readFlag: string;
  readFlag_dictText: string;
  readTime: string | null;
}

/** Every receiver of a notice (all users that are not deleted, or the chosen ones) with what they read. */
export async function readersOf(db: Kysely<DB>, annt: { id: string; msg_type: string; user_ids: string | null }): Promise<Reader[]> {
  const ids = annt.msg_type === 'ALL' ? undefined : receiverIds(annt.user_ids);
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('sys_user as u')
    .leftJoin('sys_announcement_send as s', (join) => join.onRef('s.user_id', '=', 'u.id').on('s.annt_id', '=', annt.id))
    .select(['u.id', 'u.username', 'u.realname', 's.read_flag', 's.read_time'])
    .where('u.del_flag', '=', 0);
  if (ids) query = query.where('u.id', 'in', ids);
  const rows = await query.orderBy('u.username').execute();
  return rows.map((row) => {
    const readFlag = row.read_flag === '1' ? '1' : '0';
    return {
      userId: row.id,
      username: row.username,
      realname: row.realname,
      readFlag,
      readFlag_dictText: READ_TEXT[readFlag],
      readTime: readFlag === '1' ? row.read_time : null,
    };
  });
}

const idQuery = { querystring: idQuerySchema } as const;

export const announcementAdminRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: IdQuery }>(
    `${ANNOUNCEMENT_PATH}/doReleaseData`,
    { config: { permission: ANNOUNCEMENT_PERMISSIONS.release }, schema: idQuery },
    async (request) => {
      const user = currentUser(request);
      const annt = await findAnnouncement(app.db, request.query.id);
      if (!annt) throw new BusinessError(ANNOUNCEMENT_NOT_FOUND);
      const receivers = annt.msg_type === 'ALL' ? [] : receiverIds(annt.user_ids);
      if (annt.msg_type !== 'ALL' && receivers.length === 0) throw new BusinessError(NO_RECEIVERS);
      await inTransaction(app.db, async (trx) => {
        await trx
          .updateTable('sys_announcement')
          .set({
            send_status: '1',
            send_time: sql<string>`now()`,
            cancel_time: null,
            sender: user.realname,
            update_by: user.username,
            update_time: sql<string>`now()`,
          })
          .where('id', '=', annt.id)
          .execute();
        const known = receivers.length === 0 ? [] : await trx.selectFrom('sys_user').select('id').where('id', 'in', receivers).execute();
        if (known.length > 0) {
          await trx
            .insertInto('sys_announcement_send')
            .values(known.map((u) => ({ id: newId(), annt_id: annt.id, user_id: u.id, read_flag: '0', create_by: user.username })))
            .onConflict((oc) => oc.columns(['annt_id', 'user_id']).doNothing())
            .execute();
        }
      });
      await app.noticeHub.publishAnnouncement(annt);
      return okMessage('该系统通知发布成功');
    },
  );

  app.get<{ Querystring: IdQuery }>(
    `${ANNOUNCEMENT_PATH}/doReovkeData`,
    { config: { permission: ANNOUNCEMENT_PERMISSIONS.revoke }, schema: idQuery },
    async (request) => {
      const user = currentUser(request);
      const annt = await findAnnouncement(app.db, request.query.id);
      if (!annt) throw new BusinessError(ANNOUNCEMENT_NOT_FOUND);
      if (annt.send_status !== '1') throw new BusinessError('该通告尚未发布，无需撤销');
      await app.db
        .updateTable('sys_announcement')
        .set({ send_status: '2', cancel_time: sql<string>`now()`, update_by: user.username, update_time: sql<string>`now()` })
        .where('id', '=', annt.id)
        .execute();
      // The receivers' bells drop it at once.
      await app.noticeHub.publishAnnouncement(annt);
      return okMessage('该系统通知撤销成功');
    },
  );

  app.get<{ Querystring: IdQuery }>(
    `${ANNOUNCEMENT_PATH}/readers`,
    { config: { permission: ANNOUNCEMENT_PERMISSIONS.list }, schema: idQuery },
    async (request) => {
      const annt = await findAnnouncement(app.db, request.query.id);
      if (!annt) throw new BusinessError(ANNOUNCEMENT_NOT_FOUND);
      return ok(await readersOf(app.db, annt));
    },
  );
};
