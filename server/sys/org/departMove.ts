/**
 * Changing a department's parent (部门管理's 上级机构 on edit). The department takes the next free org
 * code under its new parent and every code below it — deleted departments' too, so codes stay never
 * given twice — swaps the old prefix for the new one; users whose current department (sys_user.org_code)
 * lay in the subtree follow. A department cannot move below itself or one of its sub-departments.
 * Runs inside the caller's transaction, after it took the org-code lock.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { BusinessError } from '../../http/envelope';
import { nextOrgCode } from './orgCode';

export const MOVE_INTO_OWN_SUBTREE = '不能把部门移到它自己或它的下级部门之下';
export const NEW_PARENT_MISSING = '上级部门不存在或已删除';

/** The first code free under a parent: one after the highest code of its level, deleted ones counted. */
export async function freeCodeUnder(trx: Transaction<DB>, parent: { id: string; org_code: string } | undefined): Promise<string> {
  const prefix = parent?.org_code ?? '';
  let siblings = trx.selectFrom('sys_depart').select((eb) => eb.fn.max('org_code').as('code'));
  siblings = parent ? siblings.where('parent_id', '=', parent.id) : siblings.where((eb) => eb.or([eb('parent_id', 'is', null), eb('parent_id', '=', '')]));
  // Codes of this level only: hand-made data may hold a longer or foreign code under the parent.
  siblings = siblings.where(sql<boolean>`length(org_code) = ${prefix.length + 3}`).where(sql<boolean>`left(org_code, ${prefix.length}) = ${prefix}`);
  const highest = (await siblings.executeTakeFirst())?.code ?? undefined;
  return nextOrgCode(prefix, highest ?? undefined);
}

/** Moves `depart` under `parentId` (null: to the first level); nothing happens when the parent is unchanged. */
export async function moveDepart(
  trx: Transaction<DB>,
  depart: { id: string; parent_id: string | null; org_code: string },
  parentId: string | null,
): Promise<void> {
  if ((depart.parent_id || null) === parentId) return;
  let parent: { id: string; org_code: string } | undefined;
  if (parentId !== null) {
    parent = await trx.selectFrom('sys_depart').select(['id', 'org_code']).where('id', '=', parentId).where('del_flag', '=', '0').executeTakeFirst();
    if (!parent) throw new BusinessError(NEW_PARENT_MISSING);
    if (parent.id === depart.id || parent.org_code.startsWith(depart.org_code)) throw new BusinessError(MOVE_INTO_OWN_SUBTREE);
  }
  const oldCode = depart.org_code;
  const newCode = await freeCodeUnder(trx, parent);
  const recode = (column: 'org_code') => sql<string>`${newCode} || substr(${sql.ref(column)}, ${oldCode.length + 1})`;
  const inSubtree = sql<boolean>`left(org_code, ${oldCode.length}) = ${oldCode}`;
  await trx.updateTable('sys_depart').set({ org_code: recode('org_code') }).where(inSubtree).execute();
  await trx.updateTable('sys_user').set({ org_code: recode('org_code') }).where(inSubtree).execute();
  await trx
    .updateTable('sys_depart')
    .set({ parent_id: parent?.id ?? null, org_type: parent ? '2' : '1' })
    .where('id', '=', depart.id)
    .execute();
}
