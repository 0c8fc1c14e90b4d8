/**
 * A named view of a page (`views[]`): the list and export requests name it as `view=<key>` and the
 * server — never the client — narrows the rows to the view's filter, on top of the user's data
 * rules. An unknown key is refused rather than read as 全部: a mistyped menu item must not show more.
 */
import type { FastifyRequest } from 'fastify';
import { currentTenant, currentUser } from '../../auth/guard';
import { permissionCodesOf } from '../../auth/permissions';
import { BusinessError, NO_PERMISSION_MESSAGE } from '../../http/envelope';
import type { RawQuery } from '../query';
import type { Condition } from '../query/conditions';
import type { EntityModel } from './model';
import { allRowConditions } from './rowConditionSql';

/** The list parameter naming the view. */
export const VIEW_PARAM = 'view';

/** The view's filter for this request, or undefined when the request names no view. */
export async function viewCondition(request: FastifyRequest, model: EntityModel, raw: RawQuery): Promise<Condition | undefined> {
  const asked = raw[VIEW_PARAM];
  if (asked === undefined || asked === '') return undefined;
  const key = Array.isArray(asked) ? asked.join(',') : asked;
  const view = model.page.views.find((v) => v.key === key);
  if (!view || Array.isArray(asked)) throw new BusinessError(`${model.title}没有名为「${key.slice(0, 40)}」的视图`);
  const user = currentUser(request);
  if (view.permission && !(await permissionCodesOf(request.server.db, user.userId)).has(view.permission)) {
    throw new BusinessError(NO_PERMISSION_MESSAGE, 510);
  }
  return allRowConditions(model, view.filter, model.table, {
    session: { userId: user.userId, username: user.username, tenantId: currentTenant(request) },
    pages: request.server.pageModels,
  });
}
