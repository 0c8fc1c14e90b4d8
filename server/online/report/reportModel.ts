/**
 * An online report as the designer edits it and the report API serves it (JeecgBoot's
 * OnlCgreportHead/Item/Param, camelCase, flags 0/1), and its reading from onl_cgreport_*.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

export const FIELD_TYPES = ['String', 'Integer', 'Double', 'Date', 'Datetime', 'BigDecimal', 'Boolean'] as const;
export type ReportFieldType = (typeof FIELD_TYPES)[number];
export const NUMERIC_FIELD_TYPES: ReadonlySet<ReportFieldType> = new Set(['Integer', 'Double', 'BigDecimal']);

export type Flag = 0 | 1;

export interface ReportHead {
  id?: string;
  code: string;
  name: string;
  cgrSql: string;
  /** A 数据源 code; null = the main database. */
  dbSource: string | null;
}

export interface ReportItem {
  fieldName: string;
  fieldTxt: string;
  fieldWidth: number | null;
  fieldType: ReportFieldType;
  searchMode: 'single' | 'group' | null;
  isOrder: Flag;
  isSearch: Flag;
  dictCode: string | null;
  isShow: Flag;
  isTotal: Flag;
  orderNum: number;
}

export interface ReportParam {
  paramName: string;
  paramTxt: string;
  paramValue: string | null;
  orderNum: number;
}

export interface ReportConfig {
  head: ReportHead;
  items: ReportItem[];
  params: ReportParam[];
}

/** A stored report: its head has an id. */
export interface StoredReport extends ReportConfig {
  head: ReportHead & { id: string };
}

const flag = (value: number): Flag => (value === 1 ? 1 : 0);

function fieldTypeOf(text: string): ReportFieldType {
  return (FIELD_TYPES as readonly string[]).includes(text) ? (text as ReportFieldType) : 'String';
}

/** The report with this id (or, with `byCode`, this code), items and params in their order. */
export async function findReport(db: Kysely<DB>, key: string, by: 'id' | 'code' = 'id'): Promise<StoredReport | undefined> {
  const head = await db.selectFrom('onl_cgreport_head').selectAll().where(by, '=', key).executeTakeFirst();
  if (!head) return undefined;
  const items = await db.selectFrom('onl_cgreport_item').selectAll().where('cgrhead_id', '=', head.id).orderBy('order_num').orderBy('field_name').execute();
  const params = await db.selectFrom('onl_cgreport_param').selectAll().where('cgrhead_id', '=', head.id).orderBy('order_num').orderBy('param_name').execute();
  return {
    head: { id: head.id, code: head.code, name: head.name, cgrSql: head.cgr_sql, dbSource: head.db_source },
    items: items.map((row) => ({
      fieldName: row.field_name,
      fieldTxt: row.field_txt ?? row.field_name,
      fieldWidth: row.field_width,
      fieldType: fieldTypeOf(row.field_type),
      searchMode: row.search_mode === 'group' ? 'group' : row.search_mode === 'single' ? 'single' : null,
      isOrder: flag(row.is_order),
      isSearch: flag(row.is_search),
      dictCode: row.dict_code,
      isShow: flag(row.is_show),
      isTotal: flag(row.is_total),
      orderNum: row.order_num,
    })),
    params: params.map((row) => ({
      paramName: row.param_name,
      paramTxt: row.param_txt ?? row.param_name,
      paramValue: row.param_value,
      orderNum: row.order_num,
    })),
  };
}
