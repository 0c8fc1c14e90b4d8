import { describe, expect, it } from 'vitest';
import { QUERY_LIMITS, QueryError, translateListQuery, type EntityField, type RawQuery } from '../../../../server/crud/query';
import { CLAIM, selectOf, superParam, whereOf, type CompiledWhere } from './support';

const COLUMNS = [...CLAIM.values()].map((f) => f.column);

/**
 * Everything a translation may put in SQL text: our quoted columns, placeholders and the fixed
 * keywords and operators. User text may only ever be a parameter.
 */
function assertOnlyOurSql(compiled: CompiledWhere): void {
  let rest = compiled.sql;
  for (const column of COLUMNS) rest = rest.replaceAll(`"${column}"`, ' ');
  rest = rest
    .replace(/\$\d+/g, ' ')
    .replaceAll(`ESCAPE '\\'`, ' ')
    .replaceAll('AS text', ' ')
    // A short LIKE text matches the column as an expression (conditions.ts): our own text too.
    .replaceAll(`|| ''`, ' ')
    .replace(/\b(CAST|LIKE|AND|OR|IN)\b/g, ' ')
    .replace(/<>|>=|<=|[=<>(),]/g, ' ');
  expect(rest.trim(), compiled.sql).toBe('');
  expect(compiled.parameters.length).toBe((compiled.sql.match(/\$\d+/g) ?? []).length);
}

/** A translation either refuses with a QueryError or yields SQL made only of our own text. */
function safely(query: RawQuery): 'refused' | 'translated' {
  let compiled: CompiledWhere | undefined;
  try {
    compiled = whereOf(query);
    selectOf(query);
  } catch (err) {
    if (!(err instanceof QueryError)) throw err;
    expect(err.message).toMatch(/^[^\n]{1,200}$/);
    return 'refused';
  }
  if (compiled) assertOnlyOurSql(compiled);
  return 'translated';
}

const INJECTIONS = [
  "1' OR '1'='1",
  "x'; DROP TABLE claim; --",
  "x; DROP TABLE claim",
  '1 OR 1=1',
  "*' OR 1=1 --*",
  "!' OR ''='",
  "a','b') OR ('1'='1",
  "ge 1 OR 1=1",
  "in 1) OR (1=1",
  ',%,_,',
  "to_date('2024-01-01','yyyy-MM-dd') OR 1=1,x",
  '\\',
  "'",
  '"',
  '$1',
  '/* */',
  '${1}',
];

describe('SQL in values', () => {
  it.each(INJECTIONS)('binds %s as a parameter on string fields', (value) => {
    const compiled = whereOf({ caseNo: value, remark: value });
    expect(compiled).toBeDefined();
    assertOnlyOurSql(compiled!);
  });

  it('binds the whole injection text as the value', () => {
    expect(whereOf({ caseNo: "1' OR '1'='1" })).toEqual({ sql: '"case_no" = $1', parameters: ["1' OR '1'='1"] });
    expect(whereOf({ caseNo: "*x'; DROP TABLE claim; --*" })).toEqual({
      sql: `"case_no" LIKE $1 ESCAPE '\\'`,
      parameters: ["%x'; DROP TABLE claim; --%"],
    });
  });

  it.each(INJECTIONS)('refuses %s on typed fields or binds it', (value) => {
    for (const name of ['age', 'amount', 'lossDate', 'createTime', 'reportClock', 'closed']) {
      expect(safely({ [name]: value })).toBe('refused');
      expect(safely({ [`${name}_begin`]: value })).toBe('refused');
      expect(safely({ [`${name}_end`]: value })).toBe('refused');
    }
  });

  it.each(INJECTIONS)('keeps %s a parameter in every super-query rule', (value) => {
    for (const rule of ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le']) {
      expect(safely({ superQueryParams: superParam([{ field: 'caseNo', rule, val: value }]) })).toBe('translated');
      expect(safely({ superQueryParams: superParam([{ field: 'age', rule, val: value }]) })).toBe(
        rule.includes('like') ? 'translated' : 'refused',
      );
    }
  });
});

describe('injected names', () => {
  it('never turns a query name into SQL', () => {
    expect(
      whereOf({
        "caseNo' OR '1'='1": 'x',
        'case_no = case_no OR 1=1 --': 'x',
        'caseNo;DROP TABLE claim_begin': '1',
        'age) OR (1=1_begin': '1',
        '"case_no"': 'x',
        constructor: 'x',
        toString: 'x',
        'caseNo ': 'x',
        'caseNo\u0000': 'x',
      }),
    ).toBeUndefined();
  });

  it('reads only own query properties, whatever the names', () => {
    const odd = new Map<string, EntityField>([
      ['constructor', { column: 'ctor', kind: 'string' }],
      ['toString', { column: 'to_string', kind: 'string' }],
    ]);
    expect(translateListQuery(odd, {}).where).toBeUndefined();
    expect(translateListQuery(CLAIM, JSON.parse('{"__proto__":"x","caseNo":"A"}') as RawQuery).where).toBeDefined();
    expect(whereOf(JSON.parse('{"__proto__":{"caseNo":"A"}}') as RawQuery)).toBeUndefined();
  });

  it('refuses injected sort columns', () => {
    for (const column of ['case_no; DROP TABLE claim', 'caseNo desc, (select 1)', 'caseNo_dictText;--', 'id) --']) {
      expect(() => translateListQuery(CLAIM, { column, order: 'asc' })).toThrowError(QueryError);
    }
    // The direction is only ever asc or desc, whatever order says.
    expect(selectOf({ column: 'caseNo', order: 'asc; DROP TABLE claim' }).sql).toBe(
      'select * from "claim" order by "case_no" asc, "id" asc limit $1 offset $2',
    );
  });

  it('refuses injected super-query fields', () => {
    for (const field of ['case_no', 'caseNo) OR (1=1', '"case_no"', 'caseNo--', '__proto__', 'constructor', 'toString']) {
      expect(() => whereOf({ superQueryParams: superParam([{ field, rule: 'eq', val: 'x' }]) })).toThrowError(
        `高级查询的字段不存在：${field}`,
      );
    }
    expect(() => whereOf({ superQueryParams: superParam([{ field: 'caseNo', rule: "eq' OR 1=1", val: 'x' }]) })).toThrowError(
      "高级查询不支持的匹配规则：eq' OR 1=1",
    );
  });

  it('refuses a field map whose column is not a snake_case name (our own mistake, not the user’s)', () => {
    const bad = new Map<string, EntityField>([['name', { column: 'name"; DROP TABLE x; --', kind: 'string' }]]);
    expect(() => translateListQuery(bad, {})).toThrowError(/not a snake_case column name/);
    expect(() => translateListQuery(bad, {})).not.toThrowError(QueryError);
  });
});

