import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { currentTenant, currentUser } from '../../auth/guard';
import { permissionCodesOf } from '../../auth/permissions';
import { ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/routeConfig';
import { verifySignedRequest } from '../../http/sign';
import { dictItem } from './dictItem';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { PageDictionaries } from './pageDictionaries';
import { systemTableDictionary, tableDictItems, tableDictTexts, type TableDictionary } from './tableDictionaries';
import { sql } from 'kysely';
import { entityModel } from '../../crud/entity/model';
import { dataRuleCondition } from '../../crud/entity/dataRuleScope';

/** Whole-table dictionaries are small system tables; the cap keeps a mistake from dumping one. */
const TABLE_DICT_LIMIT = 1000;
/** loadDict answers at most this many matches, whatever pageSize asks. */
const MAX_PAGE_SIZE = 100;
const signedUser = { permission: SIGNED_IN } as const;
const dictParam = (name: string) => ({
  type: 'object',
  required: [name],
  properties: { [name]: { type: 'string', minLength: 1, maxLength: 200 } },
});
const noInput = { type: 'object', properties: { _t: { type: 'string' } } };

export interface DictRoutesOptions {
  /** The served pages: the table dictionaries they declare are readable by who may list them. */
  pages?: readonly CompiledPage[];
}

/**
 * JeecgBoot's dictionary endpoints. Code dictionaries are open to every signed-in user; a table
 * dictionary ('table,text,code') only as PageDictionaries allows it to the caller. The X-Sign check
 * (verifySignedRequest) is the contract's, not a defence: its secret ships in the web app.
 */
export const dictRoutes: FastifyPluginAsync<DictRoutesOptions> = async (app, opts) => {
  const cache = app.dictionaries;
  const pageDictionaries = new PageDictionaries(opts.pages ?? []);
  /** The table dictionary of the request's code, once the caller may read it; undefined for a code dictionary. */
  // A page table's dictionary shows only the rows its page's 数据规则 let the caller see.
  const owners = new Map((opts.pages ?? []).map((page) => [page.entity.table, entityModel(page)]));
  const tableOf = async (request: FastifyRequest, dictCode: string): Promise<TableDictionary | undefined> => {
    const dict = await pageDictionaries.resolve(dictCode, {
      permissionCodes: () => permissionCodesOf(app.db, currentUser(request).userId),
      tenantId: currentTenant(request),
    });
    const owner = dict && !systemTableDictionary(dict) ? owners.get(dict.table) : undefined;
    const rules = owner && (await dataRuleCondition(request, app.db, owner));
    return dict && rules ? { ...dict, condition: sql`(${dict.condition}) AND (${rules})` } : dict;
  };

  app.get('/sys/dict/queryAllDictItems', { config: signedUser, schema: { querystring: noInput } }, async () =>
    ok(await cache.all()),
  );

  app.get('/sys/dict/refleshCache', { config: signedUser, schema: { querystring: noInput } }, async () => {
    cache.invalidate();
    await cache.all();
    return ok(null, '刷新缓存完成！');
  });

  app.get<{ Params: { dictCode: string } }>(
    '/sys/dict/getDictItems/:dictCode',
    { config: signedUser, schema: { params: dictParam('dictCode') }, preHandler: verifySignedRequest },
    async (request) => {
      const { dictCode } = request.params;
      const table = await tableOf(request, dictCode);
      if (table) return ok(await tableDictItems(app.db, table, { limit: TABLE_DICT_LIMIT }));
      return ok((await cache.items(dictCode)) ?? []);
    },
  );

  app.get<{ Params: { dict: string }; Querystring: { key: string } }>(
    '/sys/dict/loadDictItem/:dict',
    {
      config: signedUser,
      schema: {
        params: dictParam('dict'),
        querystring: {
          type: 'object',
          required: ['key'],
          properties: { key: { type: 'string', maxLength: 4000 }, sign: { type: 'string' } },
        },
      },
      preHandler: verifySignedRequest,
    },
    async (request) => {
      const keys = request.query.key.split(',').map((k) => k.trim()).filter(Boolean);
      // Tree widgets (treeSelect, linkDown) ask here for their value's name: their tables are declared dictionaries too.
      const table = await tableOf(request, request.params.dict);
      if (table) return ok(await tableDictTexts(app.db, table, keys));
      const items = (await cache.items(request.params.dict)) ?? [];
      return ok(keys.flatMap((k) => items.filter((i) => i.value === k).map((i) => i.text)));
    },
  );

  app.get<{ Params: { dict: string }; Querystring: { keyword?: string; pageSize: number } }>(
    '/sys/dict/loadDict/:dict',
    {
      config: signedUser,
      schema: {
        params: dictParam('dict'),
        querystring: {
          type: 'object',
          properties: {
            keyword: { type: 'string', maxLength: 100 },
            pageSize: { type: 'integer', minimum: 1, default: 10 },
            sign: { type: 'string' },
          },
        },
      },
      preHandler: verifySignedRequest,
    },
    async (request) => {
      const { keyword } = request.query;
      const pageSize = Math.min(request.query.pageSize, MAX_PAGE_SIZE);
      const table = await tableOf(request, request.params.dict);
      if (table) return ok(await tableDictItems(app.db, table, { keyword, limit: pageSize }));
      const needle = keyword?.trim().toLowerCase() ?? '';
      const items = (await cache.items(request.params.dict)) ?? [];
      return ok(
        items
          .filter((i) => i.text.toLowerCase().includes(needle))
          .slice(0, pageSize)
          .map((i) => dictItem(i.value, i.text)),
      );
    },
  );
};
