/**
 * Quill 2 configured for our rich text: pictures stored by their static URL (the blot keeps it in
 * `data-src`; the shown `src` is an object URL fetched with the session), alignment as an inline
 * `text-align` (no Quill CSS needed where the HTML is shown), the spec's toolbar and Chinese words.
 */
import Quill from 'quill';
import type ImageFormat from 'quill/formats/image';
import 'quill/dist/quill.snow.css';
import { QUILL_CSS_TEXTS } from './texts';
import { storedPathOfUrl } from './storedImages';

const BaseImage = Quill.import('formats/image') as typeof ImageFormat;

class StoredImage extends BaseImage {
  static override create(value: string): HTMLElement {
    const node = super.create(value) as HTMLElement;
    if (typeof value === 'string' && storedPathOfUrl(value)) {
      node.setAttribute('data-src', value);
      node.removeAttribute('src');
    }
    return node;
  }

  static override value(node: HTMLElement): string {
    return node.getAttribute('data-src') ?? node.getAttribute('src') ?? '';
  }
}

let registered = false;

/** Registers our formats once (Quill's registry is global). */
export function setUpQuill(): typeof Quill {
  if (!registered) {
    Quill.register(StoredImage, true);
    Quill.register(Quill.import('attributors/style/align') as never, true);
    injectChineseCss();
    registered = true;
  }
  return Quill;
}

export const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['link', 'image'],
  ['blockquote', 'code-block'],
  ['clean'],
];

function injectChineseCss(): void {
  const t = QUILL_CSS_TEXTS;
  const picker = (selector: string, text: string) =>
    `.ql-snow .ql-picker.ql-header .ql-picker-label${selector}::before, .ql-snow .ql-picker.ql-header .ql-picker-item${selector}::before { content: '${text}'; }`;
  const rules = [
    picker('', t.normal),
    ...[1, 2, 3, 4, 5, 6].map((level) => picker(`[data-value="${level}"]`, t.heading(level))),
    `.ql-snow .ql-tooltip::before { content: '${t.visitUrl}'; }`,
    `.ql-snow .ql-tooltip[data-mode=link]::before { content: '${t.enterLink}'; }`,
    `.ql-snow .ql-tooltip a.ql-action::after { content: '${t.edit}'; }`,
    `.ql-snow .ql-tooltip.ql-editing a.ql-action::after { content: '${t.save}'; }`,
    `.ql-snow .ql-tooltip a.ql-remove::before { content: '${t.remove}'; }`,
    // The form's labels sit left of the editor; Quill's tooltip must stay above antd's modal.
    `.lossdesk-rich-text .ql-tooltip { z-index: 10; }`,
    `.lossdesk-rich-text .ql-container { font-size: 14px; }`,
    `.lossdesk-rich-text .ql-editor img { max-width: 100%; }`,
    // Read-only: the toolbar stays visible (the user sees the kind of field) but cannot be used.
    `.lossdesk-rich-text[data-disabled="true"] .ql-toolbar { pointer-events: none; opacity: 0.45; }`,
  ];
  const style = document.createElement('style');
  style.dataset.lossdesk = 'quill-texts';
  style.textContent = rules.join('\n');
  document.head.append(style);
}
