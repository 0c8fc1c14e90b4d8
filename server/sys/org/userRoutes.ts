import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { BusinessError, ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/routeConfig';
import { pageUsers, userSort, usersByKeys, usersOfDepartment } from './userDirectory';

const signedIn = { permission: SIGNED_IN } as const;

/** Largest page of the user picker: a bigger pageSize is served as this many rows (the answer's `size` says so). */
export const MAX_USER_PAGE_SIZE = 100;
/** Most users queryUserByDepId answers with (it does not page). */
export const MAX_DEPARTMENT_USERS = 500;
/** Most ids or usernames getMultiUser resolves in one call. */
export const MAX_MULTI_USER_KEYS = 200;

export const DEPART_NOT_FOUND = '未找到对应部门';

async function orgCodeOf(db: Kysely<DB>, departId: string): Promise<string> {
  const depart = await db
    .selectFrom('sys_depart')
    .select('org_code')
    .where('id', '=', departId)
    .where('del_flag', '=', '0')
    .executeTakeFirst();
  if (!depart) throw new BusinessError(DEPART_NOT_FOUND);
  return depart.org_code;
}

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

interface ComponentQuery {
  username?: string;
  realname?: string;
  departId?: string;
  column?: string;
  order?: string;
  pageNo: number;
  pageSize: number;
}

/**
 * The user picker's endpoints (widgets spec §7), for any signed-in user: pickers sit on business
 * pages. With a department, a user of that department or of any department below it is listed
 * (JeecgBoot's queryDepartUserPageList / queryUserByDepCode: org_code LIKE 'code%').
 */
export const userRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ComponentQuery }>(
    '/sys/user/queryUserComponentData',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            username: text(100),
            realname: text(100),
            departId: text(32),
            column: text(64),
            order: text(10),
            field: text(500),
            pageNo: { type: 'integer', minimum: 1, maximum: 100_000_000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, default: 10 },
            _t: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const q = request.query;
      const sort = userSort(q.column, q.order);
      const departId = q.departId?.trim();
      const departOrgCode = departId ? await orgCodeOf(app.db, departId) : undefined;
      const page = { pageNo: q.pageNo, pageSize: Math.min(q.pageSize, MAX_USER_PAGE_SIZE) };
      return ok(await pageUsers(app.db, { username: q.username, realname: q.realname, departOrgCode }, sort, page));
    },
  );

  app.get<{ Querystring: { id: string; realname?: string } }>(
    '/sys/user/queryUserByDepId',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', minLength: 1, maxLength: 32 }, realname: text(100), _t: { type: 'string' } },
        },
      },
    },
    async (request) => {
      const departOrgCode = await orgCodeOf(app.db, request.query.id.trim());
      return ok(await usersOfDepartment(app.db, { departOrgCode, realname: request.query.realname }, MAX_DEPARTMENT_USERS));
    },
  );

  app.get<{ Querystring: { ids: string } }>(
    '/sys/user/getMultiUser',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          required: ['ids'],
          properties: { ids: text(8000), _t: { type: 'string' } },
        },
      },
    },
    async (request) => {
      const keys = [...new Set(request.query.ids.split(',').map((k) => k.trim()).filter((k) => k !== ''))];
      if (keys.length > MAX_MULTI_USER_KEYS) throw new BusinessError(`一次最多查询${MAX_MULTI_USER_KEYS}个用户`);
      return ok(await usersByKeys(app.db, keys));
    },
  );
};
