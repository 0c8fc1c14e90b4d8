import { newId } from '../db/ids';
import type { FastifyPluginAsync } from 'fastify';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { currentUser } from '../auth/guard';
import { permissionCodesOf } from '../auth/permissions';
import { escapeLike } from '../crud/query/conditions';
import type { DB } from '../db/types';
import { sanitizeRichText } from '../crud/entity/richText';
import { camelRow } from '../http/camel';
import { BusinessError, ok } from '../http/envelope';
import { SIGNED_IN } from '../http/routeConfig';
import { idQuerySchema } from '../http/idQuery';

const NOTICE = '1';
const ANNOUNCEMENT_LIST = 'announcement:list';
/** The generic endpoint of schemas/pages/sys/annountCement.json this module answers (see queryById). */
export const ANNOUNCEMENT_OWN_ROUTES: ReadonlySet<string> = new Set(['GET /sys/annountCement/queryById']);
const SYSTEM_MESSAGE = '2';
const signedIn = { permission: SIGNED_IN } as const;

const ANNOUNCEMENT_COLUMNS = [
  'a.id', 'a.titile', 'a.msg_content', 'a.msg_abstract', 'a.start_time', 'a.end_time', 'a.sender', 'a.priority',
  'a.msg_category', 'a.msg_type', 'a.send_status', 'a.send_time', 'a.bus_type', 'a.bus_id', 'a.open_type',
  'a.open_page', 'a.create_by', 'a.create_time',
] as const;

/**
 * A row as the client gets it, its HTML content through the rich-text policy: announcements are
 * written outside our editor (seed, other JeecgBoot clients), and a `<style>` or script in one
 * would restyle or run in every reader's page.
 */
function announcementOf<T extends { msg_content: string | null }>(row: T) {
  return { ...camelRow(row), msgContent: row.msg_content === null ? null : sanitizeRichText(row.msg_content) };
}

type AnnouncementScope = ExpressionBuilder<DB & { a: DB['sys_announcement'] }, 'a'>;

/**
 * Published, not deleted, and addressed to everyone or to this user by id (user_ids 'id1,id2,');
 * the file route lets a reader see the pictures of such an announcement too.
 */
export function visibleTo(userId: string) {
  return (eb: AnnouncementScope) =>
    eb.and([
      eb('a.send_status', '=', '1'),
      eb('a.del_flag', '=', '0'),
      eb.or([
        eb('a.msg_type', '=', 'ALL'),
        eb.and([
          eb('a.msg_type', '=', 'USER'),
          sql<boolean>`(',' || coalesce(a.user_ids, '') || ',') LIKE ${`%,${userId},%`}`,
        ]),
      ]),
    ]);
}

function unreadBy(userId: string) {
  return (eb: AnnouncementScope) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('sys_announcement_send as s')
          .select('s.id')
          .whereRef('s.annt_id', '=', 'a.id')
          .where('s.user_id', '=', userId)
          .where('s.read_flag', '=', '1'),
      ),
    );
}

