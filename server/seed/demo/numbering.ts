import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { formatNumber, maxSequence, type FillRuleFormat } from '../../sys/fillRule';
import { formatOf, periodOf } from '../../sys/fillRule/counter';
import { SeedError } from '../documents';

/** The fill rule the case page numbers new cases with (schemas/pages/receive/receive.json). */
export const CASE_NUMBER_RULE = 'receive_number';

/**
 * Numbers demo cases as the fill rule would have on the day each came in (cases are numbered in
 * the order they came in), and afterwards moves the rule's counter past the numbers of the current
 * period, so the next case added by hand continues the sequence.
 */
export class CaseNumbering {
  private period = '';
  private sequence = 0;
  /** The last sequence given in each period seen (the counter needs only the current one). */
  private readonly last = new Map<string, number>();

  private constructor(private readonly rule: FillRuleFormat) {}

  static async read(db: Kysely<DB>): Promise<CaseNumbering> {
    const row = await db.selectFrom('sys_fill_rule').selectAll().where('rule_code', '=', CASE_NUMBER_RULE).executeTakeFirst();
    if (!row) throw new SeedError(`编号规则「${CASE_NUMBER_RULE}」不存在，无法为演示案件编号`);
    return new CaseNumbering(formatOf(row));
  }

  /** The number of a case that came in on this date (yyyy-MM-dd); dates must not go backwards. */
  next(date: string): string {
    const stamp = `${date.replaceAll('-', '')}000000`;
    const period = periodOf(this.rule.resetPeriod, stamp);
    if (period !== this.period) {
      this.period = period;
      this.sequence = 0;
    }
    this.sequence += 1;
    if (this.sequence > maxSequence(this.rule.seqLength)) {
      throw new SeedError(`编号规则「${this.rule.name}」的${this.rule.seqLength}位流水号不够给 ${period} 期间的演示案件编号，请减少案件数量`);
    }
    this.last.set(period, this.sequence);
    return formatNumber(this.rule, stamp, this.sequence);
  }

  /** Moves the counter to the last number given in the database clock's current period (never backwards). */
  async saveCounter(db: Kysely<DB>): Promise<void> {
    const { rows } = await sql<{ stamp: string }>`SELECT to_char(clock_timestamp(), 'YYYYMMDDHH24MISS') AS stamp`.execute(db);
    const period = periodOf(this.rule.resetPeriod, rows[0].stamp);
    const used = this.last.get(period);
    if (used === undefined) return;
    await sql`
      UPDATE sys_fill_rule
      SET current_value = CASE WHEN current_period = ${period} THEN GREATEST(current_value, ${used}) ELSE ${used} END,
          current_period = ${period}, update_time = now()
      WHERE rule_code = ${CASE_NUMBER_RULE}`.execute(db);
  }
}
