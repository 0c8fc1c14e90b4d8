import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Announcement, Envelope, NoticeList } from '../../../../src/api/types';

const api = vi.hoisted(() => ({
  listByUser: vi.fn(),
  markAnnouncementRead: vi.fn(),
}));
vi.mock('../../../../src/api/announcement', () => api);

const { useAnnouncements } = await import('../../../../src/hooks/useAnnouncements');
const { requestNoticeReload } = await import('../../../../src/realtime/noticeReloads');

const annt = (id: string): Announcement => ({ id, titile: `通知${id}` }) as Announcement;
const answer = (ids: string[]): Envelope<NoticeList> =>
  ({
    success: true,
    code: 200,
    message: '',
    result: { anntMsgList: ids.map(annt), anntMsgTotal: ids.length, sysMsgList: [], sysMsgTotal: 0 },
  }) as unknown as Envelope<NoticeList>;

describe('notice lists follow the notification socket', () => {
  beforeEach(() => {
    api.listByUser.mockReset();
    api.markAnnouncementRead.mockReset().mockResolvedValue({ success: true });
  });

  it('every place showing notices reloads when a change is reported', async () => {
    api.listByUser.mockResolvedValue(answer(['1', '2']));
    const bell = renderHook(() => useAnnouncements());
    const home = renderHook(() => useAnnouncements());
    await waitFor(() => expect(bell.result.current.list.anntMsgTotal).toBe(2));
    await waitFor(() => expect(home.result.current.list.anntMsgTotal).toBe(2));

    api.listByUser.mockResolvedValue(answer(['2']));
    act(() => requestNoticeReload());
    await waitFor(() => expect(bell.result.current.list.anntMsgTotal).toBe(1));
    await waitFor(() => expect(home.result.current.list.anntMsgTotal).toBe(1));
  });

  it('marking one read in the bell reloads the home list too', async () => {
    api.listByUser.mockResolvedValue(answer(['1', '2']));
    const bell = renderHook(() => useAnnouncements());
    const home = renderHook(() => useAnnouncements());
    await waitFor(() => expect(home.result.current.list.anntMsgTotal).toBe(2));

    api.listByUser.mockResolvedValue(answer(['2']));
    act(() => bell.result.current.open(annt('1')));
    expect(api.markAnnouncementRead).toHaveBeenCalledWith('1');
    expect(bell.result.current.current?.id).toBe('1');
    await waitFor(() => expect(home.result.current.list.anntMsgTotal).toBe(1));
  });
});
