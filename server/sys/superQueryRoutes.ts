/**
 * Saved advanced queries of the signed-in user (the builder's 保存的查询): list, save (a title saved
 * again overwrites that query) and delete, always within the caller's own rows — another user's
 * query is neither listed nor deleted (it simply is not found). Any signed-in user may call them:
 * whoever can open a list may keep queries for it.
 */
import { newId } from '../db/ids';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { SAVED_QUERY_URLS, SUPER_QUERY_RULES, type SavedQueryRecord, type SuperQueryMatchType } from '../../runtime/contract/listQuery';
import { currentUser } from '../auth/guard';
import { QUERY_LIMITS } from '../crud/query/limits';
import { BusinessError, ok, okMessage } from '../http/envelope';
import { SIGNED_IN } from '../http/routeConfig';
import { idQuerySchema } from '../http/idQuery';
import { inTransaction } from '../db/transaction';

const signedIn = { permission: SIGNED_IN } as const;

/** Saved queries one user may keep for one list. */
export const MAX_SAVED_PER_LIST = 100;
export const TOO_MANY_SAVED_MESSAGE = `每个列表最多保存${MAX_SAVED_PER_LIST}个查询`;
export const NOT_FOUND_MESSAGE = '未找到对应数据';

const shortText = { type: 'string', maxLength: 100 } as const;
const code = { type: 'string', minLength: 1, maxLength: 255 } as const;

/** One condition row as spec §3 describes it; nothing else is stored. */
const recordSchema = {
  type: 'object',
  required: ['field', 'rule'],
  additionalProperties: false,
  properties: {
    field: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z_][A-Za-z0-9_,]*$' },
    rule: { type: 'string', enum: SUPER_QUERY_RULES },
    val: {
      anyOf: [
        { type: 'string', maxLength: QUERY_LIMITS.maxValueLength },
        { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 500 } },
      ],
    },
    type: shortText,
    dbType: shortText,
    dictCode: shortText,
    dictTable: shortText,
    dictText: shortText,
    customReturnField: shortText,
  },
} as const;


interface SaveBody {
  code: string;
  title: string;
  matchType: SuperQueryMatchType;
  records: SavedQueryRecord[];
}

/** jsonb comes back parsed from both drivers; a text copy (older driver settings) is parsed here. */
function parsedRecords(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return [];
  }
}

export const superQueryRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { code: string } }>(
    SAVED_QUERY_URLS.list,
    {
      config: signedIn,
      schema: {
        querystring: { type: 'object', required: ['code'], properties: { code, _t: { type: 'string' } } },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const rows = await app.db
        .selectFrom('sys_super_query')
        .select(['id', 'title', 'match_type', 'records'])
        .where('user_id', '=', userId)
        .where('save_code', '=', request.query.code)
        .orderBy('create_time')
        .orderBy('id')
        .execute();
      return ok(rows.map((row) => ({ id: row.id, title: row.title, matchType: row.match_type, records: parsedRecords(row.records) })));
    },
  );

  app.post<{ Body: SaveBody }>(
    SAVED_QUERY_URLS.save,
    {
      config: signedIn,
      schema: {
        body: {
          type: 'object',
          required: ['code', 'title', 'records'],
          properties: {
            code,
            title: { type: 'string', maxLength: 100 },
            matchType: { type: 'string', enum: ['and', 'or'], default: 'and' },
            records: { type: 'array', minItems: 1, maxItems: QUERY_LIMITS.maxSuperConditions, items: recordSchema },
          },
        },
      },
    },
    async (request) => {
      const { userId, username } = currentUser(request);
      const { code: saveCode, matchType, records } = request.body;
      const title = request.body.title.trim();
      if (title === '') throw new BusinessError('保存名称不能为空');
      const json = JSON.stringify(records);
      const id = await inTransaction(app.db, async (trx) => {
        const existing = await trx
          .selectFrom('sys_super_query')
          .select('id')
          .where('user_id', '=', userId)
          .where('save_code', '=', saveCode)
          .where('title', '=', title)
          .forUpdate()
          .executeTakeFirst();
        if (existing) {
          await trx
            .updateTable('sys_super_query')
            .set({ match_type: matchType, records: json, update_by: username, update_time: sql<string>`now()` })
            .where('id', '=', existing.id)
            .execute();
          return existing.id;
        }
        const count = await trx
          .selectFrom('sys_super_query')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('save_code', '=', saveCode)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= MAX_SAVED_PER_LIST) throw new BusinessError(TOO_MANY_SAVED_MESSAGE);
        const id = newId();
        await trx
          .insertInto('sys_super_query')
          .values({ id, user_id: userId, save_code: saveCode, title, match_type: matchType, records: json, create_by: username })
          // Two saves of one new title at once: the second overwrites the first instead of failing.
          .onConflict((oc) =>
            oc.columns(['user_id', 'save_code', 'title']).doUpdateSet({ match_type: matchType, records: json, update_by: username }),
          )
          .execute();
        return id;
      });
      return ok({ id, title, matchType, records }, '保存成功');
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    SAVED_QUERY_URLS.delete,
    {
      config: signedIn,
      schema: {
        querystring: idQuerySchema,
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const result = await app.db
        .deleteFrom('sys_super_query')
        .where('id', '=', request.query.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new BusinessError(NOT_FOUND_MESSAGE);
      return okMessage('删除成功');
    },
  );
};
