/**
 * Sends one message on its channel and records it in sys_sms (消息): success or failure with the
 * reason, so 消息 lists every attempt and 重发 can try again. Delivery never throws to the caller:
 * the outcome says what happened.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { newId } from '../db/ids';
import type { NoticeHub } from '../realtime/noticeHub';
import { CHANNELS, DeliveryError, type Channel, type OutgoingMessage, type SmsSender } from './channels';
import { sendEmail } from './emailChannel';
import { sendSystemMessage } from './systemChannel';

export interface MessageSenders {
  db: Kysely<DB>;
  hub: NoticeHub;
  sms: SmsSender;
  log: { error(obj: object, msg: string): void };
}

export type SendOutcome = { ok: true; id: string } | { ok: false; id: string; reason: string };

const MOBILE = /^1[3-9]\d{9}$/;

async function phoneOf(db: Kysely<DB>, receiver: string): Promise<string> {
  if (MOBILE.test(receiver)) return receiver;
  const user = await db.selectFrom('sys_user').select(['phone', 'realname']).where('username', '=', receiver).where('del_flag', '=', 0).executeTakeFirst();
  if (!user) throw new DeliveryError(`接收人 ${receiver} 既不是手机号也不是系统用户`);
  if (!user.phone) throw new DeliveryError(`用户 ${user.realname} 没有填写手机号`);
  return user.phone;
}

async function deliver(senders: MessageSenders, channel: Channel, message: OutgoingMessage): Promise<void> {
  if (channel === CHANNELS.email) return sendEmail(senders.db, message);
  if (channel === CHANNELS.sms) {
    const phone = await phoneOf(senders.db, message.receiver);
    try {
      await senders.sms.send(phone, message.content);
    } catch (err) {
      throw new DeliveryError(`短信发送失败：${err instanceof Error ? err.message : String(err)}`);
    }
    return;
  }
  return sendSystemMessage(senders.db, senders.hub, message);
}

/** The reason recorded and shown: ours as written, anything unexpected logged and named generally. */
function reasonOf(err: unknown, log: MessageSenders['log']): string {
  if (err instanceof DeliveryError) return err.message.slice(0, 1000);
  log.error({ err }, '消息发送出错');
  return '发送出错，请查看服务器日志';
}

async function attempt(senders: MessageSenders, channel: Channel, message: OutgoingMessage): Promise<string | undefined> {
  try {
    await deliver(senders, channel, message);
    return undefined;
  } catch (err) {
    return reasonOf(err, senders.log);
  }
}

export interface NewMessage extends OutgoingMessage {
  channel: Channel;
  templateCode: string;
  /** The values the template was filled with, kept as es_param. */
  params: string;
}

export async function sendAndRecord(senders: MessageSenders, message: NewMessage): Promise<SendOutcome> {
  const reason = await attempt(senders, message.channel, message);
  const id = newId();
  await senders.db
    .insertInto('sys_sms')
    .values({
      id,
      es_title: message.title.slice(0, 100),
      es_type: message.channel,
      es_receiver: message.receiver.slice(0, 100),
      es_param: message.params,
      es_content: message.content,
      es_send_time: sql<string>`now()`,
      es_send_status: reason === undefined ? '1' : '2',
      es_send_num: 1,
      es_result: reason ?? null,
      template_code: message.templateCode,
      create_by: message.sender.username,
    })
    .execute();
  return reason === undefined ? { ok: true, id } : { ok: false, id, reason };
}

/** 重发: the recorded message again, on its channel; its row keeps the last outcome and counts the tries. */
export async function resend(
  senders: MessageSenders,
  row: { id: string; es_type: string; es_receiver: string; es_title: string | null; es_content: string | null },
  sender: OutgoingMessage['sender'],
): Promise<SendOutcome> {
  const channel = row.es_type === CHANNELS.email || row.es_type === CHANNELS.sms ? row.es_type : CHANNELS.system;
  const reason = await attempt(senders, channel, { receiver: row.es_receiver, title: row.es_title ?? '', content: row.es_content ?? '', sender });
  await senders.db
    .updateTable('sys_sms')
    .set((eb) => ({
      es_send_status: reason === undefined ? '1' : '2',
      es_result: reason ?? null,
      es_send_time: sql<string>`now()`,
      es_send_num: eb('es_send_num', '+', 1),
      update_by: sender.username,
      update_time: sql<string>`now()`,
    }))
    .where('id', '=', row.id)
    .execute();
  return reason === undefined ? { ok: true, id: row.id } : { ok: false, id: row.id, reason };
}
