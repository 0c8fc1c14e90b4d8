/**
 * Views a row action opens (list.rowActions `{ "key", "title", "view" }`): a page names one by key and
 * the runtime shows it for the clicked row, e.g. 角色's 授权 drawer. Built-in views load on first
 * use; an app may register more under a name the meta-schema lists.
 */
import { createElement, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { Host } from '../../host/types';
import type { CompiledPage, CompiledViewRowAction } from '../../schema/compiledPageTypes';

export type RowViewName = CompiledViewRowAction['view'];

export interface RowViewProps {
  page: CompiledPage;
  host: Host;
  /** The clicked row as the list answered it. */
  row: Readonly<Record<string, unknown>>;
  /** The link text, for the view's title. */
  title: string;
  onClose(): void;
  /** The view changed rows the list shows: reload it. */
  onChanged?(): void;
}

type RowView = ComponentType<RowViewProps> | LazyExoticComponent<ComponentType<RowViewProps>>;

const views = new Map<RowViewName, RowView>([
  ['rolePermission', lazy(() => import('./RolePermissionDrawer').then((m) => ({ default: m.RolePermissionDrawer })))],
  ['roleUsers', lazy(() => import('./RoleUsersDrawer').then((m) => ({ default: m.RoleUsersDrawer })))],
  ['departPermission', lazy(() => import('./DepartViews').then((m) => ({ default: m.DepartPermissionDrawer })))],
  ['departUsers', lazy(() => import('./DepartViews').then((m) => ({ default: m.DepartUsersDrawer })))],
  ['departRolePermission', lazy(() => import('./DepartViews').then((m) => ({ default: m.DepartRolePermissionDrawer })))],
  ['departRoleUsers', lazy(() => import('./DepartViews').then((m) => ({ default: m.DepartRoleUsersDrawer })))],
  ['tenantUsers', lazy(() => import('./TenantViews').then((m) => ({ default: m.TenantUsersDrawer })))],
  ['onlineReportDesigner', lazy(() => import('../onlineReport/OnlineReportDesigner').then((m) => ({ default: m.OnlineReportDesigner })))],
  ['onlineFormDesigner', lazy(() => import('../onlineDesigner/OnlineFormDesigner').then((m) => ({ default: m.OnlineFormDesigner })))],
  ['onlineFormTest', lazy(() => import('../onlineDesigner/OnlineFormTest').then((m) => ({ default: m.OnlineFormTest })))],
  ['onlineFormExport', lazy(() => import('../onlineDesigner/OnlineFormExport').then((m) => ({ default: m.OnlineFormExport })))],
]);

export function registerRowView(name: RowViewName, view: RowView): void {
  views.set(name, view);
}

export function rowViewOf(name: RowViewName): RowView | undefined {
  return views.get(name);
}

/** The registered view `name` for a row (nothing when no view is registered under it). */
export function RowViewOf({ name, ...props }: RowViewProps & { name: RowViewName }): ReactNode {
  const view = views.get(name);
  return view ? createElement(view, props) : null;
}
