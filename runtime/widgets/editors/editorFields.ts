import type { CompiledField } from '../../schema/compiledPageTypes';

/** Fields the detail view shows through EditorDetail (loaded only when a page has one). */
export function hasEditorDetail(field: CompiledField): boolean {
  return field.widget === 'editor' || field.widget === 'markdown' || field.widget === 'code';
}
