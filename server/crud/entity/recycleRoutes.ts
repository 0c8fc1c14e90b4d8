/**
 * The recycle bin of a page whose table keeps deleted rows (del_flag) and whose toolbar offers
 * recycleBin, in either of JeecgBoot's two contracts (entity.recycleBin.endpoints), each behind the
 * page's delete code. The ordinary delete only marks rows.
 * - perRow, SysDict's: GET <api>/deleteList, PUT <api>/back/{id} (还原), DELETE <api>/deletePhysic/{id};
 * - batch, SysUser's: GET <api>/recycleBin, PUT <api>/putRecycleBin {<idsParam>: 'a,b'},
 *   DELETE <api>/deleteRecycleBin?<idsParam>=a,b — all the ids or none.
 * 彻底删除 is refused while other rows use a row.
 */
import type { FastifyInstance } from 'fastify';
import { entityEndpoint } from '../../../runtime/contract/entityEndpoints';
import { currentTenant } from '../../auth/guard';
import { inTransaction } from '../../db/transaction';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { actorOf, idList } from './context';
import { toRecords } from './records';
import type { EntityService } from './service';

/** The bin lists at most this many rows (newest deletion first). */
const RECYCLE_BIN_LIMIT = 500;
const NOT_IN_BIN = '回收站中没有该记录';
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
const noInput = { type: 'object', properties: { _t: { type: 'string' } } } as const;

export function hasRecycleBin(service: EntityService): boolean {
  return service.model.page.list.toolbar.some((action) => action.action === 'recycleBin');
}

export function registerRecycleBin(app: FastifyInstance, service: EntityService): void {
  const { model, store } = service;
  const { apiPath, recycleBin } = model.page.entity;
  const permission = model.page.permissions.delete;

  /** Restores the rows, all or none. */
  const restore = async (ids: readonly string[], tenantId: number) => {
    await inTransaction(app.db, async (trx) => {
      const restored = await store.setDeleted(trx, ids, tenantId, false);
      if (restored !== ids.length) throw new BusinessError(NOT_IN_BIN);
    });
  };
  /** Deletes the rows for good, all or none. */
  const purge = async (ids: readonly string[], actor: ReturnType<typeof actorOf>) => {
    await inTransaction(app.db, async (trx) => {
      const rows = await store.findDeleted(trx, ids, actor.tenantId);
      if (rows.length !== ids.length) throw new BusinessError(NOT_IN_BIN);
      const refusal = await service.references.deleteRefusal(trx, rows, actor.tenantId, ids.length > 1);
      if (refusal) throw new BusinessError(refusal);
      await store.delete(trx, rows, actor.tenantId, true);
    });
  };

  app.get(entityEndpoint(apiPath, recycleBin.endpoints === 'batch' ? 'recycleBin' : 'deleteList'), { config: { permission }, schema: { querystring: noInput } }, async (request) => {
    const rows = await store.deletedRows(app.db, currentTenant(request), RECYCLE_BIN_LIMIT);
    return ok(await toRecords(model, rows, service.dicts));
  });

  if (recycleBin.endpoints === 'perRow') {
    app.put(`${entityEndpoint(apiPath, 'back')}/:id`, { config: { permission }, schema: { params: idParams } }, async (request) => {
      await restore([(request.params as { id: string }).id], currentTenant(request));
      return okMessage('还原成功！');
    });
    app.delete(`${entityEndpoint(apiPath, 'deletePhysic')}/:id`, { config: { permission }, schema: { params: idParams } }, async (request) => {
      await purge([(request.params as { id: string }).id], actorOf(request));
      return okMessage('删除成功！');
    });
    return;
  }

  const idsParam = recycleBin.idsParam;
  const idsSchema = { type: 'object', required: [idsParam], properties: { [idsParam]: { type: 'string', minLength: 1, maxLength: 100_000 }, _t: { type: 'string' } } } as const;
  const idsOf = (source: unknown): string[] => {
    const ids = [...new Set(idList((source as Record<string, string>)[idsParam]))];
    if (ids.length === 0) throw new BusinessError('请选择一条记录！');
    return ids;
  };
  app.put(entityEndpoint(apiPath, 'putRecycleBin'), { config: { permission }, schema: { body: idsSchema } }, async (request) => {
    await restore(idsOf(request.body), currentTenant(request));
    return okMessage('还原成功！');
  });
  app.delete(entityEndpoint(apiPath, 'deleteRecycleBin'), { config: { permission }, schema: { querystring: idsSchema } }, async (request) => {
    await purge(idsOf(request.query), actorOf(request));
    return okMessage('删除成功！');
  });
}
