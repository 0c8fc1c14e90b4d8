/**
 * The one way other server code moves a workflow state (the invoice links set a case 已开票 or back
 * to 待开票, payments set a cost 已支付): the transition must be declared `system: true` on the page.
 * Runs inside the caller's transaction, writes state, progress entry and data-log version there; the
 * notices are pushed after that transaction commits (nothing is pushed when it rolls back).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { BusinessError } from '../../http/envelope';
import { runTransition } from './engine';
import { workflowEngine } from './registry';

export async function applySystemTransition(
  trx: Kysely<DB>,
  input: { page: string; id: string; transition: string; actor: string; note?: string },
): Promise<boolean> {
  const engine = workflowEngine();
  const page = engine.services.get(input.page)?.model.page;
  const workflow = page?.workflow;
  const transition = workflow?.transitions.find((t) => t.key === input.transition);
  if (!page || !workflow || !transition) throw new Error(`流程操作 ${input.page}#${input.transition} 不存在`);
  if (!transition.system) throw new Error(`流程操作 ${input.page}#${input.transition} 不是系统操作（system）`);
  const tenant = page.entity.tenantScoped ? sql`, ${sql.ref('tenant_id')} AS tenant` : sql`, 0 AS tenant`;
  const { rows } = await sql<{ state: string | null; tenant: number | null }>`SELECT ${sql.ref(workflow.field.column)} AS state${tenant} FROM ${sql.table(page.entity.table)} WHERE ${sql.ref('id')} = ${input.id}`.execute(trx);
  const row = rows[0];
  if (!row || !transition.from.includes(String(row.state))) return false;
  const user = await trx.selectFrom('sys_user').select(['realname', 'org_code']).where('username', '=', input.actor).executeTakeFirst();
  let pending;
  try {
    pending = await runTransition(engine, trx, {
      page,
      transition,
      ids: [input.id],
      actor: { username: input.actor, realname: user?.realname ?? input.actor, orgCode: user?.org_code ?? null, tenantId: Number(row.tenant ?? 0) },
      ...(input.note ? { reason: input.note } : {}),
    });
  } catch (err) {
    // Moved by a concurrent writer between the read and the update: refused before anything was written.
    if (err instanceof BusinessError) return false;
    throw err;
  }
  for (const notice of pending) engine.afterCommit({ table: 'sys_announcement', id: notice.id }, () => engine.hub.publishAnnouncement(notice));
  return true;
}
