/**
 * The checks of the row conditions a page declares (`views[].filter`, `entity.scopes`): what the
 * meta-schema cannot say — the fields exist and are stored, exactly one right-hand side, an operator
 * that fits it. Conditions on a child page's fields (`child.where`) name another document; the server
 * checks them once it has loaded every page (server/crud/rowConditionPages.ts).
 */
import type { FieldCondition, FieldType, PageDocument, RowCondition } from '../generated/page';
import { NUMERIC_TYPES, TEXT_TYPES } from './fieldSemantics';

/** What the checker needs of the page it checks. */
export interface ConditionFields {
  /** Reports and answers false when the field is not a stored or system field of the page. */
  known(name: string, at: string, what: string): boolean;
  typeOf(name: string): FieldType | undefined;
  report(at: string, message: string): void;
}

const WHAT = '条件';
const LIST_SESSIONS: ReadonlySet<string> = new Set(['departs', 'departTree']);

function checkField(c: FieldCondition, at: string, page: ConditionFields): void {
  if (!page.known(c.field, `${at}/field`, WHAT)) return;
  const sides = [c.value !== undefined, c.session !== undefined, c.otherField !== undefined].filter(Boolean).length;
  if (sides !== 1) {
    page.report(at, `条件须恰好给出 value、session、otherField 之一（字段 ${c.field}）`);
    return;
  }
  const type = page.typeOf(c.field);
  if (c.op === 'in') {
    if (c.otherField !== undefined) page.report(`${at}/otherField`, 'in 条件不能与另一字段比较');
    if (c.value !== undefined && !Array.isArray(c.value)) page.report(`${at}/value`, 'in 条件的 value 须为列表');
    if (c.session !== undefined && !LIST_SESSIONS.has(c.session)) page.report(`${at}/session`, 'in 条件的 session 只能是 departs 或 departTree');
  } else {
    if (Array.isArray(c.value)) page.report(`${at}/value`, `${c.op} 条件的 value 须为单个值（列表只用于 in）`);
    if (c.session !== undefined && c.session !== 'username') page.report(`${at}/session`, `session ${c.session} 是一组部门，只能用于 in 条件`);
  }
  if (c.op === 'contains') {
    if (type && !TEXT_TYPES.has(type)) page.report(`${at}/field`, `contains 条件用于逗号分隔的文本字段，${c.field} 是 ${type}`);
    if (c.otherField !== undefined) page.report(`${at}/otherField`, 'contains 条件不能与另一字段比较');
  }
  if (c.otherField !== undefined && page.known(c.otherField, `${at}/otherField`, WHAT)) {
    const other = page.typeOf(c.otherField);
    const numeric = (t: FieldType | undefined) => t !== undefined && NUMERIC_TYPES.has(t);
    if (type && other && type !== other && !(numeric(type) && numeric(other))) {
      page.report(`${at}/otherField`, `字段 ${c.field}（${type}）与 ${c.otherField}（${other}）类型不同，不能比较`);
    }
  }
  if (typeof c.value === 'string' && type && NUMERIC_TYPES.has(type) && !Number.isFinite(Number(c.value))) {
    page.report(`${at}/value`, `字段 ${c.field} 是 ${type}，值 ${c.value} 不是数字`);
  }
}

/** Checks one condition and those it holds. */
export function checkRowCondition(condition: RowCondition, at: string, page: ConditionFields): void {
  if ('field' in condition) checkField(condition, at, page);
  else if ('anyOf' in condition) condition.anyOf.forEach((c, i) => checkRowCondition(c, `${at}/anyOf/${i}`, page));
  else if ('allOf' in condition) condition.allOf.forEach((c, i) => checkRowCondition(c, `${at}/allOf/${i}`, page));
  // A child's conditions name the child page's fields: checked by the server with every page at hand.
}

/** Views (unique keys, their filters), scopes and scopedBy's field. */
export function checkPageConditions(doc: PageDocument, page: ConditionFields): void {
  doc.views?.forEach((view, i) => {
    const at = `/views/${i}`;
    const first = doc.views?.findIndex((v) => v.key === view.key) ?? i;
    if (first !== i) page.report(`${at}/key`, `视图 key ${view.key} 重复（已在 /views/${first}）`);
    view.filter.forEach((c, j) => checkRowCondition(c, `${at}/filter/${j}`, page));
  });
  for (const [name, condition] of Object.entries(doc.entity.scopes ?? {})) {
    if (condition) checkRowCondition(condition, `/entity/scopes/${name}`, page);
  }
  const scopedBy = doc.entity.scopedBy;
  if (scopedBy && page.known(scopedBy.field, '/entity/scopedBy/field', '所属关系 scopedBy ')) {
    const type = page.typeOf(scopedBy.field);
    if (type && !TEXT_TYPES.has(type)) page.report('/entity/scopedBy/field', `scopedBy 的字段 ${scopedBy.field} 须为文本字段（存所属记录的 id），它是 ${type}`);
  }
}
