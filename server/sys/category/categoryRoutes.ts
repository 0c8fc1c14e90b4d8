import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/types';
import { BusinessError, ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/routeConfig';
import { parseTreeCondition } from '../tree/treeConditions';
import { treeNode, type TreeNode } from '../tree/treeTables';

/** The pid of the top categories, and the pcode that names them (JeecgBoot's ROOT_PID_VALUE). */
export const CATEGORY_ROOT = '0';
const MAX_CHILDREN = 1000;
/** Columns a category condition or loadOne may name. */
const CATEGORY_COLUMNS: ReadonlySet<string> = new Set(['id', 'pid', 'name', 'code', 'has_child']);

export const unknownCategoryCode = (code: string) => `该编码【${code}】不存在，请核实!`;
export const CATEGORY_TREE_NO_PARAM = '加载分类字典树参数有误.[null]!';
export const CATEGORY_TREE_BAD_CODE = '加载分类字典树参数有误.[code]!';
export const CATEGORY_NOT_FOUND = '查询无果';
export const categoryFieldRefused = (field: string) => `分类字典没有可查询的字段「${field}」`;

export interface CategoryNode extends TreeNode {
  name: string;
  code: string;
}

async function idOfCode(db: Kysely<DB>, code: string): Promise<string | undefined> {
  if (code === CATEGORY_ROOT) return CATEGORY_ROOT;
  const row = await db.selectFrom('sys_category').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id;
}

async function childrenOf(db: Kysely<DB>, pid: string, condition?: string): Promise<CategoryNode[]> {
  const filters = parseTreeCondition(condition, CATEGORY_COLUMNS);
  let query = db
    .selectFrom('sys_category')
    .select(['id', 'name', 'code', 'has_child'])
    .where('pid', '=', pid)
    .orderBy('code')
    .limit(MAX_CHILDREN);
  for (const [column, value] of filters) {
    query = query.where(sql<SqlBool>`CAST(${sql.ref(column)} AS text) = ${String(value)}`);
  }
  const rows = await query.execute();
  return rows.map((r) => ({ ...treeNode(r.id, r.name, r.has_child !== '1'), name: r.name, code: r.code }));
}

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const signedIn = { permission: SIGNED_IN } as const;

/**
 * The category dictionary's read endpoints (JeecgBoot SysCategoryController) for the categoryTree
 * widget. Any signed-in user reads it; it is maintained through the 分类字典 page (sys/category).
 */
export const categoryRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { pcode: string } }>(
    '/sys/category/loadTreeRoot',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          required: ['pcode'],
          properties: { pcode: { type: 'string', minLength: 1, maxLength: 100 }, async: text(10), _t: text(20) },
        },
      },
    },
    async (request) => {
      const pcode = request.query.pcode.trim();
      const pid = await idOfCode(app.db, pcode);
      if (pid === undefined) throw new BusinessError(unknownCategoryCode(pcode));
      return ok(await childrenOf(app.db, pid));
    },
  );

  app.get<{ Querystring: { pid: string } }>(
    '/sys/category/loadTreeChildren',
    {
      config: signedIn,
      schema: { querystring: { type: 'object', required: ['pid'], properties: { pid: { type: 'string', minLength: 1, maxLength: 64 }, _t: text(20) } } },
    },
    async (request) => ok(await childrenOf(app.db, request.query.pid.trim())),
  );

  app.get<{ Querystring: { pid?: string; pcode?: string; condition?: string } }>(
    '/sys/category/loadTreeData',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          properties: { pid: text(64), pcode: text(100), condition: text(2000), _t: text(20) },
        },
      },
    },
    async (request) => {
      let pid = request.query.pid?.trim() ?? '';
      if (pid === '') {
        const pcode = request.query.pcode?.trim() ?? '';
        if (pcode === '') throw new BusinessError(CATEGORY_TREE_NO_PARAM);
        pid = (await idOfCode(app.db, pcode)) ?? '';
        if (pid === '') throw new BusinessError(CATEGORY_TREE_BAD_CODE);
      }
      return ok(await childrenOf(app.db, pid, request.query.condition));
    },
  );

  app.get<{ Querystring: { field: string; val: string } }>(
    '/sys/category/loadOne',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          required: ['field', 'val'],
          properties: { field: { type: 'string', minLength: 1, maxLength: 64 }, val: text(200), _t: text(20) },
        },
      },
    },
    async (request) => {
      const field = [...CATEGORY_COLUMNS].find((c) => c === request.query.field);
      if (!field) throw new BusinessError(categoryFieldRefused(request.query.field));
      const rows = await app.db
        .selectFrom('sys_category')
        .select(['id', 'pid', 'name', 'code', 'has_child', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code'])
        .where(sql<SqlBool>`CAST(${sql.ref(field)} AS text) = ${request.query.val}`)
        .limit(2)
        .execute();
      if (rows.length === 0) throw new BusinessError(CATEGORY_NOT_FOUND);
      if (rows.length > 1) throw new BusinessError(`查询数据异常,[${field}]存在多个值:${request.query.val}`);
      const r = rows[0];
      return ok({
        id: r.id,
        pid: r.pid,
        name: r.name,
        code: r.code,
        hasChild: r.has_child,
        createBy: r.create_by,
        createTime: r.create_time,
        updateBy: r.update_by,
        updateTime: r.update_time,
        sysOrgCode: r.sys_org_code,
      });
    },
  );

  app.get<{ Querystring: { ids: string; delNotExist: boolean } }>(
    '/sys/category/loadDictItem',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          required: ['ids'],
          properties: { ids: text(4000), delNotExist: { type: 'boolean', default: true }, _t: text(20) },
        },
      },
    },
    async (request) => {
      const ids = request.query.ids.split(',').map((s) => s.trim()).filter(Boolean);
      if (ids.length === 0) return ok([]);
      const rows = await app.db.selectFrom('sys_category').select(['id', 'name']).where('id', 'in', ids).execute();
      const names = new Map(rows.map((r) => [r.id, r.name]));
      // As JeecgBoot: unknown ids are dropped, or kept as they are with delNotExist=false.
      return ok(ids.flatMap((id) => (names.has(id) ? [names.get(id) as string] : request.query.delNotExist ? [] : [id])));
    },
  );
};
