import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { SeedAnnouncement } from '../generated/seed/announcements';
import { SeedError } from './documents';
import { newId } from '../db/ids';

const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time (no daylight saving), the form of every timestamp column. */
function beijingTime(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Published and revoked announcements get a send time `sentDaysAgo` days before `now`; those for
 * named users (msg_type USER) get a sys_announcement_send row per user, as publishing does.
 */
export async function insertAnnouncements(
  trx: Transaction<DB>,
  announcements: SeedAnnouncement[],
  userIds: Map<string, string>,
  now = Date.now(),
): Promise<void> {
  const userId = (username: string, what: string): string => {
    const id = userIds.get(username);
    if (!id) throw new SeedError(`种子文件 schemas/seed/announcements.json: ${what} ${username} 不是种子用户`);
    return id;
  };
  for (const a of announcements) {
    const id = newId();
    userId(a.sender, `通告「${a.title}」的发布人`);
    const recipients = (a.users ?? []).map((u) => userId(u, `通告「${a.title}」的接收人`));
    const sent = a.sendStatus === '0' ? null : beijingTime(now - (a.sentDaysAgo ?? 0) * DAY_MS);
    await trx
      .insertInto('sys_announcement')
      .values({
        id,
        titile: a.title,
        msg_content: a.content,
        msg_abstract: a.abstract ?? null,
        sender: a.sender,
        priority: a.priority,
        msg_category: a.msgCategory,
        msg_type: recipients.length > 0 ? 'USER' : 'ALL',
        user_ids: recipients.length > 0 ? recipients.join(',') : null,
        send_status: a.sendStatus,
        send_time: sent,
        start_time: sent,
        cancel_time: a.sendStatus === '2' ? beijingTime(now) : null,
        open_type: a.openType ?? null,
        open_page: a.openPage ?? null,
        create_by: a.sender,
        ...(sent ? { create_time: sent } : {}),
      })
      .execute();
    if (a.sendStatus === '1' && recipients.length > 0) {
      await trx
        .insertInto('sys_announcement_send')
        .values(recipients.map((user) => ({ id: newId(), annt_id: id, user_id: user, create_by: a.sender })))
        .execute();
    }
  }
}
