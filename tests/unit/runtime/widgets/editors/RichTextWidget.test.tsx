// The rich-text editor (Quill, running in jsdom) as a user meets it: 300 high, and a picture chosen
// from the toolbar is uploaded with biz 'jeditor' and lands in the HTML by its stored URL, never as
// base64.
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompiledField } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import RichTextWidget from '../../../../../runtime/widgets/editors/RichTextWidget';
import { createFakeHost, ok, type FakeHost } from '../../list/fakeHost';

const STORED = 'jeditor/20261123/0123456789abcdef_现场.png';
const STORED_URL = `/sys/common/static/jeditor/20261123/${encodeURIComponent('0123456789abcdef_现场.png')}`;

function editorField(): CompiledField {
  const result = loadPageSchema(
    {
      schemaVersion: 1,
      entity: { name: 'article', module: 'test', title: '文章', table: 'test_article', permissionPrefix: 'article' },
      fields: [{ name: 'content', label: '正文', type: 'text', widget: 'editor' }],
      list: { columns: [{ field: 'content' }], toolbar: [], rowActions: [] },
      form: { columns: 1 },
    },
    'test/article.json',
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const field = result.page.fieldByName.get('content');
  if (!field) throw new Error('content');
  return field;
}

let fake: FakeHost;

function Harness() {
  const [value, setValue] = useState<unknown>('');
  return (
    <>
      <RichTextWidget field={editorField()} value={value} onChange={setValue} host={fake.host} />
      <output data-testid="value">{String(value)}</output>
    </>
  );
}

/** The file input Quill's image button creates off the page; the test fills and submits it. */
function catchFileInput(): { input: () => HTMLInputElement } {
  const opened: HTMLInputElement[] = [];
  vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
    if (this.type === 'file') opened.push(this);
  });
  return {
    input: () => {
      const last = opened.at(-1);
      if (!last) throw new Error('no file input was opened');
      return last;
    },
  };
}

function choose(input: HTMLInputElement, file: File): void {
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  input.dispatchEvent(new Event('change'));
}

beforeEach(() => {
  fake = createFakeHost();
  fake.respond((call) => {
    if (call.method === 'upload') return { success: true, message: STORED, code: 200, result: null, timestamp: 0 };
    if (call.method === 'getBlob') return new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    return ok(null);
  });
  // jsdom has no object URLs: the shown picture gets a readable one.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:shown-1'), revokeObjectURL: vi.fn() }));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the rich-text editor', () => {
  it('is 300 high', () => {
    render(<Harness />);
    const editor = screen.getByTestId('rich-text-editor');
    const container = editor.querySelector<HTMLElement>('.ql-container');
    expect(container?.style.height).toBe('300px');
    expect(editor.querySelector('.ql-toolbar button.ql-image')).toHaveAttribute('title', '插入图片');
  });

  it('uploads a chosen picture with biz jeditor and puts its stored URL, not base64, into the HTML', async () => {
    const files = catchFileInput();
    render(<Harness />);
    screen.getByTitle('插入图片').click();
    expect(files.input().accept).toBe('image/*');
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '现场.png', { type: 'image/png' });
    choose(files.input(), picture);

    await waitFor(() => expect(screen.getByTestId('value').textContent).toContain('<img'));
    const uploads = fake.callsTo('upload', '/sys/common/upload');
    expect(uploads).toHaveLength(1);
    expect(uploads[0].body).toEqual([picture]);
    expect(uploads[0].options).toMatchObject({ fields: { isup: '1', biz: 'jeditor', jeditor: '1' } });

    const html = screen.getByTestId('value').textContent ?? '';
    expect(html).toContain(`<img src="${STORED_URL}">`);
    expect(html).not.toContain('data:');
    expect(html).not.toContain('blob:');
    // In the editor the picture is shown through an object URL fetched with the session.
    await waitFor(() => expect(screen.getByTestId('rich-text-editor').querySelector('.ql-editor img')).toHaveAttribute('src', 'blob:shown-1'));
    expect(fake.callsTo('getBlob').map((call) => call.url)).toEqual([STORED_URL]);
  });
});
