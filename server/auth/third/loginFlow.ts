import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

/**
 * The server side of a third-party sign-in between its steps, in the database so any API node can
 * take the next step. Only hashes of the values a browser holds are stored.
 *
 * - A flow: from the redirect to the provider to its callback (10 minutes): the PKCE verifier, the
 *   nonce, and the hash of a secret kept in the starting browser's cookie, so a callback opened in
 *   another browser (a link someone was sent to sign them in as someone else) is refused.
 * - A ticket: what the callback hands the web app in the URL. `login` (2 minutes) signs a known user
 *   in once; `bind` (10 minutes) lets the person prove an existing account with its password.
 * Both are taken with DELETE … RETURNING: used once, whatever happens.
 */
export const FLOW_LIFETIME_MS = 10 * 60_000;
export const LOGIN_TICKET_LIFETIME_MS = 2 * 60_000;
export const BIND_TICKET_LIFETIME_MS = 10 * 60_000;

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value, 'utf8').digest('hex');
}

export function randomSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export interface StartedFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Goes into the browser's cookie; the database keeps its hash. */
  browserSecret: string;
}

/** Live flows the table holds at most: starting one is anonymous, so a flood must not grow it without end. */
export const MAX_LIVE_FLOWS = 10_000;

/** Saves a started flow; false when MAX_LIVE_FLOWS are live already. */
export async function saveFlow(db: Kysely<DB>, flow: StartedFlow, now = new Date()): Promise<boolean> {
  // Abandoned flows (the user never came back) go whenever a new one starts.
  await db.deleteFrom('sys_third_login_flow').where('expires_at', '<', now).execute();
  const live = await db.selectFrom('sys_third_login_flow').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  if (Number(live.n) >= MAX_LIVE_FLOWS) return false;
  await db
    .insertInto('sys_third_login_flow')
    .values({
      state_hash: sha256(flow.state),
      browser_hash: sha256(flow.browserSecret),
      code_verifier: flow.codeVerifier,
      nonce: flow.nonce,
      expires_at: new Date(now.getTime() + FLOW_LIFETIME_MS),
    })
    .execute();
  return true;
}

/** The flow a callback's state names, if it is live and was started in this browser; taken either way. */
export async function takeFlow(db: Kysely<DB>, state: string, browserSecret: string | undefined, now = new Date()): Promise<{ nonce: string; codeVerifier: string } | undefined> {
  if (!state) return undefined;
  const row = await db.deleteFrom('sys_third_login_flow').where('state_hash', '=', sha256(state)).returningAll().executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
  if (!browserSecret || !crypto.timingSafeEqual(Buffer.from(row.browser_hash), Buffer.from(sha256(browserSecret)))) return undefined;
  return { nonce: row.nonce, codeVerifier: row.code_verifier };
}

export interface ProviderIdentity {
  thirdType: string;
  subject: string;
  email: string | null;
  realname: string | null;
}

export async function issueTicket(
  db: Kysely<DB>,
  ticket: { kind: 'login'; thirdType: string; userId: string } | { kind: 'bind'; identity: ProviderIdentity },
  now = new Date(),
): Promise<string> {
  await db.deleteFrom('sys_third_login_ticket').where('expires_at', '<', now).execute();
  const secret = randomSecret();
  const lifetime = ticket.kind === 'login' ? LOGIN_TICKET_LIFETIME_MS : BIND_TICKET_LIFETIME_MS;
  await db
    .insertInto('sys_third_login_ticket')
    .values({
      ticket_hash: sha256(secret),
      kind: ticket.kind,
      third_type: ticket.kind === 'login' ? ticket.thirdType : ticket.identity.thirdType,
      sys_user_id: ticket.kind === 'login' ? ticket.userId : null,
      third_user_uuid: ticket.kind === 'bind' ? ticket.identity.subject : null,
      email: ticket.kind === 'bind' ? ticket.identity.email : null,
      realname: ticket.kind === 'bind' ? ticket.identity.realname : null,
      expires_at: new Date(now.getTime() + lifetime),
    })
    .execute();
  return secret;
}

/** The user a live login ticket signs in; the ticket is gone afterwards. */
export async function takeLoginTicket(db: Kysely<DB>, secret: string, thirdType: string, now = new Date()): Promise<string | undefined> {
  const row = await db
    .deleteFrom('sys_third_login_ticket')
    .where('ticket_hash', '=', sha256(secret))
    .where('kind', '=', 'login')
    .where('third_type', '=', thirdType)
    .returning(['sys_user_id', 'expires_at'])
    .executeTakeFirst();
  if (!row?.sys_user_id || new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
  return row.sys_user_id;
}

/** The provider account a live bind ticket stands for, without using it up (a wrong password may be retried). */
export async function readBindTicket(db: Kysely<DB>, secret: string, now = new Date()): Promise<ProviderIdentity | undefined> {
  const row = await db
    .selectFrom('sys_third_login_ticket')
    .select(['third_type', 'third_user_uuid', 'email', 'realname', 'expires_at'])
    .where('ticket_hash', '=', sha256(secret))
    .where('kind', '=', 'bind')
    .executeTakeFirst();
  if (!row?.third_user_uuid || new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
  return { thirdType: row.third_type, subject: row.third_user_uuid, email: row.email, realname: row.realname };
}

/** Uses a bind ticket up; false when another request took it first. */
export async function dropBindTicket(db: Kysely<DB>, secret: string): Promise<boolean> {
  const gone = await db.deleteFrom('sys_third_login_ticket').where('ticket_hash', '=', sha256(secret)).where('kind', '=', 'bind').executeTakeFirst();
  return Number(gone.numDeletedRows) === 1;
}
