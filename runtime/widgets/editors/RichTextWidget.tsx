/**
 * The `editor` widget: Quill 2 mounted imperatively on a ref (React 19, no react-quill), height 300
 * (widgets.md §9). Pictures go through POST {base}/sys/common/upload with biz 'jeditor' and jeditor
 * '1' and are inserted by their static URL; pasted or dropped pictures too, never as base64.
 * The value is the editor's HTML; what comes in is sanitised with the shared policy first.
 */
import type Quill from 'quill';
import type { Range } from 'quill';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { FormWidgetProps } from '../registry';
import { sanitizeHtml } from '../../richText/sanitizeInBrowser';
import { storedEditorHtml } from './editorHtml';
import { setUpQuill, TOOLBAR } from './quillSetup';
import { StoredImageUrls, uploadEditorImage } from './storedImages';
import { TOOLBAR_TOOLTIPS } from './texts';

export const EDITOR_HEIGHT = 300;

function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

export default function RichTextWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  const holder = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const images = useRef<StoredImageUrls | null>(null);
  // The HTML the editor last reported or was given, so our own onChange does not reload it.
  const shown = useRef<string | null>(null);
  const latest = useRef({ onChange, host });
  useLayoutEffect(() => {
    latest.current = { onChange, host };
  });

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const QuillClass = setUpQuill();
    const pictures = new StoredImageUrls(latest.current.host);
    images.current = pictures;
    const container = document.createElement('div');
    element.append(container);

    const insertImages = async (files: readonly File[], at?: Range | null) => {
      let index = at?.index ?? quill.getSelection(true)?.index ?? quill.getLength();
      for (const file of files) {
        if (!file.type.startsWith('image/')) continue;
        const url = await uploadEditorImage(latest.current.host, file);
        if (!url) continue;
        quill.insertEmbed(index, 'image', url, 'user');
        index += 1;
        quill.setSelection(index, 0, 'silent');
      }
    };
    const chooseImage = () => {
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = 'image/*';
      input.onchange = () => void insertImages(Array.from(input.files ?? []));
      input.click();
    };

    const quill: Quill = new QuillClass(container, {
      theme: 'snow',
      placeholder: field.placeholder,
      modules: {
        toolbar: { container: TOOLBAR, handlers: { image: chooseImage } },
        // Dropped and pasted picture files are uploaded like chosen ones.
        uploader: { handler: (range: Range, files: File[]) => void insertImages(files, range) },
        clipboard: {
          matchers: [
            // A pasted picture that is no URL of ours (base64, another site) is left out.
            [
              'IMG',
              (node: Node, delta: unknown) => {
                const src = (node as HTMLImageElement).getAttribute('src') ?? '';
                return src.startsWith('data:') ? new (QuillClass.import('delta') as new () => unknown)() : delta;
              },
            ],
          ],
        },
      },
    });
    container.style.height = `${EDITOR_HEIGHT}px`;
    const toolbar = (quill.getModule('toolbar') as { container: HTMLElement }).container;
    for (const [selector, title] of TOOLBAR_TOOLTIPS) toolbar.querySelectorAll(selector).forEach((control) => control.setAttribute('title', title));
    const linkInput = element.querySelector<HTMLInputElement>('.ql-tooltip input[data-link]');
    if (linkInput) linkInput.dataset.link = 'https://';

    quill.on('text-change', () => {
      const html = storedEditorHtml(quill.getSemanticHTML());
      shown.current = html;
      pictures.show(quill.root);
      latest.current.onChange(html);
    });
    quillRef.current = quill;
    shown.current = null;
    return () => {
      quillRef.current = null;
      pictures.dispose();
      element.replaceChildren();
    };
  }, [field.placeholder]);

  const html = textOf(value);
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || html === shown.current) return;
    shown.current = html;
    quill.setContents(quill.clipboard.convert({ html: sanitizeHtml(html) }), 'silent');
    images.current?.show(quill.root);
  }, [html]);

  useEffect(() => {
    quillRef.current?.enable(!disabled);
  }, [disabled]);

  return <div ref={holder} className="lossdesk-rich-text" data-testid="rich-text-editor" data-field={field.name} data-disabled={disabled ? 'true' : 'false'} style={{ background: disabled ? '#f5f5f5' : undefined }} />;
}
