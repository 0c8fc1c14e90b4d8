/**
 * The headless part of a form's one-to-many children (page language form.children): which child
 * fields a tab's grid edits, the rows a record brings, and the body the save sends. The tabs
 * themselves are ChildTabs.tsx; the server writes the rows in the main record's transaction.
 */
import type { GridOutput, GridRowValues } from '../../grid';
import type { CompiledFormChild, CompiledPage } from '../../schema/compiledPageTypes';

/** The child fields its grid shows: the child's own list, else the child page's form fields but the foreign key. */
export function childFieldNames(child: CompiledFormChild, childPage: CompiledPage): string[] {
  const names = child.fields ?? childPage.form.fields.map((f) => f.name);
  return names.filter((name) => name !== child.foreignKey);
}

/** The tab's title: the child's own, else the child page's entity title. */
export function childTitle(child: CompiledFormChild, childPage: CompiledPage | undefined): string {
  return child.title ?? childPage?.entity.title ?? child.key;
}

/** The rows of a child a loaded record carries under the child's key (none for a new record). */
export function childRowsOf(record: Readonly<Record<string, unknown>> | undefined, child: CompiledFormChild): GridRowValues[] {
  const rows = record?.[child.key];
  return Array.isArray(rows) ? rows.filter((row): row is GridRowValues => typeof row === 'object' && row !== null) : [];
}

/**
 * The rows a save sends for a child: every row the grid holds, kept rows with their id, new ones
 * without; the foreign key is the server's to set, and the grid's own bookkeeping stays home.
 */
export function childRowsToSend(child: CompiledFormChild, fieldNames: readonly string[], output: GridOutput): Record<string, unknown>[] {
  const sent = new Set(fieldNames);
  return output.rows.map((row) => {
    const values: Record<string, unknown> = {};
    if (typeof row.id === 'string' && row.id !== '') values.id = row.id;
    for (const [key, value] of Object.entries(row)) if (sent.has(key) && key !== child.foreignKey) values[key] = value;
    return values;
  });
}
