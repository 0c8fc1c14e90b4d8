/** 租户管理's 用户: the role users drawer aimed at a tenant (viewTargets.ts). */
import { useMemo } from 'react';
import type { RowViewProps } from './registry';
import { RoleUsersDrawer } from './RoleUsersDrawer';
import { tenantUsersTarget } from './viewTargets';

export function TenantUsersDrawer(props: RowViewProps) {
  const target = useMemo(() => tenantUsersTarget(props.row), [props.row]);
  return <RoleUsersDrawer {...props} target={target} />;
}
