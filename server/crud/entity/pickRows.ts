import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/types';
import { translateListQuery } from '../query';
import type { EntityRow } from './records';
import type { EntityService } from './service';

/** Trees and cascades are lists people pick from; far more rows than this is a query, not a pick list. */
export const MAX_PICK_ROWS = 5000;

/**
 * The rows of a page in its list order (the document's default sort), under an optional condition,
 * at most MAX_PICK_ROWS: what the tree picker and cascade endpoints answer from.
 */
export function pickRows(service: EntityService, db: Kysely<DB>, tenantId: number, where?: Expression<SqlBool>): Promise<EntityRow[]> {
  const { model } = service;
  const [order] = translateListQuery(model.queryFields, {}, model.listOptions).orderBy;
  const rows = service.store.rows(db, tenantId);
  return (where ? rows.where(where) : rows).orderBy(sql.ref(order.column), order.direction).limit(MAX_PICK_ROWS).execute();
}
