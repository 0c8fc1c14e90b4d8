import { sql, type Kysely, type Selectable } from 'kysely';
import { inTransaction } from '../../db/transaction';
import type { DB, SysFillRule } from '../../db/types';
import { BusinessError } from '../../http/envelope';
import { formatNumber, isDateFormat, isResetPeriod, maxSequence, type FillRuleFormat, type ResetPeriod, type Stamp } from './format';

export function unknownFillRuleMessage(code: string): string {
  return `编号规则「${code}」不存在`;
}


type RuleRow = Pick<Selectable<SysFillRule>, 'rule_code' | 'rule_name' | 'prefix' | 'date_format' | 'seq_length' | 'reset_period'>;

/** A row as the number format; a row the CHECK constraints should have refused is a server fault. */
export function formatOf(row: RuleRow): FillRuleFormat {
  const dateFormat = row.date_format ?? '';
  const resetPeriod = row.reset_period;
  if (!isDateFormat(dateFormat) || !isResetPeriod(resetPeriod)) {
    throw new Error(`sys_fill_rule ${row.rule_code}: date_format ${dateFormat} / reset_period ${resetPeriod} unknown`);
  }
  return { code: row.rule_code, name: row.rule_name, prefix: row.prefix ?? '', dateFormat, seqLength: row.seq_length, resetPeriod };
}

/** The period a reading falls in: the counter starts again whenever it changes. */
export function periodOf(reset: ResetPeriod, stamp: Stamp): string {
  switch (reset) {
    case 'day':
      return stamp.slice(0, 8);
    case 'month':
      return stamp.slice(0, 6);
    case 'year':
      return stamp.slice(0, 4);
    case 'never':
      return '';
  }
}

/** The rules with these codes (all columns), for checks at start. */
export async function readFillRules(db: Kysely<DB>, codes: readonly string[]): Promise<Map<string, FillRuleFormat>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('sys_fill_rule').selectAll().where('rule_code', 'in', [...new Set(codes)]).execute();
  return new Map(rows.map((row) => [row.rule_code, formatOf(row)]));
}

interface Reading {
  rule: FillRuleFormat;
  stamp: Stamp;
  period: string;
  /** The last sequence given out in the current period. */
  before: number;
}

/** The rule's row (locked when `lock`), the clock read after it, and where the counter stands now. */
async function readCounter(trx: Kysely<DB>, code: string, lock: boolean): Promise<Reading & { id: string }> {
  let query = trx.selectFrom('sys_fill_rule').selectAll().where('rule_code', '=', code);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new BusinessError(unknownFillRuleMessage(code));
  const rule = formatOf(row);
  const { rows } = await sql<{ stamp: Stamp }>`SELECT to_char(clock_timestamp(), 'YYYYMMDDHH24MISS') AS stamp`.execute(trx);
  const stamp = rows[0].stamp;
  const period = periodOf(rule.resetPeriod, stamp);
  const before = row.current_period === period ? Number(row.current_value) : 0;
  return { id: row.id, rule, stamp, period, before };
}

function exhausted(rule: FillRuleFormat): BusinessError {
  return new BusinessError(`编号规则「${rule.name}」的流水号已用完（${rule.seqLength}位流水号最多${maxSequence(rule.seqLength)}个），请联系管理员调整编号规则`);
}

/**
 * The number the next save would get if nobody saved before it — read only, the counter does not
 * move (a form may show it; the record gets its real number when it is saved).
 */
export async function previewNumber(db: Kysely<DB>, code: string): Promise<string> {
  const { rule, stamp, before } = await readCounter(db, code, false);
  if (before + 1 > maxSequence(rule.seqLength)) throw exhausted(rule);
  return formatNumber(rule, stamp, before + 1);
}

/**
 * Takes the next `count` numbers of a rule. The rule's row is locked first (SELECT … FOR UPDATE),
 * then the clock is read, then the counter advanced — all in the caller's transaction, so the
 * numbers are given back if that transaction rolls back, and a concurrent writer waits on the row
 * until this one commits and then continues after it: two writers never get the same number.
 * The clock is read after the lock so a writer that queued past midnight numbers in the new day.
 * Throws BusinessError for an unknown code and when the period's sequence would outgrow its digits.
 */
export async function takeNumbers(db: Kysely<DB>, code: string, count: number): Promise<string[]> {
  if (!Number.isInteger(count) || count < 1) return [];
  return inTransaction(db, async (trx) => {
    const { id, rule, stamp, period, before } = await readCounter(trx, code, true);
    const last = before + count;
    if (last > maxSequence(rule.seqLength)) throw exhausted(rule);
    await trx
      .updateTable('sys_fill_rule')
      .set({ current_value: last, current_period: period, update_time: sql<string>`now()` })
      .where('id', '=', id)
      .execute();
    return Array.from({ length: count }, (_, i) => formatNumber(rule, stamp, before + i + 1));
  });
}
