/**
 * 菜单管理 (the page schemas/pages/sys/permission.json names this module as `entity.server`):
 * JeecgBoot's `/sys/permission/list|queryById|add|edit|delete` over sys_permission. The generic CRUD
 * cannot serve it: the list answers the whole tree, a menu's type decides where it may hang, the
 * is_leaf flags of parents follow their children, and a delete takes the children (and every role's
 * grants of them) along. Input is validated by the page's own fields through the entity service.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { EntityService } from '../../crud/entity';
import { EntityValidationError, NOT_FOUND_RECORD, toRecords } from '../../crud/entity';
import { actorOf } from '../../crud/entity/context';
import type { FieldError } from '../../crud/entity/validate';
import type { DB } from '../../db/types';
import { inTransaction } from '../../db/transaction';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { buildTree, subtreeIds } from './menuTree';

const TOP_MENU = 0;
const BUTTON = 2;

const idQuery = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, _t: { type: 'string' } } } as const;
const listQuery = { type: 'object', properties: { _t: { type: 'string' }, name: { type: 'string', maxLength: 100 } }, additionalProperties: { type: 'string' } } as const;
const parentQuery = { type: 'object', required: ['parentId'], properties: { parentId: { type: 'string', minLength: 1, maxLength: 64 }, _t: { type: 'string' } } } as const;
const parentsQuery = { type: 'object', required: ['parentIds'], properties: { parentIds: { type: 'string', minLength: 1, maxLength: 10_000 }, _t: { type: 'string' } } } as const;
const recordBody = { type: 'object' } as const;

type Input = Record<string, unknown>;

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

async function allRows(db: Kysely<DB>) {
  return db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0).execute();
}

/** Where a menu of this type may hang, and a button's code: refusals by field, as the form shows them. */
async function placementErrors(db: Kysely<DB>, input: Input, selfId?: string): Promise<FieldError[]> {
  const menuType = Number(input.menuType);
  const parentId = text(input.parentId);
  const errors: FieldError[] = [];
  if (menuType === TOP_MENU) {
    if (parentId) errors.push({ field: 'parentId', label: '上级菜单', message: '一级菜单不能有上级菜单' });
  } else if (!parentId) {
    errors.push({ field: 'parentId', label: '上级菜单', message: '子菜单和按钮必须选择上级菜单' });
  } else {
    const rows = await allRows(db);
    const parent = rows.find((r) => r.id === parentId);
    if (!parent) errors.push({ field: 'parentId', label: '上级菜单', message: '上级菜单不存在' });
    else if (parent.menu_type === BUTTON) errors.push({ field: 'parentId', label: '上级菜单', message: '按钮下不能再添加菜单或按钮' });
    else if (selfId && subtreeIds(rows.map((r) => ({ id: r.id, parentId: r.parent_id })), [selfId]).includes(parentId)) {
      errors.push({ field: 'parentId', label: '上级菜单', message: '上级菜单不能是自己或自己的下级' });
    }
  }
  if (menuType === BUTTON) {
    if (!text(input.perms)) errors.push({ field: 'perms', label: '授权标识', message: '按钮必须填写授权标识' });
    else {
      const taken = await db
        .selectFrom('sys_permission')
        .select('id')
        .where('perms', '=', text(input.perms))
        .where('del_flag', '=', 0)
        .$if(selfId !== undefined, (q) => q.where('id', '!=', selfId as string))
        .executeTakeFirst();
      if (taken) errors.push({ field: 'perms', label: '授权标识', message: `授权标识「${text(input.perms)}」已存在` });
    }
  } else if (!text(input.url)) {
    errors.push({ field: 'url', label: '菜单路径', message: '请输入菜单路径' });
  }
  return errors;
}

/** A menu's own parent and type decide the rest: top menus have no parent, buttons no route. */
function normalised(input: Input): Input {
  const menuType = Number(input.menuType);
  const out: Input = { ...input, parentId: menuType === TOP_MENU ? null : text(input.parentId) || null };
  if (menuType === BUTTON) Object.assign(out, { route: false, url: null, component: null });
  // The form hides a button's 授权策略 and 状态 on menus and sends them empty; the columns keep a value.
  if (!text(out.permsType)) out.permsType = '1';
  if (!text(out.status)) out.status = '1';
  return out;
}

