import { sql, type Kysely } from 'kysely';

// 案件编号 are GA + 4-digit year + 6-digit sequence (GA2026000123), counted per year: the firm's
// numbering, and the one the 案件编号规则 check rule describes. A rule still as 0002/0008 left it
// (GG + yyyyMMdd + 4 digits, daily) is changed; one an administrator changed is theirs and kept.
// Numbers already given stay: they are printed on reports and letters.
const OLD_RULE = { prefix: 'GG', dateFormat: 'yyyyMMdd', seqLength: 4, reset: 'day' };
const NEW_RULE = {
  prefix: 'GA',
  dateFormat: 'yyyy',
  seqLength: 6,
  reset: 'year',
  description: '受理案件的案件编号：GA + 4位年份 + 6位流水号，每年从000001开始，如 GA2026000123',
};
const OLD_DESCRIPTION = '受理案件的案件编号：GG（公估）+ 年月日 + 4位流水号，每天从0001开始，如 GG202501080001';

// The check rule shipped in the seed said HT; a database seeded with it gets the GA one.
const OLD_CHECK = JSON.stringify([
  { digits: '2', pattern: '^HT$', message: '案件编号必须以 HT 开头' },
  { digits: '4', pattern: '^20[0-9]{2}$', message: '第 3 至 6 位必须是年份，例如 2025' },
  { digits: '*', pattern: '^[0-9]{6}$', message: '年份后必须是 6 位数字流水号' },
]);
export const RECEIVE_NUMBER_CHECK = JSON.stringify([
  { digits: '2', pattern: '^GA$', message: '案件编号必须以 GA 开头' },
  { digits: '4', pattern: '^20[0-9]{2}$', message: '第 3 至 6 位必须是年份，例如 2026' },
  { digits: '*', pattern: '^[0-9]{6}$', message: '年份后必须是 6 位数字流水号' },
]);
const CHECK_DESCRIPTION = '公司代码 GA + 4 位年份 + 6 位流水号，例如 GA2026000123';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE sys_fill_rule
    SET prefix = ${NEW_RULE.prefix}, date_format = ${NEW_RULE.dateFormat}, seq_length = ${NEW_RULE.seqLength},
        reset_period = ${NEW_RULE.reset}, current_value = 0, current_period = '',
        rule_description = CASE WHEN rule_description = ${OLD_DESCRIPTION} THEN ${NEW_RULE.description} ELSE rule_description END,
        update_by = 'admin', update_time = now()
    WHERE rule_code = 'receive_number' AND prefix = ${OLD_RULE.prefix} AND date_format = ${OLD_RULE.dateFormat}
      AND seq_length = ${OLD_RULE.seqLength} AND reset_period = ${OLD_RULE.reset}`.execute(db);
  await sql`
    UPDATE sys_check_rule SET rule_json = ${RECEIVE_NUMBER_CHECK}, rule_description = ${CHECK_DESCRIPTION}, update_by = 'admin', update_time = now()
    WHERE rule_code = 'receive_number' AND rule_json = ${OLD_CHECK}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE sys_fill_rule
    SET prefix = ${OLD_RULE.prefix}, date_format = ${OLD_RULE.dateFormat}, seq_length = ${OLD_RULE.seqLength},
        reset_period = ${OLD_RULE.reset}, current_value = 0, current_period = '', rule_description = ${OLD_DESCRIPTION}
    WHERE rule_code = 'receive_number' AND prefix = ${NEW_RULE.prefix} AND date_format = ${NEW_RULE.dateFormat}`.execute(db);
  await sql`UPDATE sys_check_rule SET rule_json = ${OLD_CHECK} WHERE rule_code = 'receive_number' AND rule_json = ${RECEIVE_NUMBER_CHECK}`.execute(db);
}
