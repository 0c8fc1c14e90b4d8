import type { FastifyPluginAsync } from 'fastify';

/**
 * `window._CONFIG` as JeecgBoot's public/index.html defines it (`domianURL` is spelled so): the
 * built web app reads its API base at runtime, so one build serves any API_BASE.
 */
export function runtimeConfigScript(apiBase: string): string {
  return (
    `window._CONFIG = {"domianURL": ${JSON.stringify(apiBase)}, ` +
    `"staticDomainURL": ${JSON.stringify(`${apiBase}/sys/common/static`)}};\n`
  );
}

export const configJsRoutes: FastifyPluginAsync<{ apiBase: string }> = async (app, opts) => {
  const script = runtimeConfigScript(opts.apiBase);
  app.get(
    '/config.js',
    {
      config: { anonymous: true },
      schema: { querystring: { type: 'object', properties: { _t: { type: 'string' } } } },
    },
    async (_request, reply) => {
      return reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(script);
    },
  );
};
