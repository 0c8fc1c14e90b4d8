import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PageMonitor } from '../../../../../runtime/generated/page';
import { MonitorPanel } from '../../../../../runtime/views/monitor/MonitorPanel';
import { createFakeHost, fail, ok } from '../../list/fakeHost';

const MONITOR: PageMonitor = {
  endpoint: 'summary',
  refreshSeconds: 1,
  groups: [
    { title: '内存', kind: 'figures', items: [{ key: 'memory.rss', label: '常驻内存', format: 'bytes' }, { key: 'memory.limit', label: '上限', format: 'bytes' }] },
    { title: '版本', kind: 'values', items: [{ key: 'node', label: 'Node.js' }, { key: 'count', label: '次数', format: 'number', suffix: '次' }] },
    { title: '慢语句', kind: 'table', rows: 'slow', emptyText: '没有慢语句', columns: [{ key: 'query', label: '语句' }, { key: 'meanMs', label: '平均', format: 'duration' }] },
  ],
};

function monitorHost(answer: () => ReturnType<typeof ok>) {
  const fake = createFakeHost();
  fake.respond((call) => (call.url === '/monitor/runtime/summary' ? answer() : fail('未知请求')));
  return fake;
}

describe('the monitor section', () => {
  it('shows figures, key/values, a table and the notes; what the server could not measure is 不可用', async () => {
    let rss = 1536;
    const fake = monitorHost(() => ok({ memory: { rss, limit: null }, node: '20.20.2', count: 1234, slow: [{ query: 'SELECT 1', meanMs: 850 }], notes: ['没有连接上限'] }));
    render(<MonitorPanel monitor={MONITOR} apiPath="/monitor/runtime" host={fake.host} onRefresh={() => undefined} />);
    expect(await screen.findByText('1.5 KB')).toBeInTheDocument();
    expect(screen.getByText('不可用')).toBeInTheDocument();
    expect(screen.getByText('20.20.2')).toBeInTheDocument();
    expect(screen.getByText('1,234 次')).toBeInTheDocument();
    expect(screen.getByText('SELECT 1')).toBeInTheDocument();
    expect(screen.getByText('850 ms')).toBeInTheDocument();
    expect(screen.getByText('没有连接上限')).toBeInTheDocument();
    rss = 2048;
    await userEvent.setup().click(screen.getByRole('button', { name: /刷\s*新/ }));
    expect(await screen.findByText('2 KB')).toBeInTheDocument();
  });

  it('refreshes the figures and the list every interval until paused; resuming refreshes at once', async () => {
    const user = userEvent.setup();
    const onRefresh = vi.fn();
    const fake = monitorHost(() => ok({ memory: { rss: 1 }, slow: [] }));
    render(<MonitorPanel monitor={MONITOR} apiPath="/monitor/runtime" host={fake.host} onRefresh={onRefresh} />);
    expect(await screen.findByText('没有慢语句')).toBeInTheDocument();
    const calls = () => fake.callsTo('get', '/monitor/runtime/summary').length;
    expect(calls()).toBe(1);
    // The list loads itself when the page opens: only later ticks reload it.
    expect(onRefresh).not.toHaveBeenCalled();
    await waitFor(() => expect(calls()).toBe(2), { timeout: 2500 });
    expect(onRefresh).toHaveBeenCalledTimes(1);

    const toggle = screen.getByRole('switch', { name: '自动刷新' });
    await user.click(toggle);
    expect(screen.getByText('已暂停')).toBeInTheDocument();
    const paused = calls();
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(calls()).toBe(paused);

    await user.click(toggle);
    expect(screen.getByText('每 1 秒')).toBeInTheDocument();
    await waitFor(() => expect(calls()).toBe(paused + 1));
  });

  it('shows a refusal in place of the figures', async () => {
    const fake = createFakeHost();
    fake.respond(() => fail('没有权限，请联系管理员授权'));
    render(<MonitorPanel monitor={MONITOR} apiPath="/monitor/runtime" host={fake.host} onRefresh={() => undefined} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('没有权限，请联系管理员授权')).toBeInTheDocument();
  });
});
