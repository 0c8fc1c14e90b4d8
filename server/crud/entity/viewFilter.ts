/**
 * A named view of a page (`views[]`): the list and export requests name it as `view=<key>` and the
 * server — never the client — narrows the rows to the view's filter, on top of the user's data
 * rules. An unknown key is refused rather than read as 全部: a mistyped menu item must not show more.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { RowCondition } from '../../../runtime/generated/page';
import type { DB } from '../../db/types';
import { currentTenant, currentUser } from '../../auth/guard';
import { permissionCodesOf } from '../../auth/permissions';
import { BusinessError, NO_PERMISSION_MESSAGE } from '../../http/envelope';
import type { RawQuery } from '../query';
import type { Condition } from '../query/conditions';
import type { EntityModel } from './model';
import { allRowConditions, lookupIds, type ConditionScope } from './rowConditionSql';

/** The list parameter naming the view. */
export const VIEW_PARAM = 'view';

/**
 * From this many ids on, a view's anyOf of lookups (我的案件) is read for a page by walking the list's
 * sort index and testing each row (rowConditionSql.ts ConditionScope.ordered): the walk stops after
 * a page, about pageSize × rows / ids rows in. Below it the id array is cheaper — fetch them, sort —
 * and a user with none (admin) is not walked through the whole table for nothing.
 */
export const WALK_FROM_IDS = 2000;

/** Some anyOf of lookups in the filter names at least WALK_FROM_IDS ids (index-only reads, bounded). */
async function walkBeatsIds(db: Kysely<DB>, model: EntityModel, filter: readonly RowCondition[], scope: ConditionScope): Promise<boolean> {
  for (const condition of filter) {
    const ids = 'anyOf' in condition ? lookupIds(model, condition.anyOf, scope) : undefined;
    if (!ids) continue;
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM (${ids} LIMIT ${WALK_FROM_IDS}) AS ids`.execute(db);
    if (Number(rows[0]?.n ?? 0) >= WALK_FROM_IDS) return true;
  }
  return false;
}

/**
 * The view's filter for this request, or undefined when the request names no view; `ordered` for the
 * list's page read in its order, which a view of many lookup ids writes to walk the sort index.
 */
export async function viewCondition(request: FastifyRequest, model: EntityModel, raw: RawQuery, ordered = false): Promise<Condition | undefined> {
  const asked = raw[VIEW_PARAM];
  if (asked === undefined || asked === '') return undefined;
  const key = Array.isArray(asked) ? asked.join(',') : asked;
  const view = model.page.views.find((v) => v.key === key);
  if (!view || Array.isArray(asked)) throw new BusinessError(`${model.title}没有名为「${key.slice(0, 40)}」的视图`);
  const user = currentUser(request);
  if (view.permission && !(await permissionCodesOf(request.server.db, user.userId)).has(view.permission)) {
    throw new BusinessError(NO_PERMISSION_MESSAGE, 510);
  }
  const scope: ConditionScope = {
    session: { userId: user.userId, username: user.username, tenantId: currentTenant(request) },
    pages: request.server.pageModels,
  };
  const walk = ordered && (await walkBeatsIds(request.server.db, model, view.filter, scope));
  return allRowConditions(model, view.filter, model.table, { ...scope, ordered: walk });
}
