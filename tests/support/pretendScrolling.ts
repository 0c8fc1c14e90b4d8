import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom keeps an element's scrollLeft but never tells anyone it changed: for the file's tests a
 * change of scrollLeft fires a scroll event on the element afterwards, as a browser does after a
 * script, the user or scrollIntoView moved it. `settleScrolls` lets those events happen.
 */
export function pretendScrolling(): void {
  const positions = new WeakMap<Element, number>();
  let saved: PropertyDescriptor | undefined;
  beforeAll(() => {
    saved = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollLeft');
    Object.defineProperty(Element.prototype, 'scrollLeft', {
      configurable: true,
      get(this: Element) {
        return positions.get(this) ?? 0;
      },
      set(this: Element, value: number) {
        const left = Math.max(0, value);
        if (left === (positions.get(this) ?? 0)) return;
        positions.set(this, left);
        setTimeout(() => this.dispatchEvent(new Event('scroll')));
      },
    });
  });
  afterAll(() => {
    if (saved) Object.defineProperty(Element.prototype, 'scrollLeft', saved);
  });
}

/** Waits for the scroll events of scrolls so far, and those their listeners cause, to be dispatched. */
export async function settleScrolls(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve));
}
