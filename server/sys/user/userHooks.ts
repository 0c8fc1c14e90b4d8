import type { FastifyInstance } from 'fastify';
import { revokeUserSessions } from '../../auth/sessions';
import type { EntityHooks } from '../../crud/entity/hooks';
import { BusinessError } from '../../http/envelope';

export const SELF_DELETE_MESSAGE = '不能删除当前登录的用户';

/**
 * 用户管理's server behaviour around the generic delete (schemas/pages/sys/user.json): the signed-in
 * administrator cannot delete themself, and a user sent to the recycle bin or deleted for good is
 * signed out at once — sessions and sockets.
 */
export function userEntityHooks(app: FastifyInstance): EntityHooks {
  return {
    beforeRemove(rows, actor) {
      if (rows.some((row) => row.username === actor.username)) throw new BusinessError(SELF_DELETE_MESSAGE);
    },
    async afterRemove(ids) {
      await revokeUserSessions(app.db, ids);
      await app.sessionSockets.end(ids);
    },
  };
}
