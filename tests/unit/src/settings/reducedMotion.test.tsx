// A user whose system asks for reduced motion gets antd without animations (modals, menus and
// dropdowns appear at once); the choice is followed while the page stays open.
import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemedConfigProvider } from '../../../../src/settings/ThemedConfigProvider';

const realMatchMedia = window.matchMedia;

/** A system setting the test can change, told to the page as a `change` event. */
function systemMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && state.reduce;
      },
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    change(next: boolean) {
      state.reduce = next;
      for (const listener of listeners) listener();
    },
  };
}

function MotionShown() {
  const { token } = theme.useToken();
  return <span>{token.motion ? '有动画' : '无动画'}</span>;
}

afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('reduced motion', () => {
  it('keeps antd animations when the system does not ask otherwise', () => {
    systemMotionSetting(false);
    render(<ThemedConfigProvider locale={zhCN}><MotionShown /></ThemedConfigProvider>);
    expect(screen.getByText('有动画')).toBeTruthy();
  });

  it('turns them off for prefers-reduced-motion, and on again when the setting changes', () => {
    const system = systemMotionSetting(true);
    render(<ThemedConfigProvider locale={zhCN}><MotionShown /></ThemedConfigProvider>);
    expect(screen.getByText('无动画')).toBeTruthy();
    act(() => system.change(false));
    expect(screen.getByText('有动画')).toBeTruthy();
  });
});
