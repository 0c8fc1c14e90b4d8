/**
 * 我的部门 (queryMyDeptTreeList): the departments the signed-in user belongs to, each with the
 * departments below it. JeecgBoot answers the departments a 负责人 is in charge of; our users carry no
 * such list, so a user's own departments stand for it. A department inside another of the user's
 * departments is shown once, inside its parent.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { buildDepartTree, loadDepartRows, type DepartNode } from './departTree';

export async function myDepartTree(db: Kysely<DB>, userId: string): Promise<DepartNode[]> {
  const own = await db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', userId).execute();
  const mine = new Set(own.map((row) => row.dep_id));
  if (mine.size === 0) return [];
  const found: DepartNode[] = [];
  const walk = (nodes: readonly DepartNode[]) => {
    for (const node of nodes) {
      if (mine.has(node.id)) found.push(node);
      else if (node.children) walk(node.children);
    }
  };
  walk(buildDepartTree(await loadDepartRows(db)));
  return found;
}
