import { afterEach, describe, expect, it } from 'vitest';
import { clearContainerCache, removeCSS, updateCSS } from '../../../../src/antdDom/dynamicCss';

const MARK = 'data-css-hash';

function stylesWith(key: string): HTMLStyleElement[] {
  return Array.from(document.head.querySelectorAll<HTMLStyleElement>('style')).filter((node) => node.getAttribute(MARK) === key);
}

afterEach(() => {
  for (const node of Array.from(document.head.querySelectorAll('style'))) node.remove();
  clearContainerCache();
});

describe('updateCSS with the element of a key remembered', () => {
  it('puts one element per key into <head> and reuses it, changing its text only when it differs', () => {
    const first = updateCSS('.a{color:red}', 'k1', { mark: MARK, prepend: 'queue' });
    const again = updateCSS('.a{color:red}', 'k1', { mark: MARK, prepend: 'queue' });
    expect(again).toBe(first);
    expect(stylesWith('k1')).toEqual([first]);
    const changed = updateCSS('.a{color:blue}', 'k1', { mark: MARK, prepend: 'queue' });
    expect(changed).toBe(first);
    expect(first.innerHTML).toBe('.a{color:blue}');
  });

  it('keeps keys apart and sets the nonce asked for', () => {
    const a = updateCSS('.a{}', 'k1', { mark: MARK });
    const b = updateCSS('.b{}', 'k2', { mark: MARK, csp: { nonce: 'n1' } });
    expect(b).not.toBe(a);
    expect(updateCSS('.b{}', 'k2', { mark: MARK, csp: { nonce: 'n2' } }).nonce).toBe('n2');
  });

  it('makes the element again when it was taken out of the document or removed', () => {
    const first = updateCSS('.a{}', 'k1', { mark: MARK });
    first.remove();
    const second = updateCSS('.a{}', 'k1', { mark: MARK });
    expect(second).not.toBe(first);
    expect(stylesWith('k1')).toEqual([second]);
    removeCSS('k1', { mark: MARK });
    expect(stylesWith('k1')).toEqual([]);
    const third = updateCSS('.a{}', 'k1', { mark: MARK });
    expect(stylesWith('k1')).toEqual([third]);
  });

  it('finds an element another copy of rc-util put there (found by its key, as before)', () => {
    const made = document.createElement('style');
    made.setAttribute(MARK, 'k3');
    made.innerHTML = '.c{}';
    document.head.appendChild(made);
    expect(updateCSS('.c{}', 'k3', { mark: MARK })).toBe(made);
  });

  it('does not take an element whose key attribute changed', () => {
    const first = updateCSS('.a{}', 'k1', { mark: MARK });
    first.setAttribute(MARK, 'other');
    const second = updateCSS('.a{}', 'k1', { mark: MARK });
    expect(second).not.toBe(first);
    expect(second.getAttribute(MARK)).toBe('k1');
  });
});
