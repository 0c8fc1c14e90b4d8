import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../../../src/api/types';
import { ViewLoadError, loadWithTimeout, type ViewModule } from '../../../../src/router/lazyView';
import { hasView, normaliseViewKey, preloadView, viewFor } from '../../../../src/router/viewRegistry';
import { useSession } from '../../../../src/store/session';

describe('loading a page view', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('fails with a load error when the code has not arrived within 120 s', async () => {
    const never = () => new Promise<ViewModule>(() => undefined);
    const loading = loadWithTimeout(never, 'system/UserList');
    const outcome = loading.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void loading.catch(() => undefined).finally(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ViewLoadError);
    expect(error).toMatchObject({ viewKey: 'system/UserList', message: '页面加载超时（120 秒）：system/UserList' });
  });

  it('reports a chunk that cannot be fetched as a load error', async () => {
    const broken = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(loadWithTimeout(broken, 'x/Y')).rejects.toMatchObject({ name: 'ViewLoadError', message: '页面加载失败：x/Y' });
  });
});

describe('view registry', () => {
  it('gives the same lazy component for the same key', () => {
    expect(viewFor('exception/404')).toBe(viewFor('/exception/404'));
    expect(viewFor('maintenance/ExpertList')).toBe(viewFor('report/AreaReport'));
    expect(viewFor('exception/404')).not.toBe(viewFor('exception/403'));
  });

  it('knows the built views and normalises JeecgBoot-style keys', () => {
    expect(normaliseViewKey('/views/system/UserList.vue')).toBe('system/UserList');
    for (const key of ['dashboard/Analysis', 'isps/UserAnnouncement', 'exception/403', 'exception/500', 'layouts/IframePageView', 'modules/online/cgreport/auto/OnlCgreportAutoList']) {
      expect(hasView(key), key).toBe(true);
    }
    expect(hasView('maintenance/ExpertList')).toBe(false);
  });

  it('shows a page that is not built yet as coming soon, naming it', async () => {
    const menu: MenuItem[] = [
      { id: 'e', path: '/maintenance/expert', name: 'expert', component: 'maintenance/ExpertList', meta: { title: '专家管理' } },
    ];
    useSession.getState().applyPermissions({ menu, auth: [], allAuth: [] });
    const View = viewFor('maintenance/ExpertList');
    render(
      <MemoryRouter initialEntries={['/maintenance/expert']}>
        <Suspense fallback="loading">
          <View />
        </Suspense>
      </MemoryRouter>,
    );
    // The first lazy import compiles antd's Result in the test run; give it time.
    expect(await screen.findByText('专家管理', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('该功能正在建设中')).toBeInTheDocument();
    expect(screen.getByText('视图：maintenance/ExpertList')).toBeInTheDocument();
  });

  it('renders the exception pages in Chinese', async () => {
    const View = viewFor('exception/403');
    render(
      <MemoryRouter>
        <Suspense fallback="loading">
          <View />
        </Suspense>
      </MemoryRouter>,
    );
    expect(await screen.findByText('抱歉，你无权访问该页面', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
  });

  it('renders a view preloaded by the menu at once, without suspending', async () => {
    preloadView('exception/500', true);
    // The view's code is loaded by the time the click comes: wait for the same import here.
    await import('../../../../src/pages/exception/Exception500');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const View = viewFor('exception/500');
    render(
      <MemoryRouter>
        <Suspense fallback="loading">
          <View />
        </Suspense>
      </MemoryRouter>,
    );
    // In the first render already: no fallback, hence no waiting for React's reveal throttle.
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('500')).toBeInTheDocument();
  });
});
