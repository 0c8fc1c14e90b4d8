import { sql, type Kysely } from 'kysely';
import { addMenuButtons } from './support/menuButtons';

// 统计报表 (issue 18) for databases that exist already; a new database gets the same from schemas/seed.
//
// The 8 menu items showed '该功能正在建设中' (components report/AreaReport …): each now opens its report, a
// `statistics` entry of the page whose rows it counts (component schema/<module>/<entity>/<key>), with the
// buttons 查看 (<prefix>:list) and 导出 (<prefix>:exportXls), granted to every role that holds the menu item
// (admin, 部门经理; 财务 for 费用统计 and 发票统计).
//
// 分摊比例: 案件成员 get a share (biz_receive_member.share_ratio, percent) by which 分摊统计 shares each
// case's 公估费 and effective costs. Members written before have none: each case whose members all lack one
// gets the default rule of server/seed/demo/shares.ts, written out here in SQL (a migration must not
// change when that code does): 复核 0, 协办 20, 查勘/其他 10, 主办 the rest; without exactly one 主办, or when
// the others take more than 100, the members but 复核 share equally and the first (by join order) takes
// the rounding remainder. The column is added here because migrations run before the page tables are
// brought in line (the page adds the same column on a new database).
export const REPORT_MENUS = [
  { from: 'report/AreaReport', to: 'schema/receive/receive/areaReport', prefix: 'areaReport', title: '区域统计' },
  { from: 'report/CircularReport', to: 'schema/receive/receive/circularReport', prefix: 'circularReport', title: '通报统计' },
  { from: 'report/CostReport', to: 'schema/cost/caseCost/costReport', prefix: 'costReport', title: '费用统计' },
  { from: 'report/CustomerReport', to: 'schema/receive/receive/customerReport', prefix: 'customerReport', title: '客户统计' },
  { from: 'report/DepartmentReport', to: 'schema/receive/receive/departmentReport', prefix: 'departmentReport', title: '部门统计' },
  { from: 'report/ReceiptReport', to: 'schema/receipt/receipt/receiptReport', prefix: 'receiptReport', title: '发票统计' },
  { from: 'report/ReceiveReport', to: 'schema/receive/receive/caseReport', prefix: 'receiveReport', title: '案件统计' },
  { from: 'report/ShareReport', to: 'schema/receive/receiveMember/shareReport', prefix: 'shareReport', title: '分摊统计' },
] as const;


export async function switchReportMenus(db: Kysely<unknown>): Promise<void> {
  for (const report of REPORT_MENUS) {
    const to = report.to;
    const items = await sql<{ id: string }>`
      SELECT id FROM sys_permission WHERE component IN (${report.from}, ${to}) AND del_flag = 0 AND menu_type <> 2`.execute(db);
    const buttons = [
      [`查看${report.title}`, `${report.prefix}:list`],
      [`导出${report.title}`, `${report.prefix}:exportXls`],
    ] as const;
    for (const item of items.rows) {
      await sql`UPDATE sys_permission SET component = ${to}, is_leaf = false, keep_alive = true WHERE id = ${item.id}`.execute(db);
      await addMenuButtons(db, { id: item.id, title: report.title }, buttons);
    }
  }
}

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
  await switchReportMenus(db);
  await fillDefaultShares(db);
}

export async function down(): Promise<void> {
  // The shares stay: they are data people may have edited since.
}
