import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../../auth/guard';
import { permissionCodesOf } from '../../auth/permissions';
import { BusinessError, fail, NO_PERMISSION_MESSAGE, ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/routeConfig';
import { previewNumber } from './counter';

export interface FillRuleRoutesOptions {
  /**
   * Per rule code, the permission codes that may preview its numbers: the `add` codes of the pages
   * whose fields it numbers (receive_number → receive:add).
   */
  previewPermissions: ReadonlyMap<string, readonly string[]>;
}

const ruleCodeParams = {
  type: 'object',
  required: ['ruleCode'],
  properties: { ruleCode: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]*$', maxLength: 100 } },
} as const;
/** JeecgBoot posts the form's values (`formData`) for rules that read them; ours do not, any object passes. */
const formDataBody = { type: 'object' } as const;

/**
 * JeecgBoot's `PUT {base}/sys/fillRule/executeRuleByCode/{ruleCode}` → `result`: the number the
 * next saved record would get. Unlike JeecgBoot it does NOT take the number (the counter stays):
 * numbers are taken by the server when a record is saved (add and import, server/crud/entity/
 * fillRules.ts), so calling this in a loop uses up nothing. Only a user who may add records of a
 * page numbered by the rule may ask (its page's `add` code; 510 otherwise) — a rule no page uses
 * answers 510 too.
 */
export const fillRuleRoutes: FastifyPluginAsync<FillRuleRoutesOptions> = async (app, opts) => {
  app.put(
    '/sys/fillRule/executeRuleByCode/:ruleCode',
    // The code to hold depends on the rule, so the guard only asks for a session and the handler decides.
    { config: { permission: SIGNED_IN }, schema: { params: ruleCodeParams, body: formDataBody } },
    async (request, reply) => {
      const { ruleCode } = request.params as { ruleCode: string };
      const allowed = opts.previewPermissions.get(ruleCode) ?? [];
      const held = await permissionCodesOf(app.db, currentUser(request).userId);
      if (!allowed.some((code) => held.has(code))) return reply.code(200).send(fail(NO_PERMISSION_MESSAGE, 510));
      return ok(await previewNumber(app.db, ruleCode));
    },
  );

  // 填值规则's 测试: the next number of one rule, read only (the counter does not move), behind the page's code.
  app.get<{ Querystring: { id: string } }>(
    '/sys/fillRule/testFillRule',
    {
      config: { permission: 'fillRule:test' },
      schema: { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, _t: { type: 'string' } } } },
    },
    async (request) => {
      const rule = await app.db.selectFrom('sys_fill_rule').select('rule_code').where('id', '=', request.query.id).executeTakeFirst();
      if (!rule) throw new BusinessError('未找到对应数据');
      const next = await previewNumber(app.db, rule.rule_code);
      return { ...ok(next), message: `下一个编号：${next}（仅预览，不占用编号）` };
    },
  );
};
