import { sql, type Kysely } from 'kysely';
import { applyEntityTables, desiredTable } from '../../server/crud/ddl';
import { entityTableOf } from '../../server/crud/pages';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import type { DB } from '../../server/db/types';

/**
 * Fills the expert table (schemas/pages/maintenance/expert.json → mnt_expert) with `rows` generated
 * rows in one INSERT … SELECT FROM generate_series: names from common surnames (王 about one row in
 * twenty), unique mobiles, sex '1'/'2', create times spread over three years (2023–2025, no two
 * alike below 94 million rows), tenant 0. Then ANALYZE, so the planner sees the real table.
 */
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '建华', '志强', '海燕', '桂兰', '国庆'];
const DIRECTIONS = ['火灾', '水渍', '机械设备', '建筑工程', '货物运输', '车辆损失', '农业保险', '电子设备'];
const TITLES = ['高级工程师', '工程师', '注册公估师', '高级会计师', '副教授'];
const UNITS = ['华东理工大学', '上海市建筑科学研究院', '中国船级社', '北京市消防科学研究所', '广州机电设计院'];
const THREE_YEARS_S = 3 * 365 * 86_400;

export const EXPERT_TABLE = 'mnt_expert';

export async function fillExperts(db: Kysely<DB>, rows: number, idPrefix = 'b'): Promise<void> {
  await insertExperts(db, rows, idPrefix);
  await sql`ANALYZE mnt_expert`.execute(db);
}

/**
 * Fills the expert table as a database that grew before the list indexes existed, then lets
 * production add them: the page's derived list indexes are dropped, the rows inserted, and
 * applyEntityTables builds the indexes again (CREATE INDEX CONCURRENTLY on the filled table, as on
 * a server upgraded with rows in it), then VACUUM ANALYZE. Returns the seconds the index build took.
 */
export async function fillExpertsThenIndex(db: Kysely<DB>, page: CompiledPage, rows: number): Promise<number> {
  const table = entityTableOf(page);
  for (const index of desiredTable(table).indexes.filter((i) => i.derived)) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index.name)}`.execute(db);
  }
  await insertExperts(db, rows, 'b');
  const started = performance.now();
  await applyEntityTables(db, [table]);
  const seconds = (performance.now() - started) / 1000;
  // What autovacuum does to a table after a bulk insert (PostgreSQL ≥ 13 vacuums on inserts too):
  // it sets the visibility map, so a bounded count can read the index alone. Without it every
  // count also visited the heap — a bench of a table no production server keeps for long.
  await sql`VACUUM ANALYZE mnt_expert`.execute(db);
  return seconds;
}

async function insertExperts(db: Kysely<DB>, rows: number, idPrefix: string): Promise<void> {
  await sql`
    INSERT INTO mnt_expert (id, expert_name, sex, contact_mobile, email, major_direction, title, title_rank, work_unit,
                            remark, create_by, create_time, sys_org_code, tenant_id)
    SELECT ${idPrefix} || lpad(g::text, 31, '0'),
           (${SURNAMES}::text[])[1 + g % ${SURNAMES.length}] || (${GIVEN}::text[])[1 + (g / 7) % ${GIVEN.length}],
           CASE WHEN (g / 3) % 2 = 0 THEN '1' ELSE '2' END,
           '13' || lpad(g::text, 9, '0'),
           'expert' || g || '@example.com',
           (${DIRECTIONS}::text[])[1 + (g / 11) % ${DIRECTIONS.length}],
           (${TITLES}::text[])[1 + (g / 5) % ${TITLES.length}],
           (1 + g % 3)::text,
           (${UNITS}::text[])[1 + (g / 17) % ${UNITS.length}],
           CASE WHEN g % 4 = 0 THEN '第' || g || '位专家，长期从事保险公估技术鉴定' END,
           'admin',
           timestamp '2023-01-01 00:00:00' + ((g::bigint * 7919) % ${THREE_YEARS_S}) * interval '1 second',
           'A01',
           0
    FROM generate_series(1, ${rows}::int) AS g`.execute(db);
}

export async function countExperts(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM mnt_expert`.execute(db);
  return rows[0].n;
}
