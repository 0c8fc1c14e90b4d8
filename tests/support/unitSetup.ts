// antd 5 needs its React 19 patch loaded first, as in src/main.tsx, or its pop-up messages never render.
import '@ant-design/v5-patch-for-react-19';
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, vi } from 'vitest';
import { message, Modal, notification } from 'antd';
import { cleanup, configure } from '@testing-library/react';
import { registerBuiltinWidgets } from '../../runtime/views/registerBuiltinWidgets';

// findBy…/waitFor give up after 1 s by default: a Formily form validating in jsdom on two shared cores
// can take longer to show its message. Waiting longer changes nothing when it shows at once.
configure({ asyncUtilTimeout: 5_000 });

// As src/pages/SchemaRoute.tsx does before the first schema page renders.
registerBuiltinWidgets();

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
  // antd's static message and notification live in roots of their own that cleanup() does not know;
  // a toast left open keeps its close timer, which would fire after the test. destroy() on a page
  // that never showed one would create those roots, so only when one is there.
  if (document.querySelector('.ant-message, .ant-notification')) {
    message.destroy();
    notification.destroy();
  }
  Modal.destroyAll();
});

// Those roots unmount through React's scheduler: let it run while jsdom's window still exists, or a
// task left over after the file's environment is torn down throws "window is not defined".
afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 50));
  // On a busy machine that timer can come due before React's queued task (the scheduler posts its
  // slices with setImmediate, which runs after timers in a loop turn): give it a few turns of its own.
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
});
