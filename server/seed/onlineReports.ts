import type { Transaction } from 'kysely';
import { newId } from '../db/ids';
import type { DB } from '../db/types';

/**
 * The demo's online report (报表配置): cases per 委托方 within a 委托日期 range, with totals — usable
 * at /online/cgreport/<id> and from a popup field by its code `case_by_insurer`.
 */
export const DEMO_ONLINE_REPORT = {
  code: 'case_by_insurer',
  name: '委托方案件统计',
  sql: [
    'SELECT insurer_name, count(*) AS case_count, sum(estimated_loss) AS estimated_loss, sum(fee_amount) AS fee_amount',
    'FROM biz_receive',
    'WHERE (${beginDate}::date IS NULL OR trust_date >= ${beginDate}::date)',
    '  AND (${endDate}::date IS NULL OR trust_date <= ${endDate}::date)',
    'GROUP BY insurer_name',
  ].join('\n'),
  items: [
    { field: 'insurer_name', title: '委托方', type: 'String', width: 220, search: 1, order: 1, total: 0 },
    { field: 'case_count', title: '案件数', type: 'Integer', width: 100, search: 0, order: 1, total: 1 },
    { field: 'estimated_loss', title: '估损金额', type: 'BigDecimal', width: 140, search: 0, order: 1, total: 1 },
    { field: 'fee_amount', title: '公估费', type: 'BigDecimal', width: 140, search: 0, order: 1, total: 1 },
  ],
  params: [
    { name: 'beginDate', text: '委托日期起', value: null },
    { name: 'endDate', text: '委托日期止', value: null },
  ],
} as const;

export async function insertDemoOnlineReports(trx: Transaction<DB>): Promise<void> {
  const report = DEMO_ONLINE_REPORT;
  const id = newId();
  await trx.insertInto('onl_cgreport_head').values({ id, code: report.code, name: report.name, cgr_sql: report.sql, db_source: null, create_by: 'admin' }).execute();
  await trx
    .insertInto('onl_cgreport_item')
    .values(
      report.items.map((item, i) => ({
        id: newId(),
        cgrhead_id: id,
        field_name: item.field,
        field_txt: item.title,
        field_width: item.width,
        field_type: item.type,
        search_mode: item.search ? 'single' : null,
        is_order: item.order,
        is_search: item.search,
        is_show: 1,
        is_total: item.total,
        order_num: i,
        create_by: 'admin',
      })),
    )
    .execute();
  await trx
    .insertInto('onl_cgreport_param')
    .values(report.params.map((param, i) => ({ id: newId(), cgrhead_id: id, param_name: param.name, param_txt: param.text, param_value: param.value, order_num: i, create_by: 'admin' })))
    .execute();
}
