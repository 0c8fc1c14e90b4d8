/**
 * Whom a transition tells, and the telling: the notices (系统消息 in the bell, sys_announcement) are
 * written in the transition's own transaction — rolled back with it — and pushed over the notice
 * socket only once that transaction has committed.
 */
import { sql, type Kysely } from 'kysely';
import type { CompiledPage, CompiledTransition } from '../../../runtime/schema/compiledPageTypes';
import type { DB } from '../../db/types';
import { newId } from '../../db/ids';
import { textToHtml } from '../../messages/systemChannel';
import type { NoticeHub } from '../../realtime/noticeHub';

const ROLE_PREFIX = 'role:';
export const MEMBERS = 'members';

/** A notice written, waiting for its commit to be pushed. */
export interface PendingNotice {
  id: string;
  titile: string;
  msg_type: string;
  user_ids: string;
}

/** The members page of a workflow page: <module>/<name>Member, linked like the progress page, userName the member. */
export function membersPageOf(page: CompiledPage, pages: readonly CompiledPage[]): CompiledPage | undefined {
  return pages.find((p) => p.entity.module === page.entity.module && p.entity.name === `${page.entity.name}Member`);
}

function usernamesIn(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  return String(value).split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/** Usernames a target names for a row: a field's usernames, the record's members, a role's users. */
async function usersOf(
  trx: Kysely<DB>,
  target: string,
  page: CompiledPage,
  row: Readonly<Record<string, unknown>>,
  members: CompiledPage | undefined,
): Promise<string[]> {
  if (target.startsWith(ROLE_PREFIX)) {
    const rows = await trx
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
      .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
      .select('u.username')
      .where('r.role_code', '=', target.slice(ROLE_PREFIX.length))
      .where('u.del_flag', '=', 0)
      .execute();
    return rows.map((r) => r.username).filter((u): u is string => typeof u === 'string');
  }
  if (target === MEMBERS) {
    const link = page.workflow?.progress?.link;
    const userField = members?.fieldByName.get('userName');
    const linkField = link ? members?.fieldByName.get(link) : undefined;
    if (!members || !userField || !linkField) return [];
    const { rows } = await sql<{ name: string | null }>`SELECT ${sql.ref(userField.column)} AS name FROM ${sql.table(members.entity.table)} WHERE ${sql.ref(linkField.column)} = ${String(row.id)}`.execute(trx);
    return rows.flatMap((r) => usernamesIn(r.name));
  }
  const field = page.fieldByName.get(target);
  return field ? usernamesIn(row[field.column]) : [];
}

/** Writes one notice per person told (responsible first), not the actor; answers what to push after commit. */
export async function writeNotices(
  trx: Kysely<DB>,
  input: {
    page: CompiledPage;
    pages: readonly CompiledPage[];
    transition: CompiledTransition;
    row: Readonly<Record<string, unknown>>;
    label: string;
    content: string;
    actor: { username: string; realname: string };
  },
): Promise<PendingNotice[]> {
  const { page, transition, row, label, actor } = input;
  const members = membersPageOf(page, input.pages);
  const responsible = transition.responsible ? await usersOf(trx, transition.responsible, page, row, members) : [];
  const told = new Set<string>();
  for (const target of transition.notify) for (const name of await usersOf(trx, target, page, row, members)) told.add(name);
  const title = `${page.entity.title}「${label}」已${transition.title}`;
  const receivers = [
    ...responsible.map((name) => ({ name, title: `${title}，请处理` })),
    ...[...told].filter((name) => !responsible.includes(name)).map((name) => ({ name, title })),
  ].filter((r) => r.name !== actor.username);
  if (receivers.length === 0) return [];
  const users = await trx.selectFrom('sys_user').select(['id', 'username']).where('username', 'in', [...new Set(receivers.map((r) => r.name))]).where('del_flag', '=', 0).execute();
  const idOf = new Map(users.map((u) => [u.username, u.id]));
  const pending: PendingNotice[] = [];
  for (const receiver of receivers) {
    const userId = idOf.get(receiver.name);
    if (!userId) continue;
    const annt = {
      id: newId(),
      titile: receiver.title.slice(0, 100),
      msg_content: textToHtml(input.content),
      msg_abstract: input.content.slice(0, 200),
      priority: 'M',
      msg_category: '2',
      msg_type: 'USER',
      user_ids: `${userId},`,
      send_status: '1',
      send_time: sql<string>`now()`,
      sender: actor.realname,
      del_flag: '0',
      create_by: actor.username,
    };
    await trx.insertInto('sys_announcement').values(annt).execute();
    pending.push({ id: annt.id, titile: annt.titile, msg_type: annt.msg_type, user_ids: annt.user_ids });
  }
  return pending;
}

/** Pushes committed notices to the open bells. */
export async function pushNotices(hub: NoticeHub, notices: readonly PendingNotice[]): Promise<void> {
  for (const notice of notices) await hub.publishAnnouncement(notice);
}
