import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { entityEndpoint } from '../../../runtime/contract/entityEndpoints';
import { GRID_UPDATE_COMMAND, type LiveRowChange } from '../../../runtime/grid/socket/messages';
import { GRID_SOCKET_KEY, gridPageId } from '../../../runtime/grid/gridPage';
import { currentTenant, currentUser } from '../../auth/guard';
import { permissionCodesOf } from '../../auth/permissions';
import type { DB } from '../../db/types';
import { BusinessError, NO_PERMISSION_MESSAGE, ok } from '../../http/envelope';
import { inTransaction } from '../../db/transaction';
import { codeRuleErrors, loadCodeRules } from './codeRules';
import { actorOf } from './context';
import { toRecords } from './records';
import { NOT_FOUND_RECORD, type EntityService } from './service';
import type { Actor } from './store';
import { checkRecord, describeFieldErrors, type EntityValues, type FieldError } from './validate';

/** A row of the grid as the save sends it: its 1-based number in the grid and its cells. */
export interface GridBatchRow {
  row: number;
  values: Record<string, unknown>;
}

export interface GridBatchInput {
  added: GridBatchRow[];
  updated: GridBatchRow[];
  removedIds: string[];
  /** The saving grid's id (its case prefix): the live update it causes is not merged back into it. */
  senderId?: string;
}

/** A refused cell: the row number the user sees, the field and why. */
export interface RowFieldError extends FieldError {
  row: number;
}

/** Most rows one save may carry. */
export const MAX_BATCH_ROWS = 5_000;

const batchRow = {
  type: 'object',
  required: ['row', 'values'],
  additionalProperties: false,
  properties: { row: { type: 'integer', minimum: 1 }, values: { type: 'object' } },
} as const;

export const gridBatchBody = {
  type: 'object',
  required: ['added', 'updated', 'removedIds'],
  additionalProperties: false,
  properties: {
    added: { type: 'array', maxItems: MAX_BATCH_ROWS, items: batchRow },
    updated: { type: 'array', maxItems: MAX_BATCH_ROWS, items: batchRow },
    removedIds: { type: 'array', maxItems: MAX_BATCH_ROWS, items: { type: 'string', minLength: 1, maxLength: 64 } },
    senderId: { type: 'string', maxLength: 100 },
  },
} as const;

/** Some rows are refused: nothing of the save was written. */
export class GridBatchError extends BusinessError {
  constructor(readonly errors: readonly RowFieldError[]) {
    super(describeRowErrors(errors));
    this.name = 'GridBatchError';
  }
}

/** '第2行 工时(小时)：工时在0到24小时之间；第3行 请输入员工' */
export function describeRowErrors(errors: readonly RowFieldError[]): string {
  const byRow = new Map<number, RowFieldError[]>();
  for (const error of errors) byRow.set(error.row, [...(byRow.get(error.row) ?? []), error]);
  return [...byRow]
    .sort(([a], [b]) => a - b)
    .map(([row, list]) => `第${row}行：${describeFieldErrors(list)}`)
    .join('；');
}

/** The codes a save needs: add for new rows, edit for changed rows, delete for removed ones. */
export function neededCodes(service: EntityService, input: GridBatchInput): string[] {
  const perms = service.model.page.permissions;
  return [
    ...(input.added.length > 0 ? [perms.add] : []),
    ...(input.updated.length > 0 ? [perms.edit] : []),
    ...(input.removedIds.length > 0 ? [perms.delete] : []),
  ];
}

function idOf(values: Readonly<Record<string, unknown>>): string {
  const id = values.id;
  return typeof id === 'string' ? id : typeof id === 'number' ? String(id) : '';
}

/**
 * Saves a grid in one transaction, all or nothing: every row is validated with the page's rules
 * (required, types, lengths, rules, dictionaries, unique values against the table, a key other rows
 * use left unchanged) before anything is written; one refused row refuses the save with every
 * refusal listed by row number. Removing a row other rows use refuses the save too. New rows
 * get server ids — an id a new row carries (the grid's temporary id) is never stored.
 * Returns the ids of the new rows in order.
 */
