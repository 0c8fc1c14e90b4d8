/**
 * One-to-many children of a form (page language `form.children`, 主表/附表): each names another page
 * whose rows belong to this page's record through a foreign-key field. Compiled per document here;
 * the child page itself is resolved where every page is at hand (checkFormChildReferences below for
 * file pages, the server's online form checks for online ones, host.pages in the browser).
 */
import type { FormChild, PageDocument } from '../generated/page';
import { pickerPageSource, type SourcedDocument } from './pickerReferences';
import type { SchemaError } from './schemaError';

/** A child as compiled: where its rows come from, the field binding them and the record's property carrying them. */
export interface CompiledFormChild {
  /** '<module>/<entity>' of the child page. */
  page: string;
  foreignKey: string;
  /** Property of the record holding the child rows (add, edit, queryById). */
  key: string;
  /** Tab title; absent: the child page's entity title. */
  title?: string;
  /** Grid columns; absent: the child's form fields but the foreign key. */
  fields?: readonly string[];
  pointer: string;
}

/** The record's property carrying a child's rows: `key`, else the child's entity name. */
export function formChildKey(child: FormChild): string {
  return child.key ?? child.page.slice(child.page.indexOf('/') + 1);
}

export function compileFormChildren(doc: PageDocument): CompiledFormChild[] {
  return (doc.form.children ?? []).map((child, i) => ({
    page: child.page,
    foreignKey: child.foreignKey,
    key: formChildKey(child),
    ...(child.title === undefined ? {} : { title: child.title }),
    ...(child.fields === undefined ? {} : { fields: child.fields }),
    pointer: `/form/children/${i}`,
  }));
}

/** A problem of one child, at a pointer below the child (`/foreignKey`, `/fields/1`, or the child itself ''). */
export interface ChildProblem {
  at: string;
  message: string;
}

/**
 * Problems of a child whose page lacks the foreign key or a listed field, or is itself a main page
 * (one level of children only). The file pages' check below and server/online/form's both use it.
 */
export function childPageProblems(child: Pick<FormChild, 'page' | 'foreignKey'> & { fields?: readonly string[] }, target: Pick<PageDocument, 'fields' | 'form'>): ChildProblem[] {
  const names = new Set(target.fields.map((f) => f.name));
  const problems: ChildProblem[] = [];
  const foreignKey = target.fields.find((f) => f.name === child.foreignKey);
  if (!foreignKey) problems.push({ at: '/foreignKey', message: `附表 ${child.page} 没有外键字段 ${child.foreignKey}` });
  // It holds the main record's id: text of 32 characters at least.
  else if ((foreignKey.type ?? 'string') !== 'string' || (foreignKey.length ?? 32) < 32) {
    problems.push({ at: '/foreignKey', message: `外键字段 ${child.foreignKey} 应为文本类型，长度至少 32（存放主表记录的 id）` });
  }
  child.fields?.forEach((name, i) => {
    if (!names.has(name)) problems.push({ at: `/fields/${i}`, message: `附表 ${child.page} 没有字段 ${name}` });
  });
  if (target.form.children) problems.push({ at: '/page', message: `附表 ${child.page} 自己也带附表，只支持一层` });
  return problems;
}

/** checkPickerReferences' sibling for form.children across the file pages (npm run schemas:check). */
export function checkFormChildReferences(documents: readonly SourcedDocument[]): SchemaError[] {
  const bySource = new Map(documents.map((entry) => [entry.source, entry.doc]));
  const errors: SchemaError[] = [];
  for (const { source, doc } of documents) {
    doc.form.children?.forEach((child, i) => {
      const at = `/form/children/${i}`;
      const target = bySource.get(pickerPageSource(child.page));
      if (!target) {
        errors.push({ source, pointer: `${at}/page`, message: `附表页面 ${child.page} 不存在（找不到 ${pickerPageSource(child.page)}）` });
        return;
      }
      for (const problem of childPageProblems(child, target)) errors.push({ source, pointer: `${at}${problem.at}`, message: problem.message });
    });
  }
  return errors;
}
