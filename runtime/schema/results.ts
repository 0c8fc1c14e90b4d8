/**
 * The `results` section of a page document (结果页) and the `form.steps` that may end in one: the
 * checks the document alone allows (keys, fields, which buttons fit where). A result is not compiled
 * further: the view reads it from the document as it is, through findResult.
 */
import type { PageDocument, PageResult } from '../generated/page';
import type { CompiledPage } from './compiledPageTypes';
import { pointer, type SchemaError } from './schemaError';

/** Title of a step form's review step when the document gives none. */
export const DEFAULT_CONFIRM_TITLE = '确认信息';

/** The result a menu item or a step form names, if the page declares it. */
export function findResult(page: CompiledPage, key: string): PageResult | undefined {
  return page.document.results?.find((result) => result.key === key);
}

export function resultErrors(doc: PageDocument, source: string): SchemaError[] {
  const errors: SchemaError[] = [];
  const report = (at: string, message: string) => errors.push({ source, pointer: at, message });
  const results = doc.results ?? [];
  const stored = new Set(doc.fields.filter((f) => f.stored !== false).map((f) => f.name));
  const taken = new Set([...(doc.views ?? []).map((v) => v.key), ...(doc.statistics ?? []).map((s) => s.key)]);
  const seen = new Set<string>();
  const ending = doc.form.steps?.result;
  results.forEach((result, i) => {
    const at = (...tokens: (string | number)[]) => pointer('results', i, ...tokens);
    if (taken.has(result.key) || seen.has(result.key)) report(at('key'), `结果页 key ${result.key} 与页面的视图、报表或其他结果页重名`);
    seen.add(result.key);
    result.details?.items.forEach((item, k) => {
      const where = at('details', 'items', k);
      if ((item.text === undefined) === (item.field === undefined)) report(where, '结果页的明细须给出 text 或 field，且只能给出其一');
      if (item.field !== undefined && !stored.has(item.field)) report(`${where}/field`, `结果页的明细引用了不存在的字段 ${item.field}`);
    });
    result.actions?.forEach((action, k) => {
      const where = at('actions', k);
      if ((action.to === undefined) === (action.do === undefined)) report(where, '结果页的按钮须给出 to 或 do，且只能给出其一');
      if (action.do !== undefined && result.key !== ending) {
        report(`${where}/do`, `结果页 ${result.key} 不是分步表单提交后显示的结果（form.steps.result），按钮不能用 do`);
      }
    });
  });
  if (ending !== undefined && !seen.has(ending)) report('/form/steps/result', `分步表单引用了不存在的结果页 ${ending}`);
  return errors;
}
