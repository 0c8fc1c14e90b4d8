import { sql, type Kysely } from 'kysely';

// 统计报表 (issue 18) for databases that exist already; a new database gets the same from schemas/seed.
//
// 分摊比例: 案件成员 get a share (biz_receive_member.share_ratio, percent) by which 分摊统计 shares each
// case's 公估费 and effective costs. Members written before have none: each case whose members all lack one
// gets the default rule of server/seed/demo/shares.ts, written out here in SQL (a migration must not
// change when that code does): 复核 0, 协办 20, 查勘/其他 10, 主办 the rest; without exactly one 主办, or when
// the others take more than 100, the members but 复核 share equally and the first (by join order) takes
// the rounding remainder. The column is added here because migrations run before the page tables are
// brought in line (the page adds the same column on a new database).
async function tableExists(db: Kysely<unknown>, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`SELECT to_regclass(${table}) IS NOT NULL AS found`.execute(db);
  return rows[0]?.found === true;
}

async function fillDefaultShares(db: Kysely<unknown>): Promise<void> {
  if (!(await tableExists(db, 'biz_receive_member'))) return;
  await sql`ALTER TABLE biz_receive_member ADD COLUMN IF NOT EXISTS share_ratio numeric(5,2)`.execute(db);
  await sql`
    WITH untouched AS (
      SELECT receive_id FROM biz_receive_member GROUP BY receive_id HAVING bool_and(share_ratio IS NULL)
    ), m AS (
      SELECT m.id, m.member_role,
             count(*) FILTER (WHERE m.member_role = 'handler') OVER c AS handlers,
             sum(CASE m.member_role WHEN 'handler' THEN 0 WHEN 'reviewer' THEN 0 WHEN 'assistant' THEN 20 ELSE 10 END) OVER c AS others,
             count(*) FILTER (WHERE m.member_role <> 'reviewer') OVER c AS sharing,
             row_number() OVER (PARTITION BY m.receive_id, m.member_role = 'reviewer' ORDER BY m.join_date NULLS LAST, m.create_time, m.id) AS nth
      FROM biz_receive_member m JOIN untouched u ON u.receive_id = m.receive_id
      WINDOW c AS (PARTITION BY m.receive_id)
    )
    UPDATE biz_receive_member t SET share_ratio = CASE
        WHEN m.member_role = 'reviewer' THEN 0
        WHEN m.handlers = 1 AND m.others <= 100 THEN
          CASE m.member_role WHEN 'handler' THEN 100 - m.others WHEN 'assistant' THEN 20 ELSE 10 END
        WHEN m.nth = 1 THEN (10000 - floor(10000 / m.sharing) * (m.sharing - 1)) / 100.0
        ELSE floor(10000 / m.sharing) / 100.0
      END
    FROM m WHERE t.id = m.id`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await fillDefaultShares(db);
}

export async function down(): Promise<void> {
  // The shares stay: they are data people may have edited since.
}
