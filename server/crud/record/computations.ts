/**
 * Named server computations a record page's summary refers to (`"compute": "<name>"`) where the page
 * language cannot express the join. Each names the pages whose rows it reads: the figure is shown
 * only to holders of those pages' list codes, and it reads only the rows their tenant and data
 * rules let the user see (`visible`).
 */
import { sql, type Expression, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** The rows of a page the signed-in user may see, limited to those whose `param` is the record's id. */
export type VisibleRows = (pageRef: string, param: string) => Promise<Expression<unknown>>;

export interface RecordComputation {
  /** Pages (<module>/<entity>) read, each with the field holding the record's id. */
  reads: readonly { page: string; param: string }[];
  run(db: Kysely<DB>, visible: VisibleRows): Promise<number>;
}

/**
 * 人工成本: each 工时 row's hours × the hourly cost of the staff member's position (sys_user.post →
 * sys_position.code). A user without a position, or a position without a cost, counts 0.
 */
const labourCost: RecordComputation = {
  reads: [{ page: 'cost/workHour', param: 'caseId' }],
  async run(db, visible) {
    const hours = await visible('cost/workHour', 'caseId');
    const { rows } = await sql<{ total: string | number | null }>`
      SELECT COALESCE(SUM(w.hours * COALESCE(p.hour_cost, 0)), 0) AS total
      FROM (${hours}) AS w
      LEFT JOIN sys_user AS u ON u.username = w.staff_user AND u.del_flag = 0
      LEFT JOIN sys_position AS p ON p.code = u.post`.execute(db);
    return Number(rows[0]?.total ?? 0);
  },
};

export const RECORD_COMPUTATIONS: Readonly<Record<string, RecordComputation>> = { labourCost };
