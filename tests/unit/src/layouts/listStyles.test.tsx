import { act, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WarmListStyles from '../../../../src/layouts/BasicLayout/listStyles/WarmListStyles';

function antdStyles(): string {
  return [...document.head.querySelectorAll('style')].map((style) => style.textContent).join('\n');
}

describe('list page styles made ahead', () => {
  afterEach(() => vi.useRealTimers());

  it('puts the styles of a list page in the document while idle, and no sample on the page', async () => {
    // The samples' code, loaded (and transformed) before the clock is faked.
    await import('../../../../src/layouts/BasicLayout/listStyles/ListStyleSamples');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { container } = render(
      <ConfigProvider theme={{ token: { colorPrimary: '#52c41a' } }}>
        <p>首页</p>
        <WarmListStyles />
      </ConfigProvider>,
    );
    expect(antdStyles()).not.toContain('.ant-table');
    // jsdom has no requestIdleCallback: each step runs after its timeout.
    for (let step = 0; step < 12; step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
    }
    const styles = antdStyles();
    for (const component of ['ant-table', 'ant-pagination', 'ant-form', 'ant-picker', 'ant-input', 'ant-checkbox', 'ant-alert', 'ant-empty']) {
      expect(styles, component).toContain(component);
    }
    expect(document.querySelector('.ant-table, .ant-form, .ant-picker')).toBeNull();
    expect(container.textContent).toBe('首页');
  }, 20_000);
});