describe('malformed and oversized input', () => {
  it('refuses values longer than the limit, and NUL characters', () => {
    const huge = 'x'.repeat(QUERY_LIMITS.maxValueLength + 1);
    const tooLong = `查询条件「caseNo」的值过长（最多${QUERY_LIMITS.maxValueLength}个字符）`;
    expect(() => whereOf({ caseNo: huge })).toThrowError(tooLong);
    expect(() => whereOf({ caseNo_begin: huge })).toThrowError(tooLong);
    expect(() => whereOf({ caseNo_MultiString: huge })).toThrowError(tooLong);
    expect(() => whereOf({ superQueryParams: superParam([{ field: 'caseNo', rule: 'eq', val: huge }]) })).toThrowError(tooLong);
    expect(() => whereOf({ superQueryParams: 'x'.repeat(QUERY_LIMITS.maxSuperQueryLength + 1) })).toThrowError('高级查询条件过长');
    expect(() => whereOf({ caseNo: 'a\u0000b' })).toThrowError('查询条件「caseNo」包含非法字符');
    expect(() => whereOf({ superQueryParams: superParam([{ field: 'caseNo', rule: 'eq', val: 'a\u0000' }]) })).toThrowError(
      '查询条件「caseNo」包含非法字符',
    );
    // At the limit is fine, and the value comes back shortened in messages.
    expect(whereOf({ caseNo: 'x'.repeat(QUERY_LIMITS.maxValueLength) })?.parameters).toHaveLength(1);
    expect(() => whereOf({ age: '9'.repeat(3000) })).toThrowError(`查询条件「年龄」的值「${'9'.repeat(40)}…」不是有效的整数`);
  });

  it('refuses more parameters than one statement should carry', () => {
    const list = Array.from({ length: 1900 }, () => 'v').join(',');
    expect(list.length).toBeLessThan(QUERY_LIMITS.maxValueLength);
    expect(whereOf({ caseNo: list })?.parameters).toHaveLength(1900);
    expect(() => whereOf({ caseNo: list, insuredName: list, tags: list })).toThrowError('查询条件过多，请减少查询条件');
  });

  it('reads arrays where strings are expected without crashing', () => {
    expect(whereOf({ caseNo: ['A', 'B'] })?.parameters).toEqual(['A', 'B']);
    expect(whereOf({ caseNo: [] })).toBeUndefined();
    expect(() => whereOf({ caseNo_begin: ['A', 'B'] })).toThrowError('查询参数「caseNo_begin」只能有一个值');
    expect(whereOf({ caseNo_begin: ['A'] })).toEqual({ sql: '"case_no" >= $1', parameters: ['A'] });
    expect(() => whereOf({ age: ['1', 'x'] })).toThrowError('查询条件「年龄」的值「x」不是有效的整数');
    // Shapes a hand-written caller might pass despite the types.
    const odd = { caseNo: 5, age: { $gt: 1 } } as unknown as RawQuery;
    expect(() => whereOf(odd)).toThrowError(QueryError);
    expect(() => whereOf({ caseNo: [1, 2] } as unknown as RawQuery)).toThrowError('查询参数「caseNo」格式错误');
  });

  it('survives a seeded fuzz of hostile text in every position', () => {
    const alphabet = [..."*!,+ =<>'\"%_\\;-()/$\u0000", 'ge ', 'in ', '>= ', '!= ', '2024-01-31', '10:00:00', '18', 'A', '张', 'to_date', 'yyyy-MM-dd', '%5B', '%7B'];
    const names = [...CLAIM.keys()].flatMap((n) => [n, `${n}_begin`, `${n}_end`, `${n}_MultiString`]);
    let seed = 20240131;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return (seed >>> 12) % n;
    };
    const text = () => Array.from({ length: next(8) }, () => alphabet[next(alphabet.length)]).join('');
    const outcomes = { refused: 0, translated: 0 };
    for (let i = 0; i < 3000; i++) {
      const query: Record<string, string> = {};
      for (let k = 0; k < 1 + next(4); k++) query[names[next(names.length)]] = text();
      if (next(3) === 0) query.column = [...CLAIM.keys()][next(CLAIM.size)] + (next(2) ? '' : text());
      if (next(3) === 0) {
        const entry = { field: [...CLAIM.keys()][next(CLAIM.size)], rule: ['eq', 'like', 'in', 'ne', 'ge', 'le', text()][next(7)], val: text() };
        query.superQueryParams = next(2) ? superParam([entry]) : text();
        query.superQueryMatchType = next(2) ? 'or' : text();
      }
      outcomes[safely(query)]++;
    }
    expect(outcomes.refused).toBeGreaterThan(100);
    expect(outcomes.translated).toBeGreaterThan(100);
  });
});
