import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out: for the file's tests every element pretends to be 1000 × 400 px, so a
 * virtualised grid has room for its rows and columns.
 */
export function pretendLayout(): void {
  const sizes = { offsetWidth: 1000, clientWidth: 1000, offsetHeight: 400, clientHeight: 400 } as const;
  const saved = new Map<string, PropertyDescriptor | undefined>();
  beforeAll(() => {
    for (const [name, value] of Object.entries(sizes)) {
      saved.set(name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
    }
  });
  afterAll(() => {
    for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  });
}
