import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CronDialog from '../../../../../runtime/widgets/cron/CronDialog';

describe('the dialog Cron表达式', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-01-15T10:20:30+08:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the next 10 run times 500 ms after the last change, not before', () => {
    render(<CronDialog value="0 0 12 * * ?" onOk={() => undefined} onCancel={() => undefined} />);
    expect(screen.getByText('Cron表达式')).toBeTruthy();
    for (const tab of ['秒', '分', '时', '日', '月', '周', '年']) expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    act(() => vi.advanceTimersByTime(499));
    expect(document.querySelectorAll('.ld-cron-preview li')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(document.querySelectorAll('.ld-cron-preview li')).toHaveLength(10);
  }, 30_000); // the first antd render in jsdom is slow on a shared machine

  it('lists the times the server fires at (Beijing time) to a user whose browser is in another zone', () => {
    const browserZone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // 13:00 in Beijing, midnight in New York: today's noon has passed where the scheduler runs.
      vi.setSystemTime(new Date('2026-01-15T13:00:00+08:00'));
      render(<CronDialog value="0 0 12 * * ?" onOk={() => undefined} onCancel={() => undefined} />);
      act(() => vi.advanceTimersByTime(500));
      const times = Array.from(document.querySelectorAll('.ld-cron-preview li'), (li) => li.textContent);
      expect(times.slice(0, 2)).toEqual(['2026-01-16 12:00:00', '2026-01-17 12:00:00']);
    } finally {
      if (browserZone === undefined) delete process.env.TZ;
      else process.env.TZ = browserZone;
    }
  });

  it('says 无执行时间 when the expression never fires', () => {
    render(<CronDialog value="0 0 0 30 2 ?" onOk={() => undefined} onCancel={() => undefined} />);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('无执行时间')).toBeTruthy();
  });

  it('OK hands back the expression, cancel hands back nothing', () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    render(<CronDialog value="0 0/5 * ? * 2-6" onOk={onOk} onCancel={onCancel} />);
    act(() => screen.getByRole('button', { name: /确\s*定/ }).click());
    expect(onOk).toHaveBeenCalledWith('0 0/5 * ? * 2-6');
    act(() => screen.getByRole('button', { name: /取\s*消/ }).click());
    expect(onCancel).toHaveBeenCalled();
  });

  it('shows a part its tabs cannot build as 保持原样 and hands the expression back unchanged', () => {
    const onOk = vi.fn();
    render(<CronDialog value="10-40/7 0 12 * * ?" onOk={onOk} onCancel={() => undefined} />);
    expect(screen.getByText('保持原样：10-40/7')).toBeTruthy();
    act(() => screen.getByRole('button', { name: /确\s*定/ }).click());
    expect(onOk).toHaveBeenCalledWith('10-40/7 0 12 * * ?');
  });
});
