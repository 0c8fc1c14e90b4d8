// The code editor's settings (widgets.md §9) as the rendered editor has them: tab size 2 — a Tab
// indents by two spaces — and a default height of 240px.
import { render, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { indentUnit } from '@codemirror/language';
import { describe, expect, it, vi } from 'vitest';
import CodeWidget from '../../../../../runtime/widgets/editors/CodeWidget';
import type { FormWidgetProps } from '../../../../../runtime/widgets/registry';

// jsdom measures no text; CodeMirror asks for the rectangles of ranges when it draws the cursor.
const empty = { length: 0, item: () => null, [Symbol.iterator]: function* () {} } as unknown as DOMRectList;
Range.prototype.getClientRects ??= () => empty;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const field = { name: 'snippet', label: '示例代码', widget: 'code', options: { language: 'javascript' } } as unknown as FormWidgetProps['field'];
const host = {} as FormWidgetProps['host'];

function renderedView(): EditorView {
  const dom = screen.getByTestId('code-editor').querySelector<HTMLElement>('.cm-editor');
  const view = dom ? EditorView.findFromDOM(dom) : null;
  if (!view) throw new Error('no editor');
  return view;
}

describe('the code editor', { timeout: 30_000 }, () => {
  it('has tab size 2: a Tab at the start of a line indents it by two spaces', async () => {
    const onChange = vi.fn();
    render(<CodeWidget field={field} value="" onChange={onChange} host={host} />);
    const view = renderedView();
    expect(view.state.tabSize).toBe(2);
    expect(view.state.facet(indentUnit)).toBe('  ');
    view.contentDOM.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', keyCode: 9, bubbles: true, cancelable: true }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('  '));
  });

  it('is 240px high by default', () => {
    render(<CodeWidget field={field} value="SELECT 1" onChange={vi.fn()} host={host} />);
    expect(getComputedStyle(renderedView().dom).height).toBe('240px');
  });
});
