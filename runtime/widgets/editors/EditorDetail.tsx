/**
 * The detail view (详细信息) of the editors' fields: rich text as sanitised HTML, Markdown as its
 * sanitised preview, code as text in a monospaced block — never as markup that could run.
 */
import { useMemo } from 'react';
import type { Host } from '../../host/types';
import type { CompiledField } from '../../schema/compiledPageTypes';
import { markdownToHtml } from './markdownHtml';
import { RichTextView } from './RichTextView';

export default function EditorDetail({ field, value, host }: { field: CompiledField; value: unknown; host: Host }) {
  const text = value === null || value === undefined ? '' : String(value);
  const html = useMemo(() => (field.widget === 'markdown' ? markdownToHtml(text) : text), [field.widget, text]);
  if (text === '') return null;
  if (field.widget === 'code')
    return (
      <pre data-testid="code-detail" style={{ margin: 0, maxHeight: 240, overflow: 'auto', fontSize: 12, background: '#fafafa', padding: 8 }}>
        {text}
      </pre>
    );
  return <RichTextView html={html} host={host} testId={`${field.widget}-detail`} />;
}
