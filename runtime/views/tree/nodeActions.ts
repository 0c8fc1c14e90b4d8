/**
 * The buttons a tree page offers for its chosen node (treeManage.nodeActions): each opens a registered
 * view for the node, shown to holders of its code — `permission`, else <prefix>:<key>.
 */
import type { PageTreeManage, PageTreeManageNodeAction } from '../../generated/page';
import type { CompiledPage } from '../../schema/compiledPageTypes';

export interface NodeAction {
  key: string;
  title: string;
  view: PageTreeManageNodeAction['view'];
  permission: string;
}

export function nodeActionsOf(page: CompiledPage, manage: PageTreeManage, mayUse: (code: string) => boolean): NodeAction[] {
  return (manage.nodeActions ?? [])
    .map((action) => ({
      key: action.key,
      title: action.title,
      view: action.view,
      permission: action.permission ?? `${page.entity.permissionPrefix}:${action.key}`,
    }))
    .filter((action) => mayUse(action.permission));
}
