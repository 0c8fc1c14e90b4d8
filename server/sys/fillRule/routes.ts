import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/routeConfig';
import { takeNumbers } from './counter';

const ruleCodeParams = {
  type: 'object',
  required: ['ruleCode'],
  properties: { ruleCode: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]*$', maxLength: 100 } },
} as const;
/** JeecgBoot posts the form's values (`formData`) for rules that read them; ours do not, any object passes. */
const formDataBody = { type: 'object' } as const;

/**
 * JeecgBoot's `PUT {base}/sys/fillRule/executeRuleByCode/{ruleCode}` → `result`: the rule's next
 * number. Calling it CONSUMES that number (the counter advances and is not given back), exactly as
 * JeecgBoot's does; a form that only wants to show a number should not call it — our forms leave the
 * field empty and the server numbers the record when it is saved (add and import).
 */
export const fillRuleRoutes: FastifyPluginAsync = async (app) => {
  app.put(
    '/sys/fillRule/executeRuleByCode/:ruleCode',
    { config: { permission: SIGNED_IN }, schema: { params: ruleCodeParams, body: formDataBody } },
    async (request) => {
      const { ruleCode } = request.params as { ruleCode: string };
      const [number] = await takeNumbers(app.db, ruleCode, 1);
      return ok(number);
    },
  );
};