async function unreadOfCategory(db: Kysely<DB>, userId: string, category: string, limit: number) {
  const base = db
    .selectFrom('sys_announcement as a')
    .where(visibleTo(userId))
    .where(unreadBy(userId))
    .where('a.msg_category', '=', category);
  const [rows, count] = await Promise.all([
    base.select(ANNOUNCEMENT_COLUMNS).orderBy('a.send_time', 'desc').orderBy('a.id').limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((r) => ({ ...announcementOf(r), anntId: r.id, readFlag: '0' })), total: Number(count.n) };
}

async function findVisible(db: Kysely<DB>, userId: string, id: string) {
  return db.selectFrom('sys_announcement as a').select(ANNOUNCEMENT_COLUMNS).where('a.id', '=', id).where(visibleTo(userId)).executeTakeFirst();
}

/** The signed-in user's notices: the header bell's unread lists, one notice, marking one read. */
export const announcementRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { pageSize: number } }>(
    '/sys/annountCement/listByUser',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          properties: { pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 5 }, _t: { type: 'string' } },
        },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const { pageSize } = request.query;
      const [notices, messages] = await Promise.all([
        unreadOfCategory(app.db, userId, NOTICE, pageSize),
        unreadOfCategory(app.db, userId, SYSTEM_MESSAGE, pageSize),
      ]);
      return ok({
        anntMsgList: notices.list,
        anntMsgTotal: notices.total,
        sysMsgList: messages.list,
        sysMsgTotal: messages.total,
      });
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/sys/annountCement/queryById',
    {
      config: signedIn,
      schema: {
        querystring: idQuerySchema,
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      // Who keeps the announcements (系统通告's editor) reads any of them, drafts and withdrawn ones too.
      if ((await permissionCodesOf(app.db, userId)).has(ANNOUNCEMENT_LIST)) {
        const row = await app.db.selectFrom('sys_announcement').selectAll().where('id', '=', request.query.id).where('del_flag', '=', '0').executeTakeFirst();
        if (!row) throw new BusinessError('未找到对应数据');
        return ok(announcementOf(row));
      }
      const row = await findVisible(app.db, userId, request.query.id);
      if (!row) throw new BusinessError('未找到对应数据');
      return ok(announcementOf(row));
    },
  );

  // 我的消息: every notice the user may read, read ones too (JeecgBoot's getMyAnnouncementSend), newest first.
  app.get<{ Querystring: { pageNo: number; pageSize: number; readFlag?: '0' | '1'; msgCategory?: '1' | '2'; titile?: string } }>(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            pageNo: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
            readFlag: { type: 'string', enum: ['0', '1', ''] },
            msgCategory: { type: 'string', enum: ['1', '2', ''] },
            titile: { type: 'string', maxLength: 100 },
            _t: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const { pageNo, pageSize, readFlag, msgCategory, titile } = request.query;
      let base = app.db
        .selectFrom('sys_announcement as a')
        .leftJoin('sys_announcement_send as s', (join) => join.onRef('s.annt_id', '=', 'a.id').on('s.user_id', '=', userId))
        .where(visibleTo(userId));
      if (readFlag === '1') base = base.where('s.read_flag', '=', '1');
      if (readFlag === '0') base = base.where((eb) => eb.or([eb('s.read_flag', 'is', null), eb('s.read_flag', '!=', '1')]));
      if (msgCategory) base = base.where('a.msg_category', '=', msgCategory);
      if (titile) base = base.where('a.titile', 'like', `%${escapeLike(titile)}%`);
      const [rows, count] = await Promise.all([
        base
          .select([...ANNOUNCEMENT_COLUMNS, 's.read_flag', 's.read_time'])
          .orderBy('a.send_time', 'desc')
          .orderBy('a.id')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const total = Number(count.n);
      const records = rows.map(({ read_flag, read_time, ...row }) => ({
        ...announcementOf(row),
        anntId: row.id,
        readFlag: read_flag === '1' ? '1' : '0',
        readTime: read_flag === '1' ? read_time : null,
      }));
      return ok({ records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
    },
  );

  app.route<{ Body: { anntId: string } }>({
    method: ['PUT', 'POST'],
    url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    config: signedIn,
    schema: {
      body: {
        type: 'object',
        required: ['anntId'],
        properties: { anntId: { type: 'string', minLength: 1, maxLength: 32 } },
      },
    },
    handler: async (request) => {
      const { userId, username } = currentUser(request);
      const { anntId } = request.body;
      const annt = await findVisible(app.db, userId, anntId);
      if (!annt) throw new BusinessError('未找到对应数据');
      await app.db
        .insertInto('sys_announcement_send')
        .values({
          id: newId(),
          annt_id: anntId,
          user_id: userId,
          read_flag: '1',
          read_time: sql<string>`now()`,
          create_by: username,
        })
        .onConflict((oc) =>
          oc.columns(['annt_id', 'user_id']).doUpdateSet({
            read_flag: '1',
            read_time: sql<string>`now()`,
            update_by: username,
            update_time: sql<string>`now()`,
          }),
        )
        .execute();
      // The user's other open pages reload their notice bell.
      await app.noticeHub.publish({ userIds: [userId] }, { cmd: 'user', msgId: anntId, msgTxt: annt.titile });
      return ok(null, '已标记为已读');
    },
  });
};
