import { describe, expect, it } from 'vitest';
import { QueryError, SUPER_QUERY_FORMAT_MESSAGE, decodeSuperQuery, type RawQuery } from '../../../../server/crud/query';
import { superParam, whereOf } from './support';

const ESC = `ESCAPE '\\'`;

function superWhere(conditions: unknown, extra: RawQuery = {}) {
  return whereOf({ superQueryParams: superParam(conditions), ...extra });
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(QueryError);
    return (err as QueryError).message;
  }
  throw new Error('expected a QueryError');
}

describe('super query rules', () => {
  it.each<[string, string, unknown, string, unknown[]]>([
    ['eq', 'caseNo', 'A001', '"case_no" = $1', ['A001']],
    ['like', 'caseNo', 'A01', `"case_no" LIKE $1 ${ESC}`, ['%A01%']],
    ['right_like', 'caseNo', 'A01', `"case_no" LIKE $1 ${ESC}`, ['A01%']],
    ['left_like', 'caseNo', '001', `"case_no" LIKE $1 ${ESC}`, ['%001']],
    // Under 3 characters no trigram index can help: the column is matched as an expression.
    ['like', 'caseNo', 'A0', `("case_no" || '') LIKE $1 ${ESC}`, ['%A0%']],
    ['in', 'caseNo', 'A001,A002', '"case_no" IN ($1, $2)', ['A001', 'A002']],
    ['in', 'status', ['1', '2'], '"status" IN ($1, $2)', ['1', '2']],
    ['ne', 'caseNo', 'A001', '"case_no" <> $1', ['A001']],
    ['gt', 'age', '18', '"age" > $1', [18]],
    ['ge', 'age', 18, '"age" >= $1', [18]],
    ['lt', 'amount', '100.5', '"amount" < $1', ['100.5']],
    ['le', 'amount', '100', '"amount" <= $1', ['100']],
    ['eq', 'closed', true, '"closed" = $1', [true]],
    ['eq', 'lossDate', '2024-01-05', '"loss_date" = $1', ['2024-01-05']],
    // Super-query values are literal: no star or bang syntax, LIKE text escaped.
    ['eq', 'caseNo', '*A*', '"case_no" = $1', ['*A*']],
    ['like', 'caseNo', '50%_', `"case_no" LIKE $1 ${ESC}`, ['%50\\%\\_%']],
    // JeecgBoot's rule names are also accepted as their symbols.
    ['>=', 'age', '18', '"age" >= $1', [18]],
    ['LIKE', 'caseNo', 'A01', `"case_no" LIKE $1 ${ESC}`, ['%A01%']],
    // 包含 on a number or date matches its text form.
    ['like', 'age', '3', `CAST("age" AS text) LIKE $1 ${ESC}`, ['%3%']],
    ['right_like', 'createTime', '2024-01', `CAST("create_time" AS text) LIKE $1 ${ESC}`, ['2024-01%']],
  ])('%s on %s %j', (rule, field, val, sqlText, parameters) => {
    expect(superWhere([{ field, rule, val }])).toEqual({ sql: sqlText, parameters });
  });

  it('reads a date value as midnight on a datetime field, compared to the second', () => {
    expect(superWhere([{ field: 'createTime', rule: 'le', val: '2024-01-31', type: 'date' }])).toEqual({
      sql: '"create_time" <= $1',
      parameters: ['2024-01-31 00:00:00.999999'],
    });
    expect(superWhere([{ field: 'createTime', rule: 'ge', val: '2024-01-01 08:00:00', type: 'datetime' }])).toEqual({
      sql: '"create_time" >= $1',
      parameters: ['2024-01-01 08:00:00'],
    });
  });

  it('joins conditions with AND by default and with OR for superQueryMatchType=or', () => {
    const conditions = [
      { field: 'caseNo', rule: 'like', val: 'A01' },
      { field: 'age', rule: 'ge', val: '18', type: 'int', dbType: 'int' },
    ];
    expect(superWhere(conditions)).toEqual({
      sql: `("case_no" LIKE $1 ${ESC} AND "age" >= $2)`,
      parameters: ['%A01%', 18],
    });
    expect(superWhere(conditions, { superQueryMatchType: 'and' })?.sql).toBe(`("case_no" LIKE $1 ${ESC} AND "age" >= $2)`);
    expect(superWhere(conditions, { superQueryMatchType: 'OR' })).toEqual({
      sql: `("case_no" LIKE $1 ${ESC} OR "age" >= $2)`,
      parameters: ['%A01%', 18],
    });
    expect(superWhere(conditions, { superQueryMatchType: 'xor' })?.sql).toBe(`("case_no" LIKE $1 ${ESC} AND "age" >= $2)`);
  });

  it('keeps the OR group apart from the plain conditions', () => {
    expect(
      superWhere(
        [
          { field: 'caseNo', rule: 'eq', val: 'A001' },
          { field: 'caseNo', rule: 'eq', val: 'A002' },
        ],
        { superQueryMatchType: 'or', status: '1', age_begin: '18' },
      ),
    ).toEqual({
      sql: '("age" >= $1 AND "status" = $2 AND ("case_no" = $3 OR "case_no" = $4))',
      parameters: [18, '1', 'A001', 'A002'],
    });
  });

  it('drops conditions with an empty field, rule or value', () => {
    expect(
      superWhere([
        { field: '', rule: 'eq', val: 'x' },
        { field: 'caseNo', rule: '', val: 'x' },
        { field: 'caseNo', rule: 'eq', val: '' },
        { field: 'caseNo', rule: 'eq', val: '   ' },
        { field: 'caseNo', rule: 'eq', val: null },
        { field: 'caseNo', rule: 'eq', val: [] },
        { field: 'caseNo', rule: 'eq' },
        { field: 'caseNo', rule: 'in', val: ',,' },
      ]),
    ).toBeUndefined();
    expect(superWhere([])).toBeUndefined();
    expect(whereOf({ superQueryParams: '' })).toBeUndefined();
    expect(superWhere([{ field: 'caseNo', rule: 'eq', val: '' }, { field: 'age', rule: 'eq', val: 0 }])).toEqual({
      sql: '"age" = $1',
      parameters: [0],
    });
  });

  it('accepts superQueryParams that is already plain JSON', () => {
    const plain = JSON.stringify([{ field: 'caseNo', rule: 'eq', val: '50%' }]);
    expect(whereOf({ superQueryParams: plain })).toEqual({ sql: '"case_no" = $1', parameters: ['50%'] });
    // encodeURI keeps '+'; it is a plus, not a space (unlike Java's URLDecoder).
    expect(superWhere([{ field: 'caseNo', rule: 'eq', val: 'A+B 1%' }])).toEqual({ sql: '"case_no" = $1', parameters: ['A+B 1%'] });
  });

  it('refuses unknown fields and rules', () => {
    expect(refusal(() => superWhere([{ field: 'password', rule: 'eq', val: 'x' }]))).toBe('高级查询的字段不存在：password');
    expect(refusal(() => superWhere([{ field: 'case_no', rule: 'eq', val: 'x' }]))).toBe('高级查询的字段不存在：case_no');
    expect(refusal(() => superWhere([{ field: 'caseNo', rule: 'between', val: 'x' }]))).toBe('高级查询不支持的匹配规则：between');
    expect(refusal(() => superWhere([{ field: 'caseNo', rule: 'constructor', val: 'x' }]))).toBe('高级查询不支持的匹配规则：constructor');
    expect(refusal(() => superWhere([{ field: 'caseNo', rule: 'ext', val: 'x' }]))).toBe('高级查询不支持的匹配规则：ext');
  });

  it('checks values against the field kind and the client type hints', () => {
    expect(refusal(() => superWhere([{ field: 'age', rule: 'eq', val: 'abc' }]))).toBe('查询条件「年龄」的值「abc」不是有效的整数');
    expect(refusal(() => superWhere([{ field: 'age', rule: 'in', val: '1,x' }]))).toBe('查询条件「年龄」的值「x」不是有效的整数');
    expect(refusal(() => superWhere([{ field: 'lossDate', rule: 'eq', val: '2024-02-30', type: 'date' }]))).toBe(
      '高级查询「出险日期」的值「2024-02-30」不是有效的日期（yyyy-MM-dd）',
    );
    expect(refusal(() => superWhere([{ field: 'caseNo', rule: 'eq', val: 'A1', dbType: 'int' }]))).toBe(
      '高级查询「caseNo」的值「A1」不是有效的整数',
    );
    expect(refusal(() => superWhere([{ field: 'caseNo', rule: 'eq', val: 'x', dbType: 'double' }]))).toBe(
      '高级查询「caseNo」的值「x」不是有效的数字',
    );
    expect(refusal(() => superWhere([{ field: 'closed', rule: 'eq', val: 'maybe', dbType: 'boolean' }]))).toBe(
      '高级查询「closed」的值「maybe」不是有效的布尔值（true 或 false）',
    );
    // A numeric hint on a string field only validates; the column is compared as text.
    expect(superWhere([{ field: 'caseNo', rule: 'eq', val: '1001', dbType: 'long' }])).toEqual({ sql: '"case_no" = $1', parameters: ['1001'] });
    // Hints the server does not know are ignored.
    expect(superWhere([{ field: 'caseNo', rule: 'eq', val: 'A', type: 'string', dbType: 'varchar' }])).toEqual({
      sql: '"case_no" = $1',
      parameters: ['A'],
    });
  });
});

