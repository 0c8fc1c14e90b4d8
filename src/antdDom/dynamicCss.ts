/**
 * rc-util's dynamicCSS with the style element of a key remembered (see
 * scripts/vite/antdDomShims.ts, which puts this module in its place for antd's CSS-in-JS and
 * icons).
 *
 * Every antd component and icon that mounts calls updateCSS for its styles, also when they are in
 * the document already (the usual case): rc-util then lists every child of `<head>` and reads an
 * attribute of each style element until it finds the one with the key — about a hundred calls of
 * seventy elements each in the click that opens a list page. Here the element found or made for a
 * key is kept; while it is still in its container with the same key it is used as rc-util uses
 * the one it finds (nonce, content), and anything else goes to rc-util as before.
 */
import {
  clearContainerCache as clearRcContainerCache,
  injectCSS,
  removeCSS as rcRemoveCSS,
  updateCSS as rcUpdateCSS,
} from 'rc-util/es/Dom/dynamicCSS';

export { injectCSS };

type Options = NonNullable<Parameters<typeof rcUpdateCSS>[2]>;

const DEFAULT_MARK = 'rc-util-key';

/** The attribute holding the key (rc-util's getMark). */
function markOf(option: Options): string {
  const { mark } = option;
  if (!mark) return DEFAULT_MARK;
  return mark.startsWith('data-') ? mark : `data-${mark}`;
}

/** Where rc-util puts the element (its getContainer). */
function containerOf(option: Options): Node | null {
  return option.attachTo ?? document.querySelector('head') ?? document.body;
}

const known = new Map<string, HTMLElement>();

function knownKey(option: Options, key: string): string {
  return `${markOf(option)}\u0000${key}`;
}

export function updateCSS(css: string, key: string, option: Options = {}): HTMLElement {
  const id = knownKey(option, key);
  const node = known.get(id);
  if (node && node.isConnected && node.parentNode === containerOf(option) && node.getAttribute(markOf(option)) === key) {
    // What rc-util does with the element it finds.
    const nonce = option.csp?.nonce;
    if (nonce && node.nonce !== nonce) node.nonce = nonce;
    if (node.innerHTML !== css) node.innerHTML = css;
    return node;
  }
  const made = rcUpdateCSS(css, key, option);
  known.set(id, made);
  return made;
}

export function removeCSS(key: string, option: Options = {}): void {
  known.delete(knownKey(option, key));
  rcRemoveCSS(key, option);
}

export function clearContainerCache(): void {
  known.clear();
  clearRcContainerCache();
}
