/**
 * A table dictionary ('table,text,code' in dictCode, a treeSelect's dictTable, a linkDown) shows
 * the text column and keys on the code column of the page that owns the table, to anyone who may
 * use the declaring page — so neither may be a column that page marks sensitive (a password,
 * 身份证号, a bank account). Like the picker check it needs every document at hand: it runs in
 * `npm run schemas:check` and when the server loads its pages (which then refuses to start).
 */
import type { PageField } from '../generated/page';
import { isSensitiveField } from './fieldSemantics';
import { camelToUnderline } from './naming';
import type { SourcedDocument } from './pickerReferences';
import type { SchemaError } from './schemaError';

/** One table dictionary a field declares, with where in the field it is written. */
export interface DeclaredTableDictionary {
  table: string;
  text: string;
  code: string;
  /** JSON pointer below the field ('/dictCode', '/options/treeSelect/dictTable', '/options/linkDown'). */
  at: string;
}

/** The table dictionaries a field declares: its dictCode (when it names a table), its tree's table. */
export function fieldTableDictionaries(field: PageField): DeclaredTableDictionary[] {
  const found: DeclaredTableDictionary[] = [];
  const parts = field.dictCode?.split(',');
  if (parts && parts.length === 3) found.push({ table: parts[0], text: parts[1], code: parts[2], at: '/dictCode' });
  const tree = field.options?.treeSelect?.dictTable.split(',');
  if (tree && tree.length === 3) found.push({ table: tree[0], text: tree[1], code: tree[2], at: '/options/treeSelect/dictTable' });
  const link = field.options?.linkDown;
  if (link) found.push({ table: link.table, text: link.textColumn, code: link.valueColumn, at: '/options/linkDown' });
  return found;
}

/** table → column → the label of a sensitive field (a table two documents declare counts if either marks it). */
function sensitiveColumns(documents: readonly SourcedDocument[]): Map<string, Map<string, string>> {
  const byTable = new Map<string, Map<string, string>>();
  for (const { doc } of documents) {
    for (const field of doc.fields) {
      if (!isSensitiveField(field)) continue;
      const columns = byTable.get(doc.entity.table) ?? new Map<string, string>();
      columns.set(field.column ?? camelToUnderline(field.name), field.label);
      byTable.set(doc.entity.table, columns);
    }
  }
  return byTable;
}

/** Errors of every table dictionary that names a sensitive column as its text or code. */
export function checkDictionaryReferences(documents: readonly SourcedDocument[]): SchemaError[] {
  const sensitive = sensitiveColumns(documents);
  const errors: SchemaError[] = [];
  for (const { source, doc } of documents) {
    doc.fields.forEach((field, i) => {
      for (const dict of fieldTableDictionaries(field)) {
        const columns = sensitive.get(dict.table);
        for (const [role, column] of [['显示字段', dict.text], ['值字段', dict.code]] as const) {
          const label = columns?.get(column);
          if (label === undefined) continue;
          errors.push({
            source,
            pointer: `/fields/${i}${dict.at}`,
            message: `表字典的${role} ${dict.table}.${column}（${label}）是敏感字段，不能用作字典`,
          });
        }
      }
    });
  }
  return errors;
}
