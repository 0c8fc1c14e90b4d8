/**
 * 部门管理's writes on sys_depart (JeecgBoot's SysDepartController add / edit / delete / deleteBatch):
 * a new department gets the next hierarchical org code under its parent (orgCode.ts), in a
 * transaction holding a lock so two adds never compute the same code; an edit naming another parent
 * moves the department with its subtree (departMove.ts). A department is
 * removed only when nothing hangs below it: no sub-department and no user — the refusal names them.
 * Removal sets del_flag, as records elsewhere keep naming the department by id.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { newId } from '../../db/ids';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../http/envelope';
import { freeCodeUnder, moveDepart } from './departMove';

export const DEPART_MISSING = '未找到对应部门';
export const PARENT_MISSING = '上级部门不存在或已删除';

/** What the form sends (JeecgBoot's SysDepart field names). */
export interface DepartInput {
  departName: string;
  departNameAbbr?: string | null;
  departOrder?: number | null;
  description?: string | null;
  orgCategory?: string | null;
  mobile?: string | null;
  address?: string | null;
  memo?: string | null;
  status?: string | null;
}

/** '1' 公司, '2' 部门, '3' 岗位 (dictionary org_category). */
const ORG_CATEGORIES = new Set(['1', '2', '3']);
/** Transaction-scoped advisory lock key of org code allocation ('ldOC' in ASCII). */
const ORG_CODE_LOCK = 0x6c644f43;

function blankToNull(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

function columnsOf(input: DepartInput) {
  const name = input.departName.trim();
  if (name === '') throw new BusinessError('部门名称不能为空');
  const category = blankToNull(input.orgCategory) ?? '2';
  if (!ORG_CATEGORIES.has(category)) throw new BusinessError(`机构类别「${category}」不是可选的值`);
  const status = blankToNull(input.status) ?? '1';
  if (status !== '1' && status !== '0') throw new BusinessError(`状态「${status}」不是可选的值`);
  return {
    depart_name: name,
    depart_name_abbr: blankToNull(input.departNameAbbr),
    depart_order: input.departOrder ?? 0,
    description: blankToNull(input.description),
    org_category: category,
    mobile: blankToNull(input.mobile),
    address: blankToNull(input.address),
    memo: blankToNull(input.memo),
    status,
  };
}

async function liveDepart(trx: Transaction<DB>, id: string) {
  return trx
    .selectFrom('sys_depart')
    .select(['id', 'parent_id', 'depart_name', 'org_code'])
    .where('id', '=', id)
    .where('del_flag', '=', '0')
    .executeTakeFirst();
}

/** Siblings under one parent may not share a name: the pickers show names only. */
async function refuseSameName(trx: Transaction<DB>, parentId: string | null, name: string, exceptId?: string) {
  let query = trx.selectFrom('sys_depart').select('id').where('del_flag', '=', '0').where('depart_name', '=', name);
  query = parentId === null ? query.where((eb) => eb.or([eb('parent_id', 'is', null), eb('parent_id', '=', '')])) : query.where('parent_id', '=', parentId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw new BusinessError(`同一上级下已有部门「${name}」`);
}

export async function addDepart(db: Kysely<DB>, input: DepartInput & { parentId?: string | null }, username: string): Promise<{ id: string; orgCode: string }> {
  const columns = columnsOf(input);
  const parentId = blankToNull(input.parentId);
  return inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${ORG_CODE_LOCK})`.execute(trx);
    const parent = parentId === null ? undefined : await liveDepart(trx, parentId);
    if (parentId !== null && !parent) throw new BusinessError(PARENT_MISSING);
    await refuseSameName(trx, parentId, columns.depart_name);
    const orgCode = await freeCodeUnder(trx, parent);
    if (input.departOrder === undefined || input.departOrder === null) {
      // Without an order a new department goes last among its siblings, not first (order 0).
      let orders = trx.selectFrom('sys_depart').select((eb) => eb.fn.max('depart_order').as('n')).where('del_flag', '=', '0');
      orders = parent ? orders.where('parent_id', '=', parent.id) : orders.where((eb) => eb.or([eb('parent_id', 'is', null), eb('parent_id', '=', '')]));
      columns.depart_order = Number((await orders.executeTakeFirst())?.n ?? 0) + 1;
    }
    const id = newId();
    await trx
      .insertInto('sys_depart')
      .values({ id, parent_id: parent?.id ?? null, org_code: orgCode, org_type: parent ? '2' : '1', del_flag: '0', create_by: username, ...columns })
      .execute();
    return { id, orgCode };
  });
}

/** A field the client leaves out of an edit keeps its stored value; a parentId given ('' = none) moves the department. */
export async function editDepart(db: Kysely<DB>, id: string, input: DepartInput & { parentId?: string | null }, username: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${ORG_CODE_LOCK})`.execute(trx);
    const depart = await trx
      .selectFrom('sys_depart')
      .selectAll()
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!depart) throw new BusinessError(DEPART_MISSING);
    const columns = columnsOf({
      departName: input.departName,
      departNameAbbr: input.departNameAbbr === undefined ? depart.depart_name_abbr : input.departNameAbbr,
      departOrder: input.departOrder === undefined ? depart.depart_order : input.departOrder,
      description: input.description === undefined ? depart.description : input.description,
      orgCategory: input.orgCategory === undefined ? depart.org_category : input.orgCategory,
      mobile: input.mobile === undefined ? depart.mobile : input.mobile,
      address: input.address === undefined ? depart.address : input.address,
      memo: input.memo === undefined ? depart.memo : input.memo,
      status: input.status === undefined ? depart.status : input.status,
    });
    const parentId = input.parentId === undefined ? depart.parent_id || null : blankToNull(input.parentId);
    await refuseSameName(trx, parentId, columns.depart_name, id);
    await moveDepart(trx, depart, parentId);
    await trx
      .updateTable('sys_depart')
      .set({ ...columns, update_by: username, update_time: sql<string>`now()` })
      .where('id', '=', id)
      .execute();
  });
}

