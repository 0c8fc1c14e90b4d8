import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

/**
 * 忘记密码's ticket: step 2 proves the phone with a code and receives a random ticket; step 3 sets
 * the new password with it, once, within RESET_TICKET_MS. The database keeps only its sha256.
 */
export const RESET_TICKET_MS = 10 * 60 * 1000;

function ticketHash(ticket: string): string {
  return crypto.createHash('sha256').update(ticket, 'utf8').digest('hex');
}

export async function issueResetTicket(db: Kysely<DB>, userId: string, now: number): Promise<string> {
  const ticket = crypto.randomBytes(32).toString('base64url');
  // Earlier tickets of the account, used or not, end here: only the newest proof counts.
  await db.deleteFrom('sys_password_reset').where((eb) => eb.or([eb('user_id', '=', userId), eb('expires_at', '<', new Date(now))])).execute();
  await db
    .insertInto('sys_password_reset')
    .values({ ticket_hash: ticketHash(ticket), user_id: userId, expires_at: new Date(now + RESET_TICKET_MS) })
    .execute();
  return ticket;
}

/** Uses a ticket up and answers its user, or undefined for an unknown, used or expired one. */
export async function takeResetTicket(db: Kysely<DB>, ticket: string, now: number): Promise<string | undefined> {
  const taken = await db
    .updateTable('sys_password_reset')
    .set({ used_at: new Date(now) })
    .where('ticket_hash', '=', ticketHash(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .returning('user_id')
    .executeTakeFirst();
  return taken?.user_id;
}
