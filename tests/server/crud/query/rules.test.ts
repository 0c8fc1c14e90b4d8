import { describe, expect, it } from 'vitest';
import { equalValues, QueryError, type RawQuery } from '../../../../server/crud/query';
import { CLAIM, whereOf } from './support';

const LIKE = `LIKE $1 ESCAPE '\\'`;
/** A LIKE text under 3 characters is matched on an expression, so no trigram index is read for it (conditions.ts). */
const short = (column: string) => `("${column}" || '')`;

function expectWhere(query: RawQuery, sqlText: string, parameters: unknown[]) {
  expect(whereOf(query)).toEqual({ sql: sqlText, parameters });
}

function expectRefused(query: RawQuery, message: string) {
  let error: unknown;
  try {
    whereOf(query);
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(QueryError);
  expect((error as QueryError).message).toBe(message);
  expect((error as QueryError).code).toBe(500);
}

describe('a string field (convert2Rule)', () => {
  it.each<[string, string, unknown[]]>([
    ['A001', '"case_no" = $1', ['A001']],
    ['*A0*', `${short('case_no')} ${LIKE}`, ['%A0%']],
    ['*01', `${short('case_no')} ${LIKE}`, ['%01']],
    ['A0*', `${short('case_no')} ${LIKE}`, ['A0%']],
    ['*A01*', `"case_no" ${LIKE}`, ['%A01%']],
    // Exactly one star is the literal star (JeecgBoot issue #3382).
    ['*', '"case_no" = $1', ['*']],
    // A star only in the middle is no wildcard: it falls through to the later rules.
    ['A*1', '"case_no" = $1', ['A*1']],
    ['A*1,B', '"case_no" IN ($1, $2)', ['A*1', 'B']],
    ['!A*1', '"case_no" <> $1', ['A*1']],
    ['A001,A002,A003', '"case_no" IN ($1, $2, $3)', ['A001', 'A002', 'A003']],
    ['A001,,A002,', '"case_no" IN ($1, $2)', ['A001', 'A002']],
    ["to_date('2024-01-01','yyyy-MM-dd'),x", '"case_no" = $1', ["to_date('2024-01-01','yyyy-MM-dd'),x"]],
    ['!A001', '"case_no" <> $1', ['A001']],
    ['A++B', '"case_no" = $1', ['A,B']],
    ['A++B++C', '"case_no" = $1', ['A,B,C']],
    // '++' at the very start is not the comma escape.
    ['++A', '"case_no" = $1', ['++A']],
    ['  A001  ', '"case_no" = $1', ['A001']],
  ])('%s', (value, sqlText, parameters) => {
    expectWhere({ caseNo: value }, sqlText, parameters);
  });

  it.each<[string, string, unknown[]]>([
    ['>= 5', '"case_no" >= $1', ['5']],
    ['<= 5', '"case_no" <= $1', ['5']],
    ['!= x', '"case_no" <> $1', ['x']],
    ['ge 5', '"case_no" >= $1', ['5']],
    ['le 5', '"case_no" <= $1', ['5']],
    ['gt 5', '"case_no" > $1', ['5']],
    ['lt 5', '"case_no" < $1', ['5']],
    ['eq x', '"case_no" = $1', ['x']],
    ['ne x', '"case_no" <> $1', ['x']],
    ['in a,b', '"case_no" IN ($1, $2)', ['a', 'b']],
    ['IN a,b', '"case_no" IN ($1, $2)', ['a', 'b']],
    ['> 5', '"case_no" > $1', ['5']],
    ['< 5', '"case_no" < $1', ['5']],
    ['= x', '"case_no" = $1', ['x']],
    ['ge   5', '"case_no" >= $1', ['5']],
    // After an operator the rest is the operand, stars and all.
    ['>= *x*', '"case_no" >= $1', ['*x*']],
    ['!= a,b', '"case_no" <> $1', ['a,b']],
  ])('spaced operator %s', (value, sqlText, parameters) => {
    expectWhere({ caseNo: value }, sqlText, parameters);
  });

  it.each(['>=5', '<=5', 'ge5', 'GE 5', '>5', '=x', '>=', 'in'])('%s without the operator space is a plain value', (value) => {
    expectWhere({ caseNo: value }, '"case_no" = $1', [value]);
  });

  it('matches comma-wrapped values item by item with LIKE … OR', () => {
    expectWhere(
      { tags: ',1,3,' },
      `(${short('tags')} LIKE $1 ESCAPE '\\' OR ${short('tags')} LIKE $2 ESCAPE '\\')`,
      ['%1%', '%3%'],
    );
    expectWhere(
      { tags: ',1,,3,' },
      `(${short('tags')} LIKE $1 ESCAPE '\\' OR ${short('tags')} LIKE $2 ESCAPE '\\')`,
      ['%1%', '%3%'],
    );
    expectWhere({ tags: ',1,' }, `${short('tags')} ${LIKE}`, ['%1%']);
    expect(whereOf({ tags: ',' })).toBeUndefined();
    expect(whereOf({ tags: ',,' })).toBeUndefined();
  });

  it('escapes %, _ and \\ so user text never acts as a wildcard', () => {
    expectWhere({ caseNo: '*50%*' }, `"case_no" ${LIKE}`, ['%50\\%%']);
    expectWhere({ caseNo: '*a_b*' }, `"case_no" ${LIKE}`, ['%a\\_b%']);
    expectWhere({ caseNo: '*a\\b*' }, `"case_no" ${LIKE}`, ['%a\\\\b%']);
    expectWhere({ caseNo: '100%*' }, `"case_no" ${LIKE}`, ['100\\%%']);
    expectWhere({ caseNo: '*_x' }, `${short('case_no')} ${LIKE}`, ['%\\_x']);
    expectWhere({ tags: ',5%,' }, `${short('tags')} ${LIKE}`, ['%5\\%%']);
    // Not-equal is a plain comparison: the text is compared as is, nothing to escape.
    expectWhere({ caseNo: '!5%_' }, '"case_no" <> $1', ['5%_']);
  });

  it('treats a text field like a string field', () => {
    expectWhere({ remark: '*漏水*' }, `${short('remark')} ${LIKE}`, ['%漏水%']);
    expectWhere({ remark: '*管道漏水*' }, `"remark" ${LIKE}`, ['%管道漏水%']);
  });

  it('adds no condition for empty or blank values', () => {
    expect(whereOf({ caseNo: '' })).toBeUndefined();
    expect(whereOf({ caseNo: '   ' })).toBeUndefined();
    expect(whereOf({ caseNo: undefined })).toBeUndefined();
    expect(whereOf({ age_begin: '', age_end: ' ', createTime_begin: '' })).toBeUndefined();
  });

  it('reads a repeated name as a comma list, as Spring binds it', () => {
    expectWhere({ caseNo: ['A001', 'A002'] }, '"case_no" IN ($1, $2)', ['A001', 'A002']);
  });
});

describe('number, date, time and boolean fields', () => {
  it.each<[RawQuery, string, unknown[]]>([
    [{ age: '30' }, '"age" = $1', [30]],
    [{ age: '-3' }, '"age" = $1', [-3]],
    [{ age: 'ge 18' }, '"age" >= $1', [18]],
    [{ age: '>= 18' }, '"age" >= $1', [18]],
    [{ age: '> 18' }, '"age" > $1', [18]],
    [{ age: 'lt 60' }, '"age" < $1', [60]],
    [{ age: '<= 60' }, '"age" <= $1', [60]],
    [{ age: '!= 30' }, '"age" <> $1', [30]],
    [{ age: 'ne 30' }, '"age" <> $1', [30]],
    [{ age: 'in 18,20' }, '"age" IN ($1, $2)', [18, 20]],
    [{ age: '18, 20' }, '"age" IN ($1, $2)', [18, 20]],
    [{ age: '2147483647' }, '"age" = $1', [2147483647]],
    [{ amount: '100.50' }, '"amount" = $1', ['100.50']],
    [{ amount: '+5' }, '"amount" = $1', ['5']],
    [{ amount: 'ge 1000' }, '"amount" >= $1', ['1000']],
    [{ amount: '12345678901234567890.123456789' }, '"amount" = $1', ['12345678901234567890.123456789']],
    [{ ratio: '-0.25' }, '"ratio" = $1', ['-0.25']],
    [{ lossDate: '2024-01-05' }, '"loss_date" = $1', ['2024-01-05']],
    [{ lossDate: '>= 2024-01-05' }, '"loss_date" >= $1', ['2024-01-05']],
    [{ lossDate: '2024-01-05,2024-02-29' }, '"loss_date" IN ($1, $2)', ['2024-01-05', '2024-02-29']],
    [{ reportClock: '09:30' }, '"report_clock" = $1', ['09:30:00']],
    [{ reportClock: 'gt 23:59:59' }, '"report_clock" > $1', ['23:59:59']],
    [{ closed: 'true' }, '"closed" = $1', [true]],
    [{ closed: 'FALSE' }, '"closed" = $1', [false]],
    [{ closed: '1' }, '"closed" = $1', [true]],
    [{ closed: 'ne 0' }, '"closed" <> $1', [false]],
  ])('%j', (query, sqlText, parameters) => {
    expectWhere(query, sqlText, parameters);
  });

  it('compares datetimes to the second, as they are shown', () => {
    expectWhere({ createTime: '2024-01-05 10:00:00' }, '("create_time" >= $1 AND "create_time" <= $2)', [
      '2024-01-05 10:00:00',
      '2024-01-05 10:00:00.999999',
    ]);
    expectWhere({ createTime: '2024-01-05' }, '("create_time" >= $1 AND "create_time" <= $2)', [
      '2024-01-05 00:00:00',
      '2024-01-05 00:00:00.999999',
    ]);
    expectWhere({ createTime: '!= 2024-01-05 10:00:00' }, '("create_time" < $1 OR "create_time" > $2)', [
      '2024-01-05 10:00:00',
      '2024-01-05 10:00:00.999999',
    ]);
    expectWhere({ createTime: 'gt 2024-01-05 10:00:00' }, '"create_time" > $1', ['2024-01-05 10:00:00.999999']);
    expectWhere({ createTime: 'ge 2024-01-05 10:00:00' }, '"create_time" >= $1', ['2024-01-05 10:00:00']);
    expectWhere({ createTime: 'lt 2024-01-05 10:00:00' }, '"create_time" < $1', ['2024-01-05 10:00:00']);
    expectWhere({ createTime: 'le 2024-01-05 10:00:00' }, '"create_time" <= $1', ['2024-01-05 10:00:00.999999']);
    expectWhere(
      { createTime: 'in 2024-01-05 10:00:00,2024-01-06' },
      '(("create_time" >= $1 AND "create_time" <= $2) OR ("create_time" >= $3 AND "create_time" <= $4))',
      ['2024-01-05 10:00:00', '2024-01-05 10:00:00.999999', '2024-01-06 00:00:00', '2024-01-06 00:00:00.999999'],
    );
  });

  it.each<[RawQuery, string]>([
    [{ age: '!1' }, '查询条件「年龄」的值「!1」不是有效的整数'],
    [{ age: 'abc' }, '查询条件「年龄」的值「abc」不是有效的整数'],
    [{ age: '*5*' }, '查询条件「年龄」的值「*5*」不是有效的整数'],
    [{ age: '1.5' }, '查询条件「年龄」的值「1.5」不是有效的整数'],
    [{ age: '>=5' }, '查询条件「年龄」的值「>=5」不是有效的整数'],
    [{ age: 'ge abc' }, '查询条件「年龄」的值「abc」不是有效的整数'],
    [{ age: 'in 1,x' }, '查询条件「年龄」的值「x」不是有效的整数'],
    [{ age: '3000000000' }, '查询条件「年龄」的值「3000000000」超出整数范围'],
    [{ age: '99999999999' }, '查询条件「年龄」的值「99999999999」不是有效的整数'],
    [{ amount: '1e3' }, '查询条件「金额」的值「1e3」不是有效的数字'],
    [{ amount: 'NaN' }, '查询条件「金额」的值「NaN」不是有效的数字'],
    [{ amount: '!100' }, '查询条件「金额」的值「!100」不是有效的数字'],
    [{ ratio: 'Infinity' }, '查询条件「ratio」的值「Infinity」不是有效的数字'],
    [{ lossDate: '2024-02-30' }, '查询条件「出险日期」的值「2024-02-30」不是有效的日期（yyyy-MM-dd）'],
    [{ lossDate: '2023-02-29' }, '查询条件「出险日期」的值「2023-02-29」不是有效的日期（yyyy-MM-dd）'],
    [{ lossDate: '*2024*' }, '查询条件「出险日期」的值「*2024*」不是有效的日期（yyyy-MM-dd）'],
    [{ createTime: '2024-01-05T10:00:00' }, '查询条件「创建时间」的值「2024-01-05T10:00:00」不是有效的日期时间（yyyy-MM-dd HH:mm:ss）'],
    [{ createTime: '2024-01-05 24:00:00' }, '查询条件「创建时间」的值「2024-01-05 24:00:00」不是有效的日期时间（yyyy-MM-dd HH:mm:ss）'],
    [{ reportClock: '25:00' }, '查询条件「reportClock」的值「25:00」不是有效的时间（HH:mm:ss）'],
    [{ closed: 'yes' }, '查询条件「closed」的值「yes」不是有效的布尔值（true 或 false）'],
  ])('refuses %j with a clear message', (query, message) => {
    expectRefused(query, message);
  });
});

describe('ranges', () => {
  it('reads _begin as >= and _end as <=, typed by kind', () => {
    expectWhere({ age_begin: '18', age_end: '60' }, '("age" >= $1 AND "age" <= $2)', [18, 60]);
    expectWhere({ amount_begin: '0.5' }, '"amount" >= $1', ['0.5']);
    expectWhere({ lossDate_begin: '2024-01-01', lossDate_end: '2024-01-31' }, '("loss_date" >= $1 AND "loss_date" <= $2)', [
      '2024-01-01',
      '2024-01-31',
    ]);
    expectWhere({ caseNo_begin: 'A', caseNo_end: 'B' }, '("case_no" >= $1 AND "case_no" <= $2)', ['A', 'B']);
    // No prefix/suffix syntax in a range bound.
    expectWhere({ caseNo_begin: '*A*' }, '"case_no" >= $1', ['*A*']);
  });

  it('widens a bare date on a datetime field to the whole day', () => {
    expectWhere({ createTime_begin: '2024-01-01', createTime_end: '2024-01-31' }, '("create_time" >= $1 AND "create_time" <= $2)', [
      '2024-01-01 00:00:00',
      '2024-01-31 23:59:59.999999',
    ]);
    expectWhere({ createTime_begin: '2024-01-01 08:30:00', createTime_end: '2024-01-31 12:00:00' }, '("create_time" >= $1 AND "create_time" <= $2)', [
      '2024-01-01 08:30:00',
      '2024-01-31 12:00:00.999999',
    ]);
  });

  it('reads _MultiString as IN', () => {
    expectWhere({ age_MultiString: '1,2,3' }, '"age" IN ($1, $2, $3)', [1, 2, 3]);
    expectWhere({ status_MultiString: '1,2' }, '"status" IN ($1, $2)', ['1', '2']);
    expect(whereOf({ status_MultiString: ',' })).toBeUndefined();
  });

  it('combines a range with the field value and with other fields', () => {
    expectWhere({ age_begin: '18', age: 'ne 30' }, '("age" >= $1 AND "age" <> $2)', [18, 30]);
    // Conditions follow the field map's order, not the query string's.
    expectWhere(
      { age_begin: '18', insuredName: '*张*' },
      `(${short('insured_name')} LIKE $1 ESCAPE '\\' AND "age" >= $2)`,
      ['%张%', 18],
    );
    expectWhere(
      { status: '1', caseNo: 'A001', createTime_end: '2024-01-31', amount: '>= 100' },
      '("case_no" = $1 AND "amount" >= $2 AND "create_time" <= $3 AND "status" = $4)',
      ['A001', '100', '2024-01-31 23:59:59.999999', '1'],
    );
  });

  it.each<[RawQuery, string]>([
    [{ age_begin: 'abc' }, '查询条件「年龄」的值「abc」不是有效的整数'],
    [{ age_end: '1,5' }, '查询条件「年龄」的值「1,5」不是有效的整数'],
    [{ createTime_begin: '2024/01/01' }, '查询条件「创建时间」的值「2024/01/01」不是有效的日期时间（yyyy-MM-dd HH:mm:ss）'],
    [{ lossDate_end: '2024-13-01' }, '查询条件「出险日期」的值「2024-13-01」不是有效的日期（yyyy-MM-dd）'],
    [{ age_MultiString: '1,two' }, '查询条件「年龄」的值「two」不是有效的整数'],
  ])('refuses %j', (query, message) => {
    expectRefused(query, message);
  });
});

describe('names that are not filters', () => {
  it('ignores the list parameters, unknown names and a property named like a list parameter', () => {
    expect(
      whereOf({
        pageNo: '2',
        pageSize: '20',
        column: 'createTime',
        order: 'desc',
        field: 'id,,caseNo,insuredName',
        _t: '1700000000',
        selections: 'a,b',
        hasQuery: 'true',
        class: 'x',
        ids: 'a,b',
        page: '1',
        rows: '10',
        sort: '5',
        sort_begin: '1',
        unknownField: 'x',
        case_no: 'A001',
        CaseNo: 'A001',
        caseNo_like: 'A',
        insuredName_dictText: '张三',
      }),
    ).toBeUndefined();
  });
});

describe('the values a text field is asked to equal (equalValues)', () => {
  it.each<[RawQuery, [string, string[]][]]>([
    [{ caseNo: 'A001' }, [['caseNo', ['A001']]]],
    [{ caseNo: ' A001 ' }, [['caseNo', ['A001']]]],
    [{ caseNo: 'A001,B002' }, [['caseNo', ['A001', 'B002']]]],
    [{ caseNo: ['A001', 'B002'] }, [['caseNo', ['A001', 'B002']]]],
    [{ caseNo: 'in A001,B002' }, [['caseNo', ['A001', 'B002']]]],
    [{ caseNo: '= A001' }, [['caseNo', ['A001']]]],
    [{ caseNo: 'a++b' }, [['caseNo', ['a,b']]]],
    [{ caseNo: '*A0*' }, []],
    [{ caseNo: '!A001' }, []],
    [{ caseNo: ',a,b,' }, []],
    [{ caseNo: '' }, []],
    [{ caseNo: '>= A' }, []],
    [{ age: '5' }, []],
    [{ caseNo_begin: 'A' }, []],
    [{ status: 'open', insuredName: '张三' }, [['insuredName', ['张三']], ['status', ['open']]]],
  ])('%j → %j (the rows the list keeps have one of them)', (query, expected) => {
    expect([...equalValues(CLAIM, query)].map(([property, values]) => [property, [...values]])).toEqual(expected);
  });
});
