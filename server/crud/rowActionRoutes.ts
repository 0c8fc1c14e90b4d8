/**
 * A page's custom row action (list.rowActions object) calls an endpoint the page document cannot
 * create: some server module must serve it. This check makes the two agree at start — the endpoint
 * exists with the action's method and asks for the action's permission code — so a page never offers
 * a link whose call can only answer 404 or be refused, and a renamed route cannot silently strand it.
 */
import type { FastifyInstance } from 'fastify';
import type { CompiledDrawerRowAction, CompiledPage } from '../../runtime/schema/compiledPageTypes';

/** A drawer names a served page, and fields that exist on both sides of its filter. */
function drawerProblems(at: string, page: CompiledPage, action: CompiledDrawerRowAction, pages: readonly CompiledPage[]): string[] {
  const detail = pages.find((p) => `${p.entity.module}/${p.entity.name}` === action.page);
  if (!detail) return [`${at} 行操作「${action.title}」打开的页面 ${action.page} 不存在`];
  const problems: string[] = [];
  for (const [detailField, masterField] of Object.entries(action.filter)) {
    if (!detail.fieldByName.has(detailField)) problems.push(`${at} 行操作「${action.title}」：页面 ${action.page} 没有字段 ${detailField}`);
    if (!page.fieldByName.has(masterField)) problems.push(`${at} 行操作「${action.title}」：本页面没有字段 ${masterField}`);
  }
  return problems;
}
import { servedPageProblems } from './servedPages';

/**
 * Starts recording routes (call before registering them); the returned function checks every custom
 * row action of `pages` against what was registered and throws one Error listing every mismatch.
 */
export function watchRowActionRoutes(app: FastifyInstance, apiBase: string, pages: readonly CompiledPage[]): () => void {
  const permissions = new Map<string, string | undefined>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) permissions.set(`${String(method).toUpperCase()} ${route.url}`, route.config?.permission);
  });
  return () => {
    const problems: string[] = [];
    for (const page of pages) {
      // A page served by a named module (entity.server) must find its endpoints there, with its codes.
      if (page.entity.server) {
        const needed: [string, string][] = [
          ['GET', 'list'], ['POST', 'add'], ['PUT', 'edit'], ['DELETE', 'delete'],
        ];
        const codes: Record<string, string> = { list: page.permissions.list, add: page.permissions.add, edit: page.permissions.edit, delete: page.permissions.delete };
        for (const [method, name] of needed) {
          const route = `${method} ${apiBase}${page.entity.apiPath}/${name}`;
          if (permissions.get(route) !== codes[name]) {
            problems.push(`${page.source}#/entity/server 服务模块 ${page.entity.server} 没有以权限 ${codes[name]} 提供接口 ${route}`);
          }
        }
      }
      // Form footer actions (form.actions) POST the form's values under the page's API path.
      page.form.actions.forEach((action, i) => {
        const route = `POST ${apiBase}${action.url}`;
        const at = `${page.source}#/form/actions/${i}`;
        if (!permissions.has(route)) problems.push(`${at} 表单操作「${action.title}」调用的接口 ${route} 不存在`);
        else if (permissions.get(route) !== action.permission) {
          problems.push(`${at} 表单操作「${action.title}」的权限编码 ${action.permission} 与接口 ${route} 要求的 ${String(permissions.get(route))} 不一致`);
        }
      });
      page.list.rowActions.forEach((action, i) => {
        const at = `${page.source}#/list/rowActions/${i}`;
        if (action.action === 'drawer') {
          problems.push(...drawerProblems(at, page, action, pages));
          return;
        }
        if (action.action !== 'custom') return;
        const route = `${action.method.toUpperCase()} ${apiBase}${action.url}`;
        // A workflow's transition link: one endpoint serves every transition and checks each one's code itself.
        if (action.transition !== undefined) {
          if (!permissions.has(route)) problems.push(`${page.source}#/workflow 流程操作「${action.title}」调用的接口 ${route} 不存在`);
          return;
        }
        if (!permissions.has(route)) {
          problems.push(`${at} 行操作「${action.title}」调用的接口 ${route} 不存在`);
          return;
        }
        const needed = permissions.get(route);
        if (needed !== action.permission) {
          problems.push(`${at} 行操作「${action.title}」的权限编码 ${action.permission} 与接口 ${route} 要求的 ${String(needed)} 不一致`);
        }
      });
    }
    // Upload buttons (list.uploads) post a file to a named module's endpoint, behind their code.
    for (const page of pages) {
      (page.document.list.uploads ?? []).forEach((upload, i) => {
        const route = `POST ${apiBase}${page.entity.apiPath}/${upload.endpoint}`;
        const code = upload.permission ?? page.permissions.add;
        const at = `${page.source}#/list/uploads/${i}`;
        if (!permissions.has(route)) problems.push(`${at} 上传按钮「${upload.title}」调用的接口 ${route} 不存在`);
        else if (permissions.get(route) !== code) problems.push(`${at} 上传按钮「${upload.title}」的权限编码 ${code} 与接口 ${route} 要求的 ${String(permissions.get(route))} 不一致`);
      });
    }
    // Pages served by a named module: every route they call must be there (servedPages.ts).
    problems.push(...servedPageProblems(pages, permissions, apiBase));
    if (problems.length > 0) throw new Error(problems.join('\n'));
  };
}
