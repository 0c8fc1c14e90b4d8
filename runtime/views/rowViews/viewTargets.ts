/**
 * What the 授权 and 用户 drawers work on, by registered view: a role (角色管理), a department (部门管理's
 * 部门权限 and 用户) or a department role (部门角色's 授权 and 用户). The drawers are the same; only the
 * endpoints, their parameters and the titles differ — JeecgBoot's paths for each.
 */
import type { RequestParams } from '../../host/types';

type RowRecord = Readonly<Record<string, unknown>>;

export interface PermissionTarget {
  title: string;
  /** The checkable tree ({treeList, ids}). */
  tree: { url: string; params?: RequestParams };
  /** The ids granted now. */
  granted: { url: string; params: RequestParams };
  /** The save; its body gets permissionIds and lastpermissionIds besides these. */
  save: { url: string; body: Record<string, string> };
  /** A role's tree: clicking a menu chooses which of its 数据规则 the role gets (RoleDataRuleDrawer). */
  dataRulesOfRole?: string;
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export function rolePermissionTarget(row: RowRecord): PermissionTarget {
  const roleId = text(row.id);
  return {
    title: `角色权限配置：${text(row.roleName)}`,
    tree: { url: '/sys/permission/queryTreeList' },
    granted: { url: '/sys/permission/queryRolePermission', params: { roleId } },
    save: { url: '/sys/permission/saveRolePermission', body: { roleId } },
    dataRulesOfRole: roleId,
  };
}

export function departPermissionTarget(row: RowRecord): PermissionTarget {
  const departId = text(row.id);
  return {
    title: `部门权限配置：${text(row.departName ?? row.title)}`,
    tree: { url: '/sys/sysDepartPermission/queryTreeList' },
    granted: { url: '/sys/permission/queryDepartPermission', params: { departId } },
    save: { url: '/sys/permission/saveDepartPermission', body: { departId } },
  };
}

/** A department role may be granted only what its department holds: the tree is that part. */
export function departRolePermissionTarget(row: RowRecord): PermissionTarget {
  const roleId = text(row.id);
  return {
    title: `部门角色权限配置：${text(row.roleName)}`,
    tree: { url: '/sys/sysDepartPermission/queryTreeListForDeptRole', params: { departId: text(row.departId) } },
    granted: { url: '/sys/sysDepartPermission/queryDeptRolePermission', params: { roleId } },
    save: { url: '/sys/sysDepartPermission/saveDeptRolePermission', body: { roleId } },
  };
}

export interface UsersTarget {
  title: string;
  /** Who it is: 角色「公估师」, 部门「财务部」 — in the remove questions. */
  subject: string;
  list: { url: string; params: RequestParams };
  add(userIds: readonly string[]): { url: string; body: Record<string, unknown> };
  remove(userId: string): { url: string; params: RequestParams };
  removeBatch(userIds: readonly string[]): { url: string; params: RequestParams };
}

export function roleUsersTarget(row: RowRecord): UsersTarget {
  const roleId = text(row.id);
  return {
    title: `角色用户：${text(row.roleName)}`,
    subject: `角色「${text(row.roleName)}」`,
    list: { url: '/sys/user/userRoleList', params: { roleId } },
    add: (userIds) => ({ url: '/sys/user/addSysUserRole', body: { roleId, userIdList: [...userIds] } }),
    remove: (userId) => ({ url: '/sys/user/deleteUserRole', params: { roleId, userId } }),
    removeBatch: (userIds) => ({ url: '/sys/user/deleteUserRoleBatch', params: { roleId, userIds: userIds.join(',') } }),
  };
}

export function departUsersTarget(row: RowRecord): UsersTarget {
  const depId = text(row.id);
  const name = text(row.departName ?? row.title);
  return {
    title: `部门用户：${name}`,
    subject: `部门「${name}」`,
    list: { url: '/sys/user/departUserList', params: { depId } },
    add: (userIds) => ({ url: '/sys/user/editSysDepartWithUser', body: { depId, userIdList: [...userIds] } }),
    remove: (userId) => ({ url: '/sys/user/deleteUserInDepart', params: { depId, userId } }),
    removeBatch: (userIds) => ({ url: '/sys/user/deleteUserInDepartBatch', params: { depId, userIds: userIds.join(',') } }),
  };
}

export function departRoleUsersTarget(row: RowRecord): UsersTarget {
  const roleId = text(row.id);
  return {
    title: `部门角色用户：${text(row.roleName)}`,
    subject: `部门角色「${text(row.roleName)}」`,
    list: { url: '/sys/sysDepartRole/roleUserList', params: { roleId } },
    add: (userIds) => ({ url: '/sys/sysDepartRole/addRoleUsers', body: { roleId, userIdList: [...userIds] } }),
    remove: (userId) => ({ url: '/sys/sysDepartRole/deleteRoleUser', params: { roleId, userId } }),
    removeBatch: (userIds) => ({ url: '/sys/sysDepartRole/deleteRoleUserBatch', params: { roleId, userIds: userIds.join(',') } }),
  };
}

/** A tenant's users (租户管理's 用户): those whose sys_user.rel_tenant_ids lists it. */
export function tenantUsersTarget(row: RowRecord): UsersTarget {
  const tenantId = text(row.id);
  return {
    title: `租户用户：${text(row.name)}`,
    subject: `租户「${text(row.name)}」`,
    list: { url: '/sys/tenant/tenantUserList', params: { tenantId } },
    add: (userIds) => ({ url: '/sys/tenant/addTenantUser', body: { tenantId, userIdList: [...userIds] } }),
    remove: (userId) => ({ url: '/sys/tenant/deleteTenantUser', params: { tenantId, userId } }),
    removeBatch: (userIds) => ({ url: '/sys/tenant/deleteTenantUserBatch', params: { tenantId, userIds: userIds.join(',') } }),
  };
}
