import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import CodeWidget from '../../../../runtime/widgets/editors/CodeWidget';
import type { FormWidgetProps } from '../../../../runtime/widgets/registry';

// jsdom measures no text; CodeMirror asks for the rectangles of ranges when it draws the cursor.
const empty = { length: 0, item: () => null, [Symbol.iterator]: function* () {} } as unknown as DOMRectList;
Range.prototype.getClientRects ??= () => empty;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const field = { name: 'snippet', label: '示例代码', widget: 'code', options: { language: 'sql' } } as unknown as FormWidgetProps['field'];
const host = {} as FormWidgetProps['host'];

describe('the code widget', { timeout: 30_000 }, () => {
  it('opens in the page language, shows the text and is read-only when disabled', async () => {
    render(<CodeWidget field={field} value="SELECT 1" onChange={vi.fn()} disabled host={host} />);
    const editor = screen.getByTestId('code-editor');
    expect(editor).toHaveAttribute('data-language', 'sql');
    await waitFor(() => expect(editor.querySelector('.cm-content')).toHaveTextContent('SELECT 1'));
    expect(editor.querySelector('.cm-content')).toHaveAttribute('contenteditable', 'false');
    expect(screen.getByRole('button', { name: '全屏' })).toBeInTheDocument();
  });

  it('is editable otherwise and goes full screen and back', async () => {
    const { rerender } = render(<CodeWidget field={field} value="" onChange={vi.fn()} host={host} />);
    const content = screen.getByTestId('code-editor').querySelector('.cm-content');
    expect(content).toHaveAttribute('contenteditable', 'true');
    screen.getByRole('button', { name: '全屏' }).click();
    await waitFor(() => expect(screen.getByTestId('code-widget')).toHaveAttribute('data-full-screen', 'true'));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await waitFor(() => expect(screen.getByTestId('code-widget')).toHaveAttribute('data-full-screen', 'false'));
    rerender(<CodeWidget field={field} value="x = 1" onChange={vi.fn()} host={host} />);
    await waitFor(() => expect(screen.getByTestId('code-editor').querySelector('.cm-content')).toHaveTextContent('x = 1'));
  });
});
