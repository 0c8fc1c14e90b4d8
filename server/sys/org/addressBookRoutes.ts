import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { pageAddressBook } from './addressBook';
import { DEPART_NOT_FOUND } from './userRoutes';

export const ADDRESS_BOOK_PERMISSION = 'addressList:list';
const MAX_PAGE_SIZE = 100;

/** A query-bar value: the list sends a like search as `*text*`. */
function plain(value: string | undefined): string | undefined {
  const text = value?.replace(/^\*|\*$/g, '').trim();
  return text ? text : undefined;
}

/**
 * 通讯录's list (page schemas/pages/sys/addressList.json, served by this module): read-only, behind
 * `addressList:list`; `departId` limits it to a department's subtree (the page's department tree).
 */
export const addressBookRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { departId?: string; realname?: string; phone?: string; pageNo: number; pageSize: number } }>(
    '/sys/addressList/list',
    {
      config: { permission: ADDRESS_BOOK_PERMISSION },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            departId: { type: 'string', maxLength: 32 },
            realname: { type: 'string', maxLength: 102 },
            phone: { type: 'string', maxLength: 34 },
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
      const q = request.query;
      const departId = q.departId?.trim();
      let departOrgCode: string | undefined;
      if (departId) {
        const depart = await app.db.selectFrom('sys_depart').select('org_code').where('id', '=', departId).where('del_flag', '=', '0').executeTakeFirst();
        if (!depart) return ok({ records: [], total: 0, size: q.pageSize, current: 1, pages: 0 }, DEPART_NOT_FOUND);
        departOrgCode = depart.org_code;
      }
      const page = { pageNo: q.pageNo, pageSize: Math.min(q.pageSize, MAX_PAGE_SIZE) };
      return ok(await pageAddressBook(app.db, { departOrgCode, realname: plain(q.realname), phone: plain(q.phone) }, page));
    },
  );
};