describe('decoding superQueryParams', () => {
  const conditions = [{ field: 'caseNo', rule: 'eq', val: '张三' }];

  it('undoes encodeURI once', () => {
    expect(decodeSuperQuery(encodeURI(JSON.stringify(conditions)))).toEqual(conditions);
    expect(decodeSuperQuery(JSON.stringify(conditions))).toEqual(conditions);
  });

  it.each([
    ['double-encoded', encodeURIComponent(encodeURI(JSON.stringify(conditions)))],
    ['triple-encoded', encodeURIComponent(encodeURIComponent(encodeURI(JSON.stringify(conditions))))],
    ['broken escape', '%5B%7B%22field%22%3A%E0%A4%A'],
    ['lone percent', '%'],
    ['not JSON', 'caseNo=A001'],
    ['truncated JSON', '[{"field":"caseNo"'],
    ['an object', encodeURI('{"field":"caseNo","rule":"eq","val":"x"}')],
    ['a string', encodeURI('"x"')],
    ['null', 'null'],
    ['array of strings', '["caseNo"]'],
    ['array of arrays', '[["caseNo","eq","x"]]'],
    ['field not text', '[{"field":1,"rule":"eq","val":"x"}]'],
    ['rule not text', '[{"field":"caseNo","rule":["eq"],"val":"x"}]'],
    ['val an object', '[{"field":"caseNo","rule":"eq","val":{"$gt":""}}]'],
    ['val nested arrays', '[{"field":"caseNo","rule":"in","val":[["a"]]}]'],
    ['type not text', '[{"field":"caseNo","rule":"eq","val":"x","type":{}}]'],
  ])('refuses %s with the format message', (_name, raw) => {
    expect(refusal(() => whereOf({ superQueryParams: raw }))).toBe(SUPER_QUERY_FORMAT_MESSAGE);
  });

  it('limits the number of conditions', () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ field: 'caseNo', rule: 'eq', val: `A${i}` }));
    expect(refusal(() => superWhere(many))).toBe('高级查询条件过多（最多50条）');
    expect(superWhere(many.slice(0, 50))?.parameters).toHaveLength(50);
  });

  it('refuses a repeated superQueryParams or superQueryMatchType', () => {
    const p = superParam(conditions);
    expect(refusal(() => whereOf({ superQueryParams: [p, p] }))).toBe('查询参数「superQueryParams」只能有一个值');
    expect(refusal(() => whereOf({ superQueryParams: p, superQueryMatchType: ['or', 'and'] }))).toBe(
      '查询参数「superQueryMatchType」只能有一个值',
    );
  });
});
