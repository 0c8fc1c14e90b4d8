// The signed-in user's notices (spec §7).
import { get, put } from './request';
import type { Announcement, Envelope, MyNoticePage, NoticeList } from './types';

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

/** 我的消息: the user's notices, read ones too, a page at a time; readFlag '0' 未读, '1' 已读, '' all. */
export function myAnnouncements(params: { pageNo: number; pageSize: number; readFlag: '' | '0' | '1' }): Promise<Envelope<MyNoticePage>> {
  return get<MyNoticePage>('/sys/sysAnnouncementSend/getMyAnnouncementSend', params);
}
