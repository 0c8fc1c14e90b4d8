/**
 * The recycle bin of a page whose table keeps deleted rows (del_flag) and whose toolbar offers
 * recycleBin: JeecgBoot's SysDict endpoints, generic — GET <api>/deleteList (the tenant's deleted
 * rows), PUT <api>/back/{id} (还原), DELETE <api>/deletePhysic/{id} (彻底删除, refused while other
 * rows use it) — each behind the page's delete code. The ordinary delete only marks rows.
 */
import type { FastifyInstance } from 'fastify';
import { entityEndpoint } from '../../../runtime/contract/entityEndpoints';
import { currentTenant } from '../../auth/guard';
import { inTransaction } from '../../db/transaction';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { toRecords } from './records';
import type { EntityService } from './service';

/** The bin lists at most this many rows (newest deletion first). */
const RECYCLE_BIN_LIMIT = 500;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
const noInput = { type: 'object', properties: { _t: { type: 'string' } } } as const;

export function hasRecycleBin(service: EntityService): boolean {
  return service.model.page.list.toolbar.some((action) => action.action === 'recycleBin');
}

export function registerRecycleBin(app: FastifyInstance, service: EntityService): void {
  const { model, store } = service;
  const { apiPath } = model.page.entity;
  const permission = model.page.permissions.delete;

  app.get(entityEndpoint(apiPath, 'deleteList'), { config: { permission }, schema: { querystring: noInput } }, async (request) => {
    const rows = await store.deletedRows(app.db, currentTenant(request), RECYCLE_BIN_LIMIT);
    return ok(await toRecords(model, rows, service.dicts));
  });

  app.put(`${entityEndpoint(apiPath, 'back')}/:id`, { config: { permission }, schema: { params: idParams } }, async (request) => {
    const { id } = request.params as { id: string };
    const restored = await store.setDeleted(app.db, [id], currentTenant(request), false);
    if (restored === 0) throw new BusinessError('回收站中没有该记录');
    return okMessage('还原成功！');
  });

  app.delete(`${entityEndpoint(apiPath, 'deletePhysic')}/:id`, { config: { permission }, schema: { params: idParams } }, async (request) => {
    const { id } = request.params as { id: string };
    const tenantId = currentTenant(request);
    await inTransaction(app.db, async (trx) => {
      const row = await store.findDeleted(trx, id, tenantId);
      if (!row) throw new BusinessError('回收站中没有该记录');
      const refusal = await service.references.deleteRefusal(trx, [row], tenantId, false);
      if (refusal) throw new BusinessError(refusal);
      await store.delete(trx, [row], tenantId, true);
    });
    return okMessage('删除成功！');
  });
}
