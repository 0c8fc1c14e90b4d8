/**
 * The `markdown` widget: the code editor in Markdown mode with 编辑 / 预览 (normal size) and
 * editor and preview side by side in full screen. The preview is rendered from the parse tree and
 * sanitised with the shared rich-text policy (./markdownHtml.ts, ../../richText).
 */
import { Empty, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import type { FormWidgetProps } from '../registry';
import { CodeEditor } from './CodeEditor';
import { FullScreenFrame } from './FullScreenFrame';
import { markdownToHtml } from './markdownHtml';
import { RichTextView } from './RichTextView';
import { EDITOR_TEXTS } from './texts';

type Mode = 'edit' | 'preview';

export default function MarkdownWidget({ value, onChange, disabled, host }: FormWidgetProps) {
  const [mode, setMode] = useState<Mode>('edit');
  const [full, setFull] = useState(false);
  const text = value === null || value === undefined ? '' : String(value);
  const html = useMemo(() => markdownToHtml(text), [text]);

  const preview = (
    <div data-testid="markdown-preview" style={{ padding: '4px 12px', overflow: 'auto', height: full ? '100%' : 240 }}>
      {text.trim() === '' ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EDITOR_TEXTS.previewEmpty} /> : <RichTextView html={html} host={host} />}
    </div>
  );
  const editor = <CodeEditor value={text} onChange={(next) => onChange(next === '' ? null : next)} language="markdown" readOnly={disabled} height={full ? '100%' : undefined} />;

  return (
    <FullScreenFrame
      testId="markdown-widget"
      full={full}
      onFullChange={setFull}
      toolbar={
        full ? null : (
          <Segmented
            size="small"
            value={mode}
            onChange={(next) => setMode(next as Mode)}
            options={[
              { value: 'edit', label: EDITOR_TEXTS.edit },
              { value: 'preview', label: EDITOR_TEXTS.preview },
            ]}
          />
        )
      }
    >
      {full ? (
        <div style={{ display: 'flex', height: '100%', gap: 12 }}>
          <div style={{ flex: 1, minWidth: 0, height: '100%' }}>{editor}</div>
          <div style={{ flex: 1, minWidth: 0, height: '100%', borderLeft: '1px solid #f0f0f0' }}>{preview}</div>
        </div>
      ) : mode === 'edit' ? (
        editor
      ) : (
        preview
      )}
    </FullScreenFrame>
  );
}
