import type { FastifyInstance } from 'fastify';

const INPUT_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * Every route states its input as JSON Schema (architecture: "every route declares its input").
 * A route registered without one is refused at start, like a route without an access rule.
 */
export function requireInputSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (schema && INPUT_PARTS.some((part) => schema[part] !== undefined)) return;
    throw new Error(
      `路由 ${String(route.method)} ${route.url} 未声明输入的 JSON Schema：请在 schema 中写明 body、querystring 或 params`,
    );
  });
}
