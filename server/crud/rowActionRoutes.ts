/**
 * A page's custom row action (list.rowActions object) calls an endpoint the page document cannot
 * create: some server module must serve it. This check makes the two agree at start — the endpoint
 * exists with the action's method and asks for the action's permission code — so a page never offers
 * a link whose call can only answer 404 or be refused, and a renamed route cannot silently strand it.
 */
import type { FastifyInstance } from 'fastify';
import type { CompiledPage } from '../../runtime/schema/compiledPage';
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
      page.list.rowActions.forEach((action, i) => {
        if (action.action !== 'custom') return;
        const at = `${page.source}#/list/rowActions/${i}`;
        const route = `${action.method.toUpperCase()} ${apiBase}${action.url}`;
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
    // Pages served by a named module: every route they call must be there (servedPages.ts).
    problems.push(...servedPageProblems(pages, permissions, apiBase));
    if (problems.length > 0) throw new Error(problems.join('\n'));
  };
}
