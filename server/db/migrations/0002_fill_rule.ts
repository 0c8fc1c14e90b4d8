import { sql, type Kysely } from 'kysely';

// Fill rules (JeecgBoot's 填值规则, sys_fill_rule): server-side number generators that page fields
// name with `"default": {"fillRule": "<rule_code>"}`. JeecgBoot runs a Java class per rule; ours are
// data — prefix + date part + zero-padded sequence — so a rule is a row, not code. The counter lives
// in the row and is advanced with UPDATE … RETURNING inside the writer's transaction, which makes
// concurrent writers queue on the row lock instead of sharing a number.
const audit = sql.raw(`
  create_by varchar(50),
  create_time timestamp NOT NULL DEFAULT now(),
  update_by varchar(50),
  update_time timestamp`);

/** The rules the shipped pages use (demo and production alike), as JeecgBoot ships its rule rows in SQL. */
const RULES = [
  { id: 'fr_customer_code', name: '客户编码', code: 'customer_code', prefix: 'KH', dateFormat: 'yyyyMMdd', seqLength: 4, reset: 'day', description: '客户名单的客户编码：KH + 年月日 + 4位流水号，每天从0001开始，如 KH202501080001' },
  { id: 'fr_receive_number', name: '案件编号', code: 'receive_number', prefix: 'GZ', dateFormat: 'yyyyMMdd', seqLength: 4, reset: 'day', description: '受理案件的案件编号：GZ + 年月日 + 4位流水号，每天从0001开始，如 GZ202501080001' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_fill_rule (
      id varchar(32) PRIMARY KEY,
      rule_name varchar(100) NOT NULL,
      rule_code varchar(100) NOT NULL UNIQUE,
      prefix varchar(20) NOT NULL DEFAULT '',
      date_format varchar(10) NOT NULL DEFAULT ''
        CHECK (date_format IN ('', 'yyyy', 'yyyyMM', 'yyyyMMdd', 'yyMMdd')),
      seq_length integer NOT NULL DEFAULT 4 CHECK (seq_length BETWEEN 1 AND 12),
      reset_period varchar(10) NOT NULL DEFAULT 'never' CHECK (reset_period IN ('day', 'month', 'year', 'never')),
      current_value bigint NOT NULL DEFAULT 0 CHECK (current_value >= 0),
      current_period varchar(8) NOT NULL DEFAULT '',
      rule_description varchar(200),
      ${audit}
    )`.execute(db);
  for (const r of RULES) {
    await sql`
      INSERT INTO sys_fill_rule (id, rule_name, rule_code, prefix, date_format, seq_length, reset_period, rule_description, create_by)
      VALUES (${r.id}, ${r.name}, ${r.code}, ${r.prefix}, ${r.dateFormat}, ${r.seqLength}, ${r.reset}, ${r.description}, 'admin')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sys_fill_rule`.execute(db);
}
