/**
 * 系统: the message becomes a published 系统消息 (sys_announcement, msg_category '2') for the one
 * receiver, whose open pages' bells reload at once over the notice socket.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { newId } from '../db/ids';
import type { NoticeHub } from '../realtime/noticeHub';
import { DeliveryError, type OutgoingMessage } from './channels';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Plain text as paragraphs of HTML (the bell shows announcements as HTML). */
export function textToHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

export async function sendSystemMessage(db: Kysely<DB>, hub: NoticeHub, message: OutgoingMessage): Promise<void> {
  const user = await db.selectFrom('sys_user').select(['id']).where('username', '=', message.receiver).where('del_flag', '=', 0).executeTakeFirst();
  if (!user) throw new DeliveryError(`接收人 ${message.receiver} 不是系统用户`);
  const annt = {
    id: newId(),
    titile: message.title.slice(0, 100),
    msg_content: textToHtml(message.content),
    msg_abstract: message.content.slice(0, 200),
    priority: 'L',
    msg_category: '2',
    msg_type: 'USER',
    user_ids: `${user.id},`,
    send_status: '1',
    send_time: sql<string>`now()`,
    sender: message.sender.realname,
    del_flag: '0',
    create_by: message.sender.username,
  };
  await db.insertInto('sys_announcement').values(annt).execute();
  await hub.publishAnnouncement(annt);
}
