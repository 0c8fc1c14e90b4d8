import { useEffect } from 'react';
import { NoticeSocket } from './NoticeSocket';
import { requestNoticeReload } from './noticeReloads';
import { noticeSocketUrl } from './noticeSocketUrl';

/**
 * Keeps one notification socket open for the signed-in user; closes it when the user or token
 * changes (logout clears the token) or the layout unmounts.
 */
export function useNoticeSocket(userId: string | undefined, token: string | null): void {
  useEffect(() => {
    if (!userId || !token) return;
    const socket = new NoticeSocket({ url: noticeSocketUrl(userId), token, onReload: requestNoticeReload });
    socket.start();
    return () => socket.stop();
  }, [userId, token]);
}
