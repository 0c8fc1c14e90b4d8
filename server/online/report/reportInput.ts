/**
 * Reads the designer's body ({head, items, params}) into a ReportConfig, refusing what cannot be
 * stored with a message naming the item or parameter. Checks that need the database (the SQL's
 * columns, a unique code) are reportSave.ts's.
 */
import { BusinessError } from '../../http/envelope';
import { FIELD_TYPES, NUMERIC_FIELD_TYPES, type Flag, type ReportConfig, type ReportFieldType, type ReportItem, type ReportParam } from './reportModel';
import { guardReportSql, type GuardedSql } from './reportSql';

export const REPORT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** Result column names a report can filter and sort by (they are the records' keys and the query names). */
export const FIELD_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const DICT_CODE = /^[A-Za-z0-9_]{1,100}$/;
const MAX_ITEMS = 300;
const MAX_PARAMS = 50;

const fail = (message: string): never => {
  throw new BusinessError(message);
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(v: unknown, what: string, max: number, required: boolean): string | null {
  if (v === undefined || v === null || v === '') {
    if (required) fail(`${what}不能为空`);
    return null;
  }
  if (typeof v !== 'string' && typeof v !== 'number') return fail(`${what}应为文本`);
  const s = String(v).trim();
  if (required && s === '') fail(`${what}不能为空`);
  if (s.length > max) fail(`${what}不能超过 ${max} 个字符`);
  return s === '' ? null : s;
}

function flagOf(v: unknown, what: string, fallback: Flag): Flag {
  if (v === undefined || v === null || v === '') return fallback;
  if (v === 1 || v === '1' || v === true || v === 'Y') return 1;
  if (v === 0 || v === '0' || v === false || v === 'N') return 0;
  return fail(`${what}只能是 0 或 1`);
}

function intOf(v: unknown, what: string, min: number, max: number): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) fail(`${what}应为 ${min} 到 ${max} 之间的整数`);
  return n;
}

function itemOf(raw: unknown, i: number): ReportItem {
  if (!isObj(raw)) return fail(`第 ${i + 1} 个字段格式不正确`);
  const fieldName = text(raw.fieldName, `第 ${i + 1} 个字段的字段名`, 63, true)!;
  const at = `字段 ${fieldName}`;
  if (!FIELD_NAME.test(fieldName)) fail(`${at}：字段名只能包含小写字母、数字和下划线，且不以数字开头（请在 SQL 中用 AS 起别名）`);
  const fieldType = (raw.fieldType ?? 'String') as ReportFieldType;
  if (!(FIELD_TYPES as readonly unknown[]).includes(fieldType)) fail(`${at}：字段类型只能是 ${FIELD_TYPES.join('、')}`);
  const searchMode = raw.searchMode === undefined || raw.searchMode === null || raw.searchMode === '' ? null : raw.searchMode;
  if (searchMode !== null && searchMode !== 'single' && searchMode !== 'group') fail(`${at}：查询方式只能是 single（单条件）或 group（范围）`);
  const dictCode = text(raw.dictCode, `${at}的字典`, 100, false);
  if (dictCode !== null && !DICT_CODE.test(dictCode)) fail(`${at}：字典编码只能包含字母、数字和下划线`);
  const isTotal = flagOf(raw.isTotal, `${at}的合计`, 0);
  if (isTotal === 1 && !NUMERIC_FIELD_TYPES.has(fieldType)) fail(`${at}：只有数值字段（Integer、Double、BigDecimal）可以合计`);
  const isSearch = flagOf(raw.isSearch, `${at}的查询`, 0);
  return {
    fieldName,
    fieldTxt: text(raw.fieldTxt, `${at}的标题`, 100, false) ?? fieldName,
    fieldWidth: intOf(raw.fieldWidth, `${at}的宽度`, 0, 2000),
    fieldType,
    searchMode: isSearch === 1 ? ((searchMode as 'single' | 'group' | null) ?? 'single') : (searchMode as 'single' | 'group' | null),
    isOrder: flagOf(raw.isOrder, `${at}的排序`, 0),
    isSearch,
    dictCode,
    isShow: flagOf(raw.isShow, `${at}的显示`, 1),
    isTotal,
    orderNum: intOf(raw.orderNum, `${at}的顺序`, 0, 100_000) ?? i,
  };
}

function paramOf(raw: unknown, i: number): ReportParam {
  if (!isObj(raw)) return fail(`第 ${i + 1} 个参数格式不正确`);
  const paramName = text(raw.paramName, `第 ${i + 1} 个参数的参数名`, 64, true)!;
  if (!PARAM_NAME.test(paramName)) fail(`参数 ${paramName}：参数名只能包含字母、数字和下划线，且以字母开头`);
  return {
    paramName,
    paramTxt: text(raw.paramTxt, `参数 ${paramName} 的文本`, 100, false) ?? paramName,
    paramValue: text(raw.paramValue, `参数 ${paramName} 的默认值`, 200, false),
    orderNum: intOf(raw.orderNum, `参数 ${paramName} 的顺序`, 0, 100_000) ?? i,
  };
}

export interface ReadReport {
  config: ReportConfig;
  guarded: GuardedSql;
}

/** The body's report; `needsId` on edit. Every ${p} of the SQL must have a parameter. */
export function readReportInput(body: unknown, needsId: boolean): ReadReport {
  if (!isObj(body) || !isObj(body.head)) return fail('请求格式不正确：应为 {head, items, params}');
  const { head } = body;
  const id = text(head.id, '报表 id', 32, needsId);
  const code = text(head.code, '报表编码', 64, true)!;
  if (!REPORT_CODE.test(code)) fail('报表编码只能包含字母、数字和下划线，以字母开头，最多 64 个字符');
  const name = text(head.name, '报表名称', 100, true)!;
  const cgrSql = typeof head.cgrSql === 'string' ? head.cgrSql : fail('报表 SQL 不能为空');
  const guarded = guardReportSql(cgrSql);
  const dbSource = text(head.dbSource, '数据源', 100, false);
  const rawItems = body.items ?? [];
  const rawParams = body.params ?? [];
  if (!Array.isArray(rawItems)) return fail('items 应为数组');
  if (!Array.isArray(rawParams)) return fail('params 应为数组');
  if (rawItems.length > MAX_ITEMS) fail(`字段不能超过 ${MAX_ITEMS} 个`);
  if (rawParams.length > MAX_PARAMS) fail(`参数不能超过 ${MAX_PARAMS} 个`);
  const items = rawItems.map(itemOf);
  const params = rawParams.map(paramOf);
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.fieldName)) fail(`字段 ${item.fieldName} 重复`);
    seen.add(item.fieldName);
  }
  const names = new Set<string>();
  for (const param of params) {
    if (names.has(param.paramName)) fail(`参数 ${param.paramName} 重复`);
    names.add(param.paramName);
  }
  for (const name of guarded.params) if (!names.has(name)) fail(`SQL 中的参数 \${${name}} 没有配置：请在参数中添加 ${name}`);
  return {
    config: { head: { ...(id ? { id } : {}), code, name, cgrSql: cgrSql.trim(), dbSource }, items, params },
    guarded,
  };
}
