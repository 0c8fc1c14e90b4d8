import { useCallback, useEffect, useState } from 'react';
import { listByUser, markAnnouncementRead } from '../api/announcement';
import type { Announcement, NoticeList } from '../api/types';
import { requestNoticeReload, useNoticeReloads } from '../realtime/noticeReloads';

const EMPTY: NoticeList = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

export interface AnnouncementsState {
  list: NoticeList;
  loading: boolean;
  /** The announcement shown in the detail modal, if any. */
  current: Announcement | null;
  reload(): void;
  /** Marks it read, shows it, then reloads the list (spec §4 "Notices"). */
  open(annt: Announcement): void;
  closeDetail(): void;
}

/**
 * The signed-in user's unread announcements (listByUser). A failed load simply stops loading and
 * keeps what was shown (spec §8 "notice list failure"). Every user of this hook also reloads when
 * the notification socket reports a change or a notice is marked read anywhere on the page.
 */
export function useAnnouncements(): AnnouncementsState {
  const [list, setList] = useState<NoticeList>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [current, setCurrent] = useState<Announcement | null>(null);
  const [generation, setGeneration] = useState(0);
  const changes = useNoticeReloads();

  useEffect(() => {
    let alive = true;
    listByUser()
      .then((res) => {
        if (alive && res.success && res.result) setList({ ...EMPTY, ...res.result });
      })
      .catch(() => undefined)
      .finally(() => {
        if (alive) setLoading(false);
      });
    return () => {
      alive = false;
    };
  }, [generation, changes]);

  const reload = useCallback(() => {
    setLoading(true);
    setGeneration((g) => g + 1);
  }, []);

  const open = useCallback(
    (annt: Announcement) => {
      setCurrent(annt);
      markAnnouncementRead(annt.id)
        .catch(() => undefined)
        .finally(requestNoticeReload);
    },
    [],
  );

  const closeDetail = useCallback(() => setCurrent(null), []);

  return { list, loading, current, reload, open, closeDetail };
}
