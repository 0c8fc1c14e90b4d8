import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type Expression, type SqlBool } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dataRuleFilter, operatorOf, ruleCondition, substituteVariables, type DataRule, type RuleSession } from '../../../server/crud/entity/dataRules';
import type { EntityFields } from '../../../server/crud/query';

// Compiles SQL without a database: the rules' SQL text and parameters are what is checked here.
const compiler = new Kysely<Record<string, Record<string, unknown>>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
function compiled(condition: Expression<SqlBool> | undefined) {
  if (!condition) return undefined;
  const { sql, parameters } = compiler.selectFrom('t').selectAll().where(condition).compile();
  return { where: sql.slice(sql.indexOf(' where ') + 7), parameters };
}

const fields: EntityFields = new Map([
  ['createBy', { column: 'create_by', kind: 'string' as const, label: '创建人' }],
  ['sysOrgCode', { column: 'sys_org_code', kind: 'string' as const }],
  ['age', { column: 'age', kind: 'integer' as const, label: '年龄' }],
  ['birthday', { column: 'birthday', kind: 'date' as const }],
]);
// 2026-01-15 23:30 in Beijing is 15:30 UTC.
const session: RuleSession = { username: 'lisi', orgCode: 'A01A03', tenantId: 7, now: new Date('2026-01-15T15:30:05Z') };
const rule = (ruleColumn: string, ruleConditions: string, ruleValue: string): DataRule => ({ id: 'r', ruleName: '规则', ruleColumn, ruleConditions, ruleValue });
const applied = (r: DataRule) => {
  const outcome = ruleCondition(fields, r, session);
  if (outcome.kind !== 'applied') throw new Error(`${outcome.kind}: ${outcome.reason}`);
  return compiled(outcome.condition);
};

describe('数据规则 as SQL', () => {
  it('substitutes the session variables (snake and camel case), Beijing date and time; leaves others as written', () => {
    expect(substituteVariables('#{sys_user_code}', session)).toBe('lisi');
    expect(substituteVariables('#{sysOrgCode}-x', session)).toBe('A01A03-x');
    expect(substituteVariables('#{sys_date}|#{sys_time}|#{tenant_id}', session)).toBe('2026-01-15|2026-01-15 23:30:05|7');
    expect(substituteVariables('#{unknown}', session)).toBe('#{unknown}');
    expect(substituteVariables('#{sys_org_code}', { ...session, orgCode: null })).toBe('');
  });

  it('reads JeecgBoot’s conditions (values and names) and nothing else', () => {
    expect(['=', '!=', '>', '>=', '<', '<=', 'IN', 'LIKE', 'RIGHT_LIKE', 'LEFT_LIKE'].map(operatorOf)).toEqual(['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'like', 'right_like', 'left_like']);
    expect(operatorOf('ge')).toBe('ge');
    expect(operatorOf('USE_SQL_RULES')).toBeUndefined();
    expect(operatorOf('; DROP')).toBeUndefined();
  });

  it.each([
    ['=', '#{sys_user_code}', '"create_by" = $1', ['lisi']],
    ['!=', 'x', '"create_by" <> $1', ['x']],
    ['>', 'm', '"create_by" > $1', ['m']],
    ['>=', 'm', '"create_by" >= $1', ['m']],
    ['<', 'm', '"create_by" < $1', ['m']],
    ['<=', 'm', '"create_by" <= $1', ['m']],
    ['IN', 'a, b,,c', '"create_by" in ($1, $2, $3)', ['a', 'b', 'c']],
    ['LIKE', '5%_', `"create_by" like $1 escape '\\'`, ['%5\\%\\_%']],
    ['RIGHT_LIKE', 'lis', `"create_by" like $1 escape '\\'`, ['lis%']],
    ['LEFT_LIKE', 'isi', `"create_by" like $1 escape '\\'`, ['%isi']],
  ])('%s binds its value', (condition, value, where, parameters) => {
    const out = applied(rule('createBy', condition, value));
    expect(out?.where.toLowerCase()).toBe(where);
    expect(out?.parameters).toEqual(parameters);
  });

  it('finds the field by name or column; the value is never SQL text', () => {
    const out = applied(rule('create_by', '=', "x' OR '1'='1"));
    expect(out).toEqual({ where: '"create_by" = $1', parameters: ["x' OR '1'='1"] });
  });

  it('types the value by the field: integers as numbers, a value that cannot fit closes the page', () => {
    expect(applied(rule('age', '>=', '18'))).toEqual({ where: '"age" >= $1', parameters: [18] });
    expect(ruleCondition(fields, rule('age', '=', 'abc'), session)).toMatchObject({ kind: 'closed' });
    expect(ruleCondition(fields, rule('birthday', '<=', '#{sys_date}'), session)).toMatchObject({ kind: 'applied' });
    expect(ruleCondition(fields, rule('createBy', 'USE_SQL_RULES', 'select 1'), session)).toMatchObject({ kind: 'closed' });
    expect(ruleCondition(fields, rule('createBy', 'IN', ' , '), session)).toMatchObject({ kind: 'closed' });
  });

  it('ANDs every rule, ignores (and reports) one naming no field, and lets nothing through for a broken one', () => {
    const reported: string[] = [];
    const report = (r: DataRule, outcome: { kind: string }) => reported.push(`${r.ruleColumn}:${outcome.kind}`);
    const both = dataRuleFilter(fields, [rule('createBy', '=', '#{sys_user_code}'), rule('ghost', '=', 'x'), rule('sysOrgCode', 'RIGHT_LIKE', '#{sys_org_code}')], session, report);
    expect(compiled(both)).toEqual({ where: `("create_by" = $1 AND "sys_org_code" LIKE $2 ESCAPE '\\')`, parameters: ['lisi', 'A01A03%'] });
    expect(reported).toEqual(['ghost:ignored']);
    expect(dataRuleFilter(fields, [rule('ghost', '=', 'x')], session, report)).toBeUndefined();
    expect(compiled(dataRuleFilter(fields, [rule('age', '=', 'x')], session, report))?.where).toBe('FALSE');
    expect(dataRuleFilter(fields, [], session, report)).toBeUndefined();
  });
});
