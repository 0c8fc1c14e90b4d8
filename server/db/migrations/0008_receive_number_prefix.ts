import { sql, type Kysely } from 'kysely';

// Case numbers begin with GG (公估), as the seeded cases do (GG202601060001); the rule shipped in
// 0002 said GZ, so a case added after the seed was numbered GZ… beside GG… ones. A rule still as
// shipped is corrected; one an administrator has changed is theirs and left alone. Numbers already
// given stay: they are printed on reports and letters.
const SHIPPED = { prefix: 'GZ', description: '受理案件的案件编号：GZ + 年月日 + 4位流水号，每天从0001开始，如 GZ202501080001' };
const CORRECTED = { prefix: 'GG', description: '受理案件的案件编号：GG（公估）+ 年月日 + 4位流水号，每天从0001开始，如 GG202501080001' };

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE sys_fill_rule
    SET prefix = ${CORRECTED.prefix},
        rule_description = CASE WHEN rule_description = ${SHIPPED.description} THEN ${CORRECTED.description} ELSE rule_description END,
        update_by = 'admin', update_time = now()
    WHERE rule_code = 'receive_number' AND prefix = ${SHIPPED.prefix}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE sys_fill_rule SET prefix = ${SHIPPED.prefix}, rule_description = ${SHIPPED.description}
    WHERE rule_code = 'receive_number' AND prefix = ${CORRECTED.prefix}`.execute(db);
}