/** is_leaf of each of these menus: true exactly when nothing hangs below it any more. */
async function refreshLeaves(trx: Transaction<DB>, ids: readonly (string | null | undefined)[]): Promise<void> {
  for (const id of new Set(ids.filter((x): x is string => !!x))) {
    const child = await trx.selectFrom('sys_permission').select('id').where('parent_id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    await trx.updateTable('sys_permission').set({ is_leaf: !child }).where('id', '=', id).execute();
  }
}

export function permissionMenuRoutes(app: FastifyInstance, service: EntityService): void {
  const { model } = service;
  const perms = model.page.permissions;
  const base = model.page.entity.apiPath;

  type MenuRow = Awaited<ReturnType<typeof allRows>>[number];
  /** Records as the page shows them, with JeecgBoot's `leaf` flag; ordered by sort_no. */
  const recordsOf = async (rows: readonly MenuRow[]) => {
    const sorted = [...rows].sort((a, b) => Number(a.sort_no ?? 0) - Number(b.sort_no ?? 0) || a.id.localeCompare(b.id));
    const records = await toRecords(model, sorted, service.dicts);
    return records.map((record, i) => ({
      ...record,
      id: String(record.id),
      parentId: record.parentId ? String(record.parentId) : null,
      sortNo: Number(record.sortNo ?? 0),
      leaf: sorted[i].is_leaf === true,
    }));
  };
  const isRoot = (row: MenuRow) => !row.parent_id;

  // The whole tree; with `name` (菜单名称, JeecgBoot's like value `*x*` too) the matching menus with
  // their ancestors, so each match is shown where it hangs.
  app.get(`${base}/list`, { config: { permission: perms.list }, schema: { querystring: listQuery } }, async (request) => {
    const rows = await allRows(app.db);
    const wanted = text((request.query as { name?: string }).name).replace(/^\*+|\*+$/g, '');
    let shown = rows;
    if (wanted) {
      const byId = new Map(rows.map((r) => [r.id, r]));
      const keep = new Set<string>();
      for (const row of rows.filter((r) => r.name.includes(wanted))) {
        for (let at: MenuRow | undefined = row; at && !keep.has(at.id); at = at.parent_id ? byId.get(at.parent_id) : undefined) keep.add(at.id);
      }
      shown = rows.filter((r) => keep.has(r.id));
    }
    return ok(buildTree(await recordsOf(shown)));
  });

  // JeecgBoot's lazy menu tree: the first level, then the children of one or of several menus.
  app.get(`${base}/getSystemMenuList`, { config: { permission: perms.list }, schema: { querystring: listQuery } }, async () =>
    ok(await recordsOf((await allRows(app.db)).filter(isRoot))),
  );
  app.get(`${base}/getSystemSubmenu`, { config: { permission: perms.list }, schema: { querystring: parentQuery } }, async (request) => {
    const { parentId } = request.query as { parentId: string };
    return ok(await recordsOf((await allRows(app.db)).filter((r) => r.parent_id === parentId)));
  });
  app.get(`${base}/getSystemSubmenuBatch`, { config: { permission: perms.list }, schema: { querystring: parentsQuery } }, async (request) => {
    const parentIds = [...new Set(text((request.query as { parentIds: string }).parentIds).split(',').map((id) => id.trim()).filter(Boolean))].slice(0, 500);
    const rows = await allRows(app.db);
    const answer: Record<string, unknown[]> = {};
    for (const parentId of parentIds) answer[parentId] = await recordsOf(rows.filter((r) => r.parent_id === parentId));
    return ok(answer);
  });

  app.get(`${base}/queryById`, { config: { permission: perms.list }, schema: { querystring: idQuery } }, async (request) => {
    const { id } = request.query as { id: string };
    const row = await app.db.selectFrom('sys_permission').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    if (!row) throw new BusinessError(NOT_FOUND_RECORD);
    const [record] = await toRecords(model, [row], service.dicts);
    return ok(record);
  });

  const save = (mode: 'add' | 'edit') => async (request: { body: unknown }, reply: { code(n: number): { send(b: unknown): unknown } }) => {
    const input = normalised((request.body ?? {}) as Input);
    try {
      await inTransaction(app.db, async (trx) => {
        const selfId = mode === 'edit' ? text(input.id) : undefined;
        const before = selfId ? await trx.selectFrom('sys_permission').select('parent_id').where('id', '=', selfId).where('del_flag', '=', 0).executeTakeFirst() : undefined;
        if (mode === 'edit' && !before) throw new BusinessError(NOT_FOUND_RECORD);
        const errors = await placementErrors(trx, input, selfId);
        if (errors.length > 0) throw new EntityValidationError(errors);
        const actor = actorOf(request as Parameters<typeof actorOf>[0]);
        if (mode === 'add') await service.add(trx, input, actor);
        else await service.edit(trx, input, actor);
        await refreshLeaves(trx, [before?.parent_id, input.parentId as string | null]);
        if (selfId) await refreshLeaves(trx, [selfId]);
      });
    } catch (err) {
      if (err instanceof EntityValidationError) {
        return reply.code(200).send({ success: false, message: err.message, code: 500, result: { errors: err.errors }, timestamp: Date.now() });
      }
      throw err;
    }
    return okMessage(mode === 'add' ? '添加成功！' : '编辑成功！');
  };
  app.post(`${base}/add`, { config: { permission: perms.add }, schema: { body: recordBody } }, save('add'));
  app.put(`${base}/edit`, { config: { permission: perms.edit }, schema: { body: recordBody } }, save('edit'));
  app.post(`${base}/edit`, { config: { permission: perms.edit }, schema: { body: recordBody } }, save('edit'));

  app.delete(`${base}/delete`, { config: { permission: perms.delete }, schema: { querystring: idQuery } }, async (request) => {
    const { id } = request.query as { id: string };
    const removed = await inTransaction(app.db, async (trx) => {
      const rows = await allRows(trx);
      const target = rows.find((r) => r.id === id);
      if (!target) throw new BusinessError(NOT_FOUND_RECORD);
      const ids = subtreeIds(rows.map((r) => ({ id: r.id, parentId: r.parent_id })), [id]);
      // The rows go for good, and with them (ON DELETE CASCADE) every role's grant of them.
      await trx.deleteFrom('sys_permission').where('id', 'in', ids).execute();
      await refreshLeaves(trx, [target.parent_id]);
      return ids.length;
    });
    return okMessage(removed > 1 ? `删除成功！（含下级 ${removed - 1} 项）` : '删除成功！');
  });
}
