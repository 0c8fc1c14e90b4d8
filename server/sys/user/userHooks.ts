import type { FastifyInstance } from 'fastify';
import type { EntityHooks } from '../../crud/entity';
import { signOutUsers } from './signOutUsers';

export const SELF_DELETE_MESSAGE = '不能删除当前登录的用户';

/**
 * 用户管理's server behaviour around the generic delete (schemas/pages/sys/user.json): the signed-in
 * administrator cannot delete themself, and a user sent to the recycle bin is signed out at once —
 * sessions and sockets.
 */
export function userEntityHooks(app: FastifyInstance): EntityHooks {
  return {
    async deleteRefusal(_db, rows, actor) {
      return rows.some((row) => row.username === actor.username) ? SELF_DELETE_MESSAGE : undefined;
    },
    async afterDelete(ids) {
      await signOutUsers(app, ids);
    },
  };
}
