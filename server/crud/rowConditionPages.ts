/**
 * The parts of row conditions that name another page (a view's or scope's `child`, `entity.scopedBy`),
 * checked once every page is loaded: the page exists, its link field exists, and the child's own
 * conditions fit the child's fields. A wrong name stops the start instead of closing a list later.
 */
import type { RowCondition } from '../../runtime/generated/page';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { checkRowCondition, type ConditionFields } from '../../runtime/schema/rowConditions';
import type { SchemaError } from '../../runtime/schema/schemaError';

function fieldsOf(page: CompiledPage, source: string, errors: SchemaError[]): ConditionFields {
  return {
    known(name, at, what) {
      const field = page.fieldByName.get(name);
      if (field && field.stored && !field.link) return true;
      errors.push({ source, pointer: at, message: `${what}引用了页面 ${page.entity.module}/${page.entity.name} 不存在的字段 ${name}` });
      return false;
    },
    typeOf: (name) => page.fieldByName.get(name)?.type,
    report: (at, message) => errors.push({ source, pointer: at, message }),
  };
}

export function conditionPageErrors(pages: readonly CompiledPage[]): SchemaError[] {
  const byKey = new Map(pages.map((p) => [`${p.entity.module}/${p.entity.name}`, p]));
  const errors: SchemaError[] = [];
  const walk = (page: CompiledPage, condition: RowCondition, at: string) => {
    if ('anyOf' in condition) condition.anyOf.forEach((c, i) => walk(page, c, `${at}/anyOf/${i}`));
    else if ('allOf' in condition) condition.allOf.forEach((c, i) => walk(page, c, `${at}/allOf/${i}`));
    else if ('child' in condition) {
      const child = byKey.get(condition.child.page);
      if (!child) {
        errors.push({ source: page.source, pointer: `${at}/child/page`, message: `条件引用的页面 ${condition.child.page} 不存在` });
        return;
      }
      const fields = fieldsOf(child, page.source, errors);
      fields.known(condition.child.link, `${at}/child/link`, '子记录条件');
      condition.child.where?.forEach((c, i) => {
        checkRowCondition(c, `${at}/child/where/${i}`, fields);
        walk(child, c, `${at}/child/where/${i}`);
      });
    }
  };
  for (const page of pages) {
    page.views.forEach((view, i) => view.filter.forEach((c, j) => walk(page, c, `/views/${i}/filter/${j}`)));
    for (const [name, condition] of Object.entries(page.entity.scopes)) walk(page, condition, `/entity/scopes/${name}`);
    const scopedBy = page.entity.scopedBy;
    if (scopedBy && !byKey.has(scopedBy.page)) {
      errors.push({ source: page.source, pointer: '/entity/scopedBy/page', message: `scopedBy 引用的页面 ${scopedBy.page} 不存在` });
    }
  }
  return errors;
}
