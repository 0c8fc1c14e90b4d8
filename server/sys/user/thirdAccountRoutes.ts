import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../../auth/guard';
import { dataRuleCondition } from '../../crud/entity/dataRuleScope';
import { BusinessError, okMessage } from '../../http/envelope';

export const THIRD_ACCOUNT_PERMISSIONS = { list: 'thirdAccount:list', delete: 'thirdAccount:delete' } as const;
export const THIRD_ACCOUNT_NOT_FOUND_MESSAGE = '未找到对应的第三方账号';
export const THIRD_ACCOUNT_UNLINKED_MESSAGE = '已解除绑定';

/**
 * 用户管理 › 第三方账号 › 解除绑定 (schemas/pages/sys/thirdAccount.json): POST /sys/thirdAccount/unlink {id}
 * removes one link of sys_third_account. The page is read-only (links are made by third-party sign-in
 * only), so this is its one write. The provider account's next sign-in is asked to bind an account again
 * — unless the provider vouches for an e-mail equal to one user's, which links it anew (accountLink.ts).
 * Sessions already signed in through the link stay: removing a link is not 冻结.
 * The link must be one the page shows the administrator: its data rules, and those of 用户管理 whose
 * users own the links (entity.scopedBy), hold for this write as for the list.
 */
export const thirdAccountRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { id: string } }>(
    '/sys/thirdAccount/unlink',
    {
      config: { permission: THIRD_ACCOUNT_PERMISSIONS.delete },
      schema: { body: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 32 } } } },
    },
    async (request) => {
      const model = app.pageModels.get('sys/thirdAccount');
      const visible = model ? await dataRuleCondition(request, app.db, model) : undefined;
      const link = app.db.deleteFrom('sys_third_account').where('id', '=', request.body.id);
      const removed = await (visible ? link.where(visible) : link).returning(['sys_user_id', 'third_type', 'third_user_uuid']).executeTakeFirst();
      if (!removed) throw new BusinessError(THIRD_ACCOUNT_NOT_FOUND_MESSAGE);
      request.log.info({ ...removed, by: currentUser(request).username }, '管理员解除了第三方账号绑定');
      return okMessage(THIRD_ACCOUNT_UNLINKED_MESSAGE);
    },
  );
};
