/**
 * 邮件: SMTP through the enabled 邮箱配置 saved last (schemas/pages/maintenance/emailConfig.json, table
 * mnt_email_config — created from the page, so read with plain SQL here) with nodemailer.
 */
import nodemailer from 'nodemailer';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { DeliveryError, type OutgoingMessage } from './channels';

interface EmailConfig {
  smtp_host: string;
  smtp_port: number;
  ssl_enabled: string;
  account: string;
  password: string;
  sender_name: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An SMTP server that does not answer is a failure to record, not a request left hanging. */
const SMTP_TIMEOUT_MS = 15_000;

async function emailConfig(db: Kysely<DB>): Promise<EmailConfig | undefined> {
  const exists = await sql<{ t: string | null }>`SELECT to_regclass('mnt_email_config')::text AS t`.execute(db);
  if (!exists.rows[0]?.t) return undefined;
  const rows = await sql<EmailConfig>`
    SELECT smtp_host, smtp_port, ssl_enabled, account, password, sender_name
    FROM mnt_email_config WHERE enabled = 'Y' ORDER BY coalesce(update_time, create_time) DESC, id LIMIT 1`.execute(db);
  return rows.rows[0];
}

/** An e-mail address as given, or the address of the user with this username. */
async function addressOf(db: Kysely<DB>, receiver: string): Promise<string> {
  if (EMAIL.test(receiver)) return receiver;
  const user = await db.selectFrom('sys_user').select(['email', 'realname']).where('username', '=', receiver).where('del_flag', '=', 0).executeTakeFirst();
  if (!user) throw new DeliveryError(`接收人 ${receiver} 既不是邮箱地址也不是系统用户`);
  if (!user.email) throw new DeliveryError(`用户 ${user.realname} 没有填写邮箱`);
  return user.email;
}

function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

export async function sendEmail(db: Kysely<DB>, message: OutgoingMessage): Promise<void> {
  const to = await addressOf(db, message.receiver);
  const config = await emailConfig(db);
  if (!config) throw new DeliveryError('没有启用的邮箱配置，请在 基础数据 → 邮箱配置 中添加并启用');
  const transport = nodemailer.createTransport({
    host: config.smtp_host,
    port: config.smtp_port,
    secure: config.ssl_enabled === 'Y',
    auth: { user: config.account, pass: config.password },
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: config.sender_name ? { name: config.sender_name, address: config.account } : config.account,
      to,
      subject: message.title,
      text: message.content,
    });
  } catch (err) {
    throw new DeliveryError(`邮件发送失败：${reasonOf(err)}`);
  } finally {
    transport.close();
  }
}