/** Names shown in a refusal: the first few, then how many in all. */
function nameList(names: readonly string[]): string {
  const shown = names.slice(0, 3).join('、');
  return names.length > 3 ? `${shown}等${names.length}个` : shown;
}

/** Why a department cannot go, or undefined when it can. */
async function whyKept(trx: Transaction<DB>, depart: { id: string; depart_name: string }, leaving: ReadonlySet<string>): Promise<string | undefined> {
  const children = await trx
    .selectFrom('sys_depart')
    .select(['id', 'depart_name'])
    .where('parent_id', '=', depart.id)
    .where('del_flag', '=', '0')
    .orderBy('depart_order')
    .orderBy('org_code')
    .execute();
  const staying = children.filter((c) => !leaving.has(c.id));
  if (staying.length > 0) return `部门「${depart.depart_name}」下还有下级部门（${nameList(staying.map((c) => c.depart_name))}），不能删除`;
  const users = await trx
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_user as u', 'u.id', 'ud.user_id')
    .select('u.realname')
    .where('ud.dep_id', '=', depart.id)
    .where('u.del_flag', '=', 0)
    .orderBy('u.realname')
    .execute();
  if (users.length > 0) {
    return `部门「${depart.depart_name}」下还有${users.length}名用户（${users.slice(0, 3).map((u) => u.realname).join('、')}${users.length > 3 ? '等' : ''}），不能删除`;
  }
  return undefined;
}

/** Removes the departments, all or none; a batch may hold a department together with its sub-departments. */
export async function deleteDeparts(db: Kysely<DB>, ids: readonly string[], username: string): Promise<number> {
  const unique = [...new Set(ids.map((id) => id.trim()).filter((id) => id !== ''))];
  if (unique.length === 0) throw new BusinessError('请选择要删除的部门');
  return inTransaction(db, async (trx) => {
    const departs = await trx
      .selectFrom('sys_depart')
      .select(['id', 'depart_name'])
      .where('id', 'in', unique)
      .where('del_flag', '=', '0')
      .execute();
    if (departs.length !== unique.length) throw new BusinessError(DEPART_MISSING);
    const leaving = new Set(unique);
    for (const depart of departs) {
      const reason = await whyKept(trx, depart, leaving);
      if (reason) throw new BusinessError(reason);
    }
    // Its 部门角色 (with their grants and holders) and 部门权限 go with it: nobody may hold them any more.
    await trx.deleteFrom('sys_depart_role').where('depart_id', 'in', unique).execute();
    await trx.deleteFrom('sys_depart_permission').where('depart_id', 'in', unique).execute();
    await trx.updateTable('sys_depart').set({ del_flag: '1', update_by: username, update_time: sql<string>`now()` }).where('id', 'in', unique).execute();
    return departs.length;
  });
}
