import type { FastifyPluginAsync } from 'fastify';
import { STATIC_URL } from '../../runtime/contract/files';

/**
 * `window._CONFIG` as JeecgBoot's public/index.html defines it (`domianURL` is spelled so): the
 * built web app reads its API base and the X-Sign secret (SIGNATURE_SECRET) at runtime, so one
 * build serves any API_BASE and signs as this server checks.
 */
export function runtimeConfigScript(apiBase: string, signatureSecret: string): string {
  return (
    `window._CONFIG = {"domianURL": ${JSON.stringify(apiBase)}, ` +
    `"staticDomainURL": ${JSON.stringify(`${apiBase}${STATIC_URL}`)}, ` +
    `"signatureSecret": ${JSON.stringify(signatureSecret)}};\n`
  );
}

export const configJsRoutes: FastifyPluginAsync<{ apiBase: string; signatureSecret: string }> = async (app, opts) => {
  const script = runtimeConfigScript(opts.apiBase, opts.signatureSecret);
  app.get(
    '/config.js',
    {
      config: { anonymous: true, admission: false },
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
