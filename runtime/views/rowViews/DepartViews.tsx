/**
 * The 授权 and 用户 drawers for a department (部门管理's 部门权限 and 用户) and for a department role
 * (部门角色's 授权 and 用户): the role drawers with another target (viewTargets.ts).
 */
import { useMemo } from 'react';
import type { RowViewProps } from './registry';
import { RolePermissionDrawer } from './RolePermissionDrawer';
import { RoleUsersDrawer } from './RoleUsersDrawer';
import { departPermissionTarget, departRolePermissionTarget, departRoleUsersTarget, departUsersTarget } from './viewTargets';

export function DepartPermissionDrawer(props: RowViewProps) {
  const target = useMemo(() => departPermissionTarget(props.row), [props.row]);
  return <RolePermissionDrawer {...props} target={target} />;
}

export function DepartRolePermissionDrawer(props: RowViewProps) {
  const target = useMemo(() => departRolePermissionTarget(props.row), [props.row]);
  return <RolePermissionDrawer {...props} target={target} />;
}

export function DepartUsersDrawer(props: RowViewProps) {
  const target = useMemo(() => departUsersTarget(props.row), [props.row]);
  return <RoleUsersDrawer {...props} target={target} />;
}

export function DepartRoleUsersDrawer(props: RowViewProps) {
  const target = useMemo(() => departRoleUsersTarget(props.row), [props.row]);
  return <RoleUsersDrawer {...props} target={target} />;
}
