import type { FastifyPluginAsync } from 'fastify';
import { BusinessError, fail, ok, okMessage } from '../http/envelope';
import { SIGNED_IN } from '../http/routeConfig';
import { BROKEN_RULE_MESSAGE, checkValue, MAX_CHECKED_VALUE_LENGTH, parseRuleJson, type CheckOutcome } from './checkRule';
import { isDuplicate, type UniqueColumns } from './duplicateCheck';

const signedIn = { permission: SIGNED_IN } as const;

interface DuplicateQuery {
  tableName: string;
  fieldName: string;
  fieldVal?: string;
  dataId?: string;
}

/** Java's URLDecoder: '+' is a space; a malformed escape leaves the text as it came. */
function urlDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** Form-time checks: uniqueness of a value, and a value against a configured code rule. */
export interface CheckRouteOptions {
  uniqueColumns?: UniqueColumns;
  /** Unique columns of a table not among `uniqueColumns` (an online form's, which a sync may add while the server runs). */
  moreUniqueColumns?: (tableName: string) => Promise<readonly string[] | undefined>;
}

export const checkRoutes: FastifyPluginAsync<CheckRouteOptions> = async (app, opts) => {
  app.get<{ Querystring: DuplicateQuery }>(
    '/sys/duplicate/check',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          required: ['tableName', 'fieldName'],
          properties: {
            tableName: { type: 'string', minLength: 1, maxLength: 64 },
            fieldName: { type: 'string', minLength: 1, maxLength: 64 },
            fieldVal: { type: 'string', maxLength: 1000 },
            dataId: { type: 'string', maxLength: 64 },
            _t: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const { tableName, fieldName, fieldVal, dataId } = request.query;
      if (!fieldVal) return okMessage('数据为空,不作处理！');
      let columns = opts.uniqueColumns;
      if (!columns?.has(tableName) && opts.moreUniqueColumns) {
        const more = await opts.moreUniqueColumns(tableName);
        if (more) columns = new Map([...(columns ?? new Map<string, readonly string[]>()), [tableName, more]]);
      }
      if (await isDuplicate(app.db, tableName, fieldName, fieldVal, dataId || undefined, columns)) {
        return fail('该值不可用，系统中已存在！');
      }
      return okMessage('该值可用！');
    },
  );

  app.get<{ Querystring: { ruleCode: string; value: string } }>(
    '/sys/checkRule/checkByCode',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          required: ['ruleCode', 'value'],
          properties: {
            ruleCode: { type: 'string', minLength: 1, maxLength: 100 },
            value: { type: 'string', maxLength: MAX_CHECKED_VALUE_LENGTH * 3 },
            _t: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const { ruleCode } = request.query;
      // The client sends the value URL-encoded once more (spec §5); decode it like JeecgBoot does.
      const value = urlDecode(request.query.value).slice(0, MAX_CHECKED_VALUE_LENGTH);
      const rule = await app.db.selectFrom('sys_check_rule').select('rule_json').where('rule_code', '=', ruleCode).executeTakeFirst();
      if (!rule) throw new BusinessError('该编码不存在');
      const outcome = outcomeOf(rule.rule_json, value);
      if (outcome.passed) return ok(null);
      return { ...fail(outcome.message), result: outcome };
    },
  );

  // 校验规则's 测试 box: the same check as checkByCode, for the rule of one row, behind the page's code.
  app.get<{ Querystring: { id: string; value?: string } }>(
    '/sys/checkRule/test',
    {
      config: { permission: 'checkRule:test' },
      schema: {
        querystring: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string', minLength: 1, maxLength: 64 },
            value: { type: 'string', maxLength: MAX_CHECKED_VALUE_LENGTH },
            _t: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const rule = await app.db.selectFrom('sys_check_rule').select('rule_json').where('id', '=', request.query.id).executeTakeFirst();
      if (!rule) throw new BusinessError('未找到对应数据');
      const outcome = outcomeOf(rule.rule_json, request.query.value ?? '');
      if (outcome.passed) return okMessage('校验通过');
      return { ...fail(outcome.message), result: outcome };
    },
  );
};

/** A value against a stored rule; a rule that cannot be read is the administrator's to fix. */
function outcomeOf(ruleJson: string, value: string): CheckOutcome {
  const parts = parseRuleJson(ruleJson);
  if (!parts) throw new BusinessError(BROKEN_RULE_MESSAGE);
  try {
    return checkValue(parts, value);
  } catch {
    throw new BusinessError(BROKEN_RULE_MESSAGE);
  }
}
