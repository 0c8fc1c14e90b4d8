/**
 * POST {apiPath}/transition of a page with a workflow: { id | ids (comma list), transition, reason?,
 * values? (the transition form's fields, also accepted at the top level as the row-action form sends
 * them), expectedState? }. The route asks for the page's list code; the transition's own code is
 * checked here (510 without it). The reader's data rules and tenant decide which rows exist. A batch
 * is all or nothing, in one transaction; notices are pushed after the commit.
 */
import type { FastifyInstance } from 'fastify';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { currentUser } from '../../auth/guard';
import { permissionCodesOf } from '../../auth/permissions';
import { inTransaction } from '../../db/transaction';
import { BusinessError, NO_PERMISSION_MESSAGE, okMessage } from '../../http/envelope';
import { actorOf, idList } from '../entity/context';
import { dataRuleCondition } from '../entity/dataRuleScope';
import type { EntityService } from '../entity/service';
import { runTransition, type WorkflowContext } from './engine';
import { pushNotices } from './notices';
import { TRANSITION_ENDPOINT } from '../../../runtime/schema/compileWorkflow';

const MAX_BATCH = 500;

const body = {
  type: 'object',
  required: ['transition'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    ids: { type: 'string', minLength: 1, maxLength: 100_000 },
    transition: { type: 'string', minLength: 1, maxLength: 64 },
    reason: { type: 'string', maxLength: 2000 },
    values: { type: 'object' },
    expectedState: { type: 'string', maxLength: 50 },
  },
} as const;

interface TransitionBody {
  id?: string;
  ids?: string;
  transition: string;
  reason?: string;
  values?: Record<string, unknown>;
  expectedState?: string;
  [field: string]: unknown;
}

export function registerTransitions(app: FastifyInstance, service: EntityService, ctx: WorkflowContext): void {
  const page: CompiledPage = service.model.page;
  const workflow = page.workflow;
  if (!workflow) return;
  app.post(`${page.entity.apiPath}/${TRANSITION_ENDPOINT}`, { config: { permission: page.permissions.list }, schema: { body } }, async (request) => {
    const input = request.body as TransitionBody;
    const transition = workflow.transitions.find((t) => t.key === input.transition && !t.system);
    if (!transition) throw new BusinessError(`流程操作 ${input.transition} 不存在`);
    const user = currentUser(request);
    if (!(await permissionCodesOf(app.db, user.userId)).has(transition.permission)) throw new BusinessError(NO_PERMISSION_MESSAGE, 510);
    const ids = idList(input.ids ?? input.id);
    if (ids.length === 0) throw new BusinessError('请选择一条记录！');
    if (ids.length > 1 && !transition.batch) throw new BusinessError(`「${transition.title}」不能批量执行`);
    if (ids.length > MAX_BATCH) throw new BusinessError(`一次最多处理 ${MAX_BATCH} 条记录`);
    const values: Record<string, unknown> = { ...input.values };
    for (const field of transition.form?.fields ?? []) if (values[field.name] === undefined && input[field.name] !== undefined) values[field.name] = input[field.name];
    const visible = await dataRuleCondition(request, app.db, service.model);
    const actor = { ...actorOf(request), realname: user.realname };
    const pending = await inTransaction(app.db, (trx) =>
      runTransition(ctx, trx, {
        page,
        transition,
        ids,
        actor,
        ...(input.reason === undefined ? {} : { reason: input.reason }),
        values,
        ...(input.expectedState === undefined ? {} : { expectedState: input.expectedState }),
        ...(visible ? { visible } : {}),
      }),
    );
    await pushNotices(app.noticeHub, pending).catch((err: unknown) => app.log.warn({ err }, '流程通知推送失败'));
    return okMessage(ids.length > 1 ? `已对 ${ids.length} 条记录执行「${transition.title}」` : `「${transition.title}」操作成功`);
  });
}
