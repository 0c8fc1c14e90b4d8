/**
 * Checks of the `workflow` section JSON Schema cannot express: the state field is a declared
 * dictionary field, every field a transition names exists, keys are unique (also against the row
 * actions their links join), a guard parses and reads only row fields, and a system transition has
 * nothing a user would click. States against the dictionary and the progress page are checked at
 * server start (server/crud/workflow/workflowChecks.ts), where dictionaries and other pages are known.
 */
import { ExpressionError, compileExpression } from '../expr';
import type { PageDocument } from '../generated/page';
import { expressionDependencies, rowExpressionFields } from './fieldSemantics';
import type { SchemaError } from './schemaError';

const ROLE_PREFIX = 'role:';
const MEMBERS = 'members';
const USER_SYSTEM_FIELDS: ReadonlySet<string> = new Set(['createBy', 'updateBy']);

export function workflowErrors(doc: PageDocument, source: string): SchemaError[] {
  const workflow = doc.workflow;
  if (!workflow) return [];
  const errors: SchemaError[] = [];
  const report = (at: string, message: string) => errors.push({ source, pointer: at, message });
  const declared = new Map(doc.fields.map((f) => [f.name, f]));
  const field = (name: string, at: string, what: string): boolean => {
    const found = declared.get(name);
    if (!found) report(at, `${what}引用了不存在的字段 ${name}`);
    else if (found.stored === false) report(at, `${what}不能使用只存在于表单中的字段 ${name}（stored: false）`);
    return found !== undefined;
  };

  const state = declared.get(workflow.field);
  if (!field(workflow.field, '/workflow/field', '流程状态字段')) return errors;
  if (state && (state.type !== 'string' || !state.dictCode || state.dictCode.includes(','))) {
    report('/workflow/field', `流程状态字段 ${workflow.field} 须为带数据字典（dictCode）的 string 字段`);
  }
  if (state && typeof state.default !== 'string') report('/workflow/field', `流程状态字段 ${workflow.field} 须声明默认值（新记录的初始状态）`);

  const rowKeys = new Set(doc.list.rowActions.map((spec) => (typeof spec === 'string' ? spec : spec.key)));
  const keys = new Map<string, number>();
  workflow.transitions.forEach((t, i) => {
    const at = `/workflow/transitions/${i}`;
    const earlier = keys.get(t.key);
    if (earlier !== undefined) report(`${at}/key`, `流程操作 key ${t.key} 重复（已在 /workflow/transitions/${earlier}）`);
    else keys.set(t.key, i);
    if (rowKeys.has(t.key)) report(`${at}/key`, `流程操作 key ${t.key} 与行操作同名`);
    if (t.from.includes(t.to)) report(`${at}/to`, `流程操作「${t.title}」的目标状态 ${t.to} 不能同时是起始状态`);
    t.require?.forEach((name, j) => field(name, `${at}/require/${j}`, '流程必填字段'));
    t.form?.fields.forEach((name, j) => {
      if (!field(name, `${at}/form/fields/${j}`, '流程表单')) return;
      if (name === workflow.field) report(`${at}/form/fields/${j}`, '流程表单不能包含状态字段：状态只由流程操作改变');
    });
    if (t.form?.dateField) {
      if (field(t.form.dateField, `${at}/form/dateField`, '流程日期字段') && !['date', 'datetime'].includes(declared.get(t.form.dateField)?.type ?? '')) {
        report(`${at}/form/dateField`, `流程日期字段 ${t.form.dateField} 须为 date 或 datetime 字段`);
      }
    }
    if (t.guard !== undefined) {
      try {
        compileExpression(t.guard);
        if (expressionDependencies(t.guard).length > 0) report(`${at}/guard`, '流程条件读取的是行数据，请写 $row.<字段>，不能用 $values');
        for (const name of rowExpressionFields(t.guard)) if (name !== 'id') field(name, `${at}/guard`, '流程条件');
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        report(`${at}/guard`, `表达式第 ${error.position + 1} 个字符有误：${error.reason}`);
      }
    }
    const person = (target: string, where: string) => {
      if (target.startsWith(ROLE_PREFIX)) return;
      if (target === MEMBERS) {
        if (!workflow.progress) report(where, 'members 指案件成员：须先声明 workflow.progress（成员页与进度页同用 link 字段关联）');
        return;
      }
      // Who registered or last wrote the record is a username too.
      if (USER_SYSTEM_FIELDS.has(target)) return;
      field(target, where, '流程通知');
    };
    if (t.responsible !== undefined) person(t.responsible, `${at}/responsible`);
    t.notify?.forEach((target, j) => person(target, `${at}/notify/${j}`));
    if (t.system) {
      for (const key of ['permission', 'batch', 'reason', 'form', 'guard'] as const) {
        if (t[key] !== undefined) report(`${at}/${key}`, `系统流程操作（system）由服务器执行，不能有 ${key}`);
      }
    }
  });
  return errors;
}
