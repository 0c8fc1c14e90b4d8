/**
 * The HTML an editor's content is stored as: Quill's semantic HTML (real <ul>/<ol>), pictures by
 * their stored URL (not the object URL shown), no helper attributes, and ordinary spaces where
 * Quill writes &nbsp; for every space.
 */

/** Quill writes every space as U+00A0; keep one real space and only further ones as non-breaking. */
function normaliseSpaces(text: string): string {
  return text.replace(/\u00a0+/g, (run) => ` ${'\u00a0'.repeat(run.length - 1)}`);
}

export function storedEditorHtml(semanticHtml: string): string {
  const template = document.createElement('template');
  template.innerHTML = semanticHtml;
  const root = template.content;
  for (const img of root.querySelectorAll('img')) {
    const stored = img.getAttribute('data-src');
    if (stored) img.setAttribute('src', stored);
    for (const name of img.getAttributeNames()) if (name.startsWith('data-')) img.removeAttribute(name);
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('pre') && node.nodeValue) node.nodeValue = normaliseSpaces(node.nodeValue);
  }
  const html = template.innerHTML;
  // An empty editor is an empty value, not '<p></p>'.
  return root.textContent?.trim() === '' && !root.querySelector('img') ? '' : html;
}
