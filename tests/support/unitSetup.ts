// antd 5 needs its React 19 patch loaded first, as in src/main.tsx, or its pop-up messages never render.
import '@ant-design/v5-patch-for-react-19';
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom lacks a few browser APIs antd relies on.

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub implements ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { configurable: true, writable: true, value: ResizeObserverStub });
}

// jsdom throws "Not implemented" for getComputedStyle(element, pseudoElement); antd asks for
// ::before/::after sizes (e.g. scrollbar measurement). Answer with the element's own style.
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudoElement?: string | null) =>
  originalGetComputedStyle(element, pseudoElement ? undefined : pseudoElement);

// jsdom's scrollTo only logs "Not implemented".
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// Vitest runs without globals here, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
});
