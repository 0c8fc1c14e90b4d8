/**
 * The page a row action's form is built from: the entity's page with the action's own fields as its
 * form, so the form machinery (schema, defaults, values, rules) serves it unchanged. The fields have
 * no column; their values go to the action's endpoint with the row's id.
 */
import type { CompiledCustomRowAction, CompiledPage, CompiledRowActionForm } from '../../schema/compiledPageTypes';

export function rowActionFormPage(page: CompiledPage, form: CompiledRowActionForm): CompiledPage {
  return {
    ...page,
    fieldByName: new Map([...page.fieldByName, ...form.fields.map((field) => [field.name, field] as const)]),
    form: { columns: form.columns, width: form.width, groups: [{ fields: form.fields }], fields: form.fields, linkage: [], actions: [], children: [] },
  };
}

/** A row action that opens a dialog (a form or a table) rather than calling its endpoint at once. */
export function opensDialog(action: CompiledCustomRowAction): boolean {
  return action.form !== undefined || action.table !== undefined;
}

/** The rows of a table action's answer: an array, or a page's `records`. */
export function answerRows(result: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(result)
    ? result
    : result && typeof result === 'object' && Array.isArray((result as { records?: unknown }).records)
      ? (result as { records: unknown[] }).records
      : [];
  return rows.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null);
}
