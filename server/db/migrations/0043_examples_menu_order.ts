import { sql, type Kysely } from 'kysely';

// 示例's items in the order of the shell spec's §1 (分析页, 工作台, 监控页, the forms, the lists, 详情页,
// 结果页, 异常页) for a database seeded before: the items added by later migrations (分步表单 20, 成功 21,
// 失败 22) and by the start's addMissingPageMenus (999) sorted after 403/404/500. A fresh database
// gets the same numbers from schemas/seed/menus.json. An item is moved only while it still has the
// number it was given (its old seed number or 999): an order an administrator set is kept.
const GROUP_URL = '/examples';

interface Place {
  component: string;
  /** For the record pages, which share one component: the start of their record address. */
  urlPrefix?: string;
  was: number;
  sortNo: number;
}

const PLACES: readonly Place[] = [
  { component: 'dashboard/Analysis', was: 1, sortNo: 1 },
  { component: 'dashboard/Workplace', was: 2, sortNo: 2 },
  { component: 'schema/examples/monitor', was: 2, sortNo: 3 },
  { component: 'schema/examples/basicForm', was: 6, sortNo: 4 },
  { component: 'schema/examples/stepForm', was: 20, sortNo: 5 },
  { component: 'schema/examples/advancedForm', was: 7, sortNo: 6 },
  { component: 'schema/examples/queryTable', was: 3, sortNo: 7 },
  { component: 'schema/examples/standardList', was: 4, sortNo: 8 },
  { component: 'schema/examples/cardList', was: 5, sortNo: 9 },
  { component: 'schema/examples/searchList', was: 5, sortNo: 10 },
  { component: 'schema/examples/assignment', was: 8, sortNo: 11 },
  { component: 'schema/examples/caseContact', was: 9, sortNo: 12 },
  { component: 'record/RecordPage', urlPrefix: '/record/examples/', was: 9, sortNo: 13 },
  { component: 'record/RecordPage', urlPrefix: '/record/receive/', was: 9, sortNo: 14 },
  { component: 'schema/examples/stepForm/success', was: 21, sortNo: 15 },
  { component: 'schema/examples/stepForm/failure', was: 22, sortNo: 16 },
  { component: 'exception/403', was: 10, sortNo: 17 },
  { component: 'exception/404', was: 11, sortNo: 18 },
  { component: 'exception/500', was: 12, sortNo: 19 },
];

/** The number addMissingPageMenus gives the pages it adds. */
const ADDED_AT_START = 999;

export async function up(db: Kysely<unknown>): Promise<void> {
  const group = await sql<{ id: string }>`SELECT id FROM sys_permission WHERE url = ${GROUP_URL} AND del_flag = 0`.execute(db);
  for (const { id: groupId } of group.rows) {
    for (const place of PLACES) {
      const url = place.urlPrefix === undefined ? sql`TRUE` : sql`url LIKE ${`${place.urlPrefix}%`}`;
      await sql`
        UPDATE sys_permission SET sort_no = ${place.sortNo}
        WHERE parent_id = ${groupId} AND component = ${place.component} AND del_flag = 0 AND ${url}
          AND sort_no IN (${place.was}, ${ADDED_AT_START})`.execute(db);
    }
  }
}

export async function down(): Promise<void> {
  // The order is presentation only; going back keeps it.
}