export async function saveGridBatch(db: Kysely<DB>, service: EntityService, input: GridBatchInput, actor: Actor): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    const { model, store } = service;
    const errors: RowFieldError[] = [];
    const inputs = [...input.added, ...input.updated].map((r) => r.values);
    const allowed = await store.allowedValues(trx, inputs);
    const rules = await loadCodeRules(trx, model);
    const removed = new Set(input.removedIds);

    const added: EntityValues[] = [];
    for (const { row, values: raw } of input.added) {
      const { id: _temporary, ...values } = raw;
      const checked = checkRecord(model, values, allowed, undefined, service.numberedNames);
      const found = [...checked.errors, ...codeRuleErrors(rules, checked.values)];
      if (found.length === 0) found.push(...(await service.duplicateErrors(trx, checked.values)));
      errors.push(...found.map((e) => ({ ...e, row })));
      added.push(checked.values);
    }

    const updates: { id: string; values: EntityValues; before: Record<string, unknown> }[] = [];
    for (const { row, values: raw } of input.updated) {
      const id = idOf(raw);
      const before = id && !removed.has(id) ? await store.findById(trx, id, actor.tenantId) : undefined;
      if (!before) {
        errors.push({ row, field: 'id', label: '记录', message: NOT_FOUND_RECORD });
        continue;
      }
      const checked = checkRecord(model, raw, allowed, before);
      const found = [...checked.errors, ...codeRuleErrors(rules, checked.values)];
      if (found.length === 0) found.push(...(await service.duplicateErrors(trx, checked.values, id)));
      if (found.length === 0) found.push(...(await service.references.keyChangeErrors(trx, before, checked.values, actor.tenantId)));
      errors.push(...found.map((e) => ({ ...e, row })));
      updates.push({ id, values: checked.values, before });
    }
    if (errors.length > 0) throw new GridBatchError(errors);

    if (removed.size > 0) {
      const rows = await store.findByIds(trx, [...removed], actor.tenantId);
      if (rows.length !== removed.size) throw new BusinessError(NOT_FOUND_RECORD);
      await service.deleteRows(trx, rows, actor, true);
    }
    for (const { id, values, before } of updates) await store.update(trx, id, values, actor, before);
    return added.length > 0 ? service.insertNew(trx, added, actor) : [];
  });
}

/** What one save changed, by record id. */
interface SavedChanges {
  removedIds: readonly string[];
  updatedIds: readonly string[];
  addedIds: readonly string[];
}

/**
 * After a save, the other open grids of the page learn what changed (update_vxe_table, args
 * [row, senderId, change]): the removed rows ('remove', `{id}` only), then the edited rows, then
 * the new rows ('add') as the list serves them — edits first, so a receiver places a new row among
 * rows that already carry the sender's renumbered order. One message per row: each must fit in one
 * NOTIFY. The sender id lets the saving grid ignore its own echo.
 */
async function publishSavedChanges(app: FastifyInstance, service: EntityService, changes: SavedChanges, senderId: string, tenantId: number): Promise<void> {
  if (!app.hasDecorator('gridLiveHub')) return;
  const pageId = gridPageId(service.model.page.entity.module, service.model.page.entity.name);
  const send = (row: Record<string, unknown>, change: LiveRowChange) =>
    app.gridLiveHub.publish(pageId, tenantId, 'server', { type: GRID_UPDATE_COMMAND, data: { socketKey: GRID_SOCKET_KEY, args: [row, senderId, change] } });
  for (const id of changes.removedIds) await send({ id }, 'remove');
  const written = [...changes.updatedIds, ...changes.addedIds];
  if (written.length === 0) return;
  const records = await toRecords(service.model, await service.store.findByIds(app.db, written, tenantId), service.dicts);
  // findByIds answers in any order; the receivers place rows in the order they arrive.
  const byId = new Map(records.map((record) => [String(record.id), record]));
  for (const [ids, change] of [
    [changes.updatedIds, 'update'],
    [changes.addedIds, 'add'],
  ] as const) {
    for (const id of ids) {
      const record = byId.get(id);
      if (record) await send(record, change);
    }
  }
}

/** `POST {apiPath}/saveBatch` of a page with a grid section. */
export function registerGridBatch(app: FastifyInstance, service: EntityService): void {
  const { apiPath } = service.model.page.entity;
  app.post(
    entityEndpoint(apiPath, 'saveBatch'),
    { config: { permission: service.model.page.permissions.list }, schema: { body: gridBatchBody } },
    async (request: FastifyRequest, reply) => {
      const input = request.body as GridBatchInput;
      const codes = await permissionCodesOf(app.db, currentUser(request).userId);
      if (neededCodes(service, input).some((code) => !codes.has(code))) return reply.code(200).send({ success: false, message: NO_PERMISSION_MESSAGE, code: 510, result: null, timestamp: Date.now() });
      try {
        const ids = await saveGridBatch(app.db, service, input, actorOf(request));
        const changes = { removedIds: input.removedIds, updatedIds: input.updated.map((r) => idOf(r.values)), addedIds: ids };
        await publishSavedChanges(app, service, changes, input.senderId ?? '', currentTenant(request)).catch((err: unknown) => app.log.warn({ err }, '表格保存后的实时同步失败'));
        return ok({ addedIds: ids }, '保存成功！');
      } catch (err) {
        if (err instanceof GridBatchError) {
          return reply.code(200).send({ success: false, message: err.message, code: 500, result: { errors: err.errors }, timestamp: Date.now() });
        }
        throw err;
      }
    },
  );
}
