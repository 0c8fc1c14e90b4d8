// The signed-in user's notices (spec §7).
import { get, put } from './request';
import type { Announcement, Envelope, NoticeList } from './types';

export function listByUser(): Promise<Envelope<NoticeList>> {
  return get<NoticeList>('/sys/annountCement/listByUser');
}

/** Marks an announcement read for the current user (JeecgBoot uses PUT here). */
export function markAnnouncementRead(anntId: string): Promise<Envelope<unknown>> {
  return put<unknown>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId });
}

export function queryAnnouncementById(id: string): Promise<Envelope<Announcement>> {
  return get<Announcement>('/sys/annountCement/queryById', { id });
}
