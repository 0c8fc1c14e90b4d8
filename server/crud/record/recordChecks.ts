/**
 * Start-time checks of every page's `recordPage` against all pages: the related tabs' and summary
 * figures' pages exist and have the fields named, a summed field is a number, a computation exists.
 * The document-only checks are runtime/schema/recordPageChecks.ts.
 */
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { NUMERIC_TYPES } from '../../../runtime/schema/fieldSemantics';
import type { SchemaError } from '../../../runtime/schema/schemaError';
import { RECORD_COMPUTATIONS } from './computations';

const refOf = (page: CompiledPage) => `${page.entity.module}/${page.entity.name}`;

export function recordPageProblems(pages: readonly CompiledPage[]): SchemaError[] {
  const byRef = new Map(pages.map((p) => [refOf(p), p]));
  const problems: SchemaError[] = [];
  for (const page of pages) {
    const record = page.document.recordPage;
    if (!record) continue;
    const report = (pointer: string, message: string) => problems.push({ source: page.source, pointer, message });
    const fieldOf = (ref: string, name: string, at: string, numeric = false) => {
      const other = byRef.get(ref);
      if (!other) return report(at, `页面 ${ref} 不存在`);
      const field = other.fieldByName.get(name);
      if (!field) return report(at, `页面 ${ref} 没有字段 ${name}`);
      if (numeric && !NUMERIC_TYPES.has(field.type)) report(at, `页面 ${ref} 的字段 ${name} 不是数值或金额字段`);
    };
    record.tabs.forEach((tab, i) => {
      if (tab.type === 'related' && tab.page && tab.param) fieldOf(tab.page, tab.param, `/recordPage/tabs/${i}/param`);
      for (const target of Object.keys(tab.fill ?? {})) if (tab.page) fieldOf(tab.page, target, `/recordPage/tabs/${i}/fill/${target}`);
    });
    record.summary?.forEach((item, i) => {
      const at = `/recordPage/summary/${i}`;
      if (item.page && item.param) fieldOf(item.page, item.param, `${at}/param`);
      if (item.page && item.sum) fieldOf(item.page, item.sum, `${at}/sum`, true);
      if (item.page && item.groupBy) fieldOf(item.page, item.groupBy, `${at}/groupBy`);
      if (item.compute !== undefined) {
        const computation = RECORD_COMPUTATIONS[item.compute];
        if (!computation) report(`${at}/compute`, `服务器计算「${item.compute}」不存在`);
        else for (const read of computation.reads) fieldOf(read.page, read.param, `${at}/compute`);
      }
    });
  }
  return problems;
}
