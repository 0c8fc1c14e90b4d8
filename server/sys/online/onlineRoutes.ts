import type { FastifyPluginAsync } from 'fastify';
import { currentUser, tokenOf } from '../../auth/guard';
import { hashToken, sessionPolicyOf } from '../../auth/sessions';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { endSession, liveSession, pageOnlineSessions } from './onlineSessions';

export const ONLINE_PERMISSIONS = { list: 'online:list', forceLogout: 'online:forceLogout' } as const;

export const SESSION_GONE = '该会话已结束或不存在';
export const NOT_YOURSELF = '不能强制退出自己，请使用退出登录';
const MAX_PAGE_SIZE = 100;

/**
 * 在线用户 at JeecgBoot's paths (SysUserOnlineController): GET /sys/online/list and POST
 * /sys/online/forceLogout. JeecgBoot lists and takes the token itself; here the list carries a
 * session id and 强退 takes it (`{id}`; `{token}` is also accepted, for clients that hold one).
 * 强退 ends the session — the next request answers 401 — and closes its sockets on every node.
 */
export const onlineRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { username?: string; realname?: string; pageNo: number; pageSize: number } }>(
    '/sys/online/list',
    {
      config: { permission: ONLINE_PERMISSIONS.list },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            username: { type: 'string', maxLength: 100 },
            realname: { type: 'string', maxLength: 100 },
            pageNo: { type: 'integer', minimum: 1, maximum: 100_000_000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, default: 10 },
            column: { type: 'string', maxLength: 64 },
            order: { type: 'string', maxLength: 10 },
            _t: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const { username, realname, pageNo, pageSize } = request.query;
      const page = { pageNo, pageSize: Math.min(pageSize, MAX_PAGE_SIZE) };
      return ok(await pageOnlineSessions(app.db, { username, realname }, page, currentUser(request).tokenHash, sessionPolicyOf(app)));
    },
  );

  app.post<{ Body: { id?: string; token?: string } }>(
    '/sys/online/forceLogout',
    {
      config: { permission: ONLINE_PERMISSIONS.forceLogout },
      schema: {
        body: {
          type: 'object',
          properties: { id: { type: 'string', minLength: 1, maxLength: 32 }, token: { type: 'string', minLength: 1, maxLength: 200 } },
          anyOf: [{ required: ['id'] }, { required: ['token'] }],
        },
      },
    },
    async (request) => {
      const { id, token } = request.body;
      const session = id ? await liveSession(app.db, id, sessionPolicyOf(app)) : await liveSessionByToken(token ?? '');
      if (!session) throw new BusinessError(SESSION_GONE);
      if (session.tokenHash === hashToken(tokenOf(request))) throw new BusinessError(NOT_YOURSELF);
      if (!(await endSession(app.db, session.tokenHash))) throw new BusinessError(SESSION_GONE);
      await app.sessionSockets.endSession(session.tokenHash);
      request.log.info({ username: session.username, by: currentUser(request).username }, '在线用户被强制退出');
      return okMessage(`已强制退出用户「${session.username}」`);
    },
  );

  async function liveSessionByToken(token: string) {
    const row = await app.db.selectFrom('sys_session').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
    return row ? liveSession(app.db, row.id, sessionPolicyOf(app)) : undefined;
  }
};
