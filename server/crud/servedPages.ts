/**
 * Pages served by a named server module (`entity.servedBy`): a system table whose writes need
 * behaviour a page cannot declare — 部门管理's org codes, 在线用户's ending of sessions — keeps its page
 * document (list, form, tree, permission codes) while the module answers at the page's API path. The
 * generic CRUD registers nothing for such a page and the DDL neither creates nor checks its table.
 * At start every route the page calls must exist, asking for the page's permission code.
 */
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';

/** The server modules a page may name, and where each lives. */
export const SERVER_MODULES: Readonly<Record<string, string>> = {
  depart: 'server/sys/org/departManageRoutes.ts',
  departRole: 'server/sys/org/departRoleRoutes.ts',
  addressList: 'server/sys/org/addressBookRoutes.ts',
  online: 'server/sys/online/onlineRoutes.ts',
  tenant: 'server/sys/tenant/tenantRoutes.ts',
  serviceNode: 'server/sys/serviceNode/serviceNodeRoutes.ts',
  monitor: 'server/monitor/monitorRoutes.ts',
  businessMonitor: 'server/examples/businessMonitorRoutes.ts',
};

export function isServedByModule(page: CompiledPage): boolean {
  return page.document.entity.servedBy !== undefined;
}

interface NeededRoute {
  route: string;
  /** The permission code the route must ask for; undefined = any (a tree open to pickers). */
  permission?: string;
  why: string;
}

function neededRoutes(page: CompiledPage, apiBase: string): NeededRoute[] {
  const base = `${apiBase}${page.entity.apiPath}`;
  const p = page.permissions;
  const needed: NeededRoute[] = [];
  const manage = page.document.treeManage;
  if (manage) {
    needed.push(
      { route: `GET ${base}/${manage.load}`, why: '树数据' },
      { route: `POST ${base}/add`, permission: p.add, why: '新增' },
      { route: `PUT ${base}/edit`, permission: p.edit, why: '编辑' },
      { route: `DELETE ${base}/delete`, permission: p.delete, why: '删除' },
    );
    return needed;
  }
  needed.push({ route: `GET ${base}/list`, permission: p.list, why: '列表' });
  const monitor = page.document.monitor;
  if (monitor?.endpoint) needed.push({ route: `GET ${base}/${monitor.endpoint}`, permission: p.list, why: '监控数据' });
  for (const { action } of page.list.toolbar) {
    if (action === 'add') needed.push({ route: `POST ${base}/add`, permission: p.add, why: '新增' });
    if (action === 'batchDelete') needed.push({ route: `DELETE ${base}/deleteBatch`, permission: p.delete, why: '批量删除' });
  }
  for (const { action } of page.list.rowActions) {
    if (action === 'edit') needed.push({ route: `PUT ${base}/edit`, permission: p.edit, why: '编辑' });
    if (action === 'delete') needed.push({ route: `DELETE ${base}/delete`, permission: p.delete, why: '删除' });
  }
  return needed;
}

/** What is wrong with the served pages, given the registered routes and their permission codes. */
export function servedPageProblems(pages: readonly CompiledPage[], routes: ReadonlyMap<string, string | undefined>, apiBase: string): string[] {
  const problems: string[] = [];
  for (const page of pages.filter(isServedByModule)) {
    const name = page.document.entity.servedBy!;
    const at = `${page.source}#/entity/servedBy`;
    if (!Object.hasOwn(SERVER_MODULES, name)) {
      problems.push(`${at} 服务模块「${name}」不存在（可选：${Object.keys(SERVER_MODULES).join('、')}）`);
      continue;
    }
    for (const needed of neededRoutes(page, apiBase)) {
      if (!routes.has(needed.route)) problems.push(`${at} 模块「${name}」没有提供${needed.why}接口 ${needed.route}`);
      else if (needed.permission !== undefined && routes.get(needed.route) !== needed.permission) {
        problems.push(`${at} ${needed.why}接口 ${needed.route} 要求的权限编码 ${String(routes.get(needed.route))} 与页面的 ${needed.permission} 不一致`);
      }
    }
  }
  return problems;
}
