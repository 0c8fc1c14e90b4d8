/**
 * The one check that needs more than one document: a field with widget `picker` names another page
 * ('maintenance/expert') in options.picker.page, and that page must exist and have a picker section;
 * the fields its options.picker.fill copies must be fields of that page. Likewise an `area` field's
 * page (options.area.page, default maintenance/area) must exist and declare entity.tree.cascade.
 * loadPageSchema sees one document at a time, so this runs where every document is at hand —
 * `npm run schemas:check` and the schema tests. At run time a missing target only breaks the widget,
 * which says which page is missing (runtime/widgets/picker).
 */
import type { PageDocument, PageField } from '../generated/page';
import { areaPageOf } from './fieldSemantics';
import { SYSTEM_FIELD_NAMES } from './naming';
import type { SchemaError } from './schemaError';

/** A loaded page document and the repository path it came from. */
export interface SourcedDocument {
  source: string;
  doc: PageDocument;
}

/** 'maintenance/expert' → 'schemas/pages/maintenance/expert.json'. */
export function pickerPageSource(ref: string): string {
  return `schemas/pages/${ref}.json`;
}

/**
 * Errors of every picker field whose target page is missing or cannot be picked from.
 * @param documents every valid document (broken ones are reported by their own load already).
 * @param known sources that exist but did not load (a broken target is named as broken, not missing).
 */
export function checkPickerReferences(documents: readonly SourcedDocument[], known: ReadonlySet<string> = new Set()): SchemaError[] {
  const bySource = new Map(documents.map((entry) => [entry.source, entry.doc]));
  const errors: SchemaError[] = [];
  for (const { source, doc } of documents) {
    doc.fields.forEach((field, i) => {
      if (field.widget === 'area') errors.push(...areaPageErrors(source, field, i, bySource, known));
      const ref = field.options?.picker?.page;
      if (field.widget !== 'picker' || ref === undefined) return;
      const at = `/fields/${i}/options/picker/page`;
      const targetSource = pickerPageSource(ref);
      const target = bySource.get(targetSource);
      if (!target) {
        const message = known.has(targetSource)
          ? `选择器页面 ${ref} 的定义有误，无法选择（${targetSource}）`
          : `选择器页面 ${ref} 不存在（找不到 ${targetSource}）`;
        errors.push({ source, pointer: at, message });
      } else if (!target.picker) {
        errors.push({ source, pointer: at, message: `页面 ${ref} 没有 picker 配置，不能被选择`, expected: '带 picker 的页面' });
      } else {
        // fill copies fields of the picked rows: they must be fields the target's list answers.
        const targetFields = new Set([...SYSTEM_FIELD_NAMES, ...target.fields.map((f) => f.name)]);
        for (const [own, picked] of Object.entries(field.options?.picker?.fill ?? {})) {
          if (picked !== undefined && !targetFields.has(picked)) {
            errors.push({ source, pointer: `/fields/${i}/options/picker/fill/${own}`, message: `页面 ${ref} 没有字段 ${picked}` });
          }
        }
      }
    });
  }
  return errors;
}

/** An `area` field reads its cascader from a page (options.area.page, default maintenance/area) whose tree has a cascade. */
function areaPageErrors(
  source: string,
  field: PageField,
  i: number,
  bySource: ReadonlyMap<string, PageDocument>,
  known: ReadonlySet<string>,
): SchemaError[] {
  const ref = areaPageOf(field.options ?? {});
  const at = field.options?.area?.page === undefined ? `/fields/${i}` : `/fields/${i}/options/area/page`;
  const targetSource = pickerPageSource(ref);
  const target = bySource.get(targetSource);
  if (!target) {
    const message = known.has(targetSource)
      ? `区域页面 ${ref} 的定义有误，无法级联选择（${targetSource}）`
      : `区域页面 ${ref} 不存在（找不到 ${targetSource}）`;
    return [{ source, pointer: at, message }];
  }
  if (!target.entity.tree?.cascade) {
    return [{ source, pointer: at, message: `页面 ${ref} 没有 entity.tree.cascade 配置，不能用作区域级联`, expected: '带 entity.tree.cascade 的页面' }];
  }
  return [];
}
