/**
 * saveAll of the 报表配置 designer: the head, its items and its params written all or nothing, after
 * the SQL was run read-only (LIMIT 0) to learn its columns — every item must name one of them.
 */
import { sql, type Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { DB } from '../../db/types';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../http/envelope';
import type { Actor } from '../../crud/entity/store';
import type { ReportConfig } from './reportModel';
import { readReportInput } from './reportInput';
import { describeColumns, type ReportColumn } from './reportQueries';
import { readOnly, type ReportTarget } from './reportRunner';
import type { GuardedSql } from './reportSql';

/** The SQL's columns on the report's database, every `${param}` NULL. */
export function columnsOf(target: Omit<ReportTarget, 'dbSource'>, dbSource: string | null, guarded: GuardedSql): Promise<ReportColumn[]> {
  return readOnly({ ...target, dbSource }, (run) => describeColumns(run, guarded));
}

/** Refuses an item that is no column of the SQL, naming it and the columns there are. */
export function checkItems(config: ReportConfig, columns: readonly ReportColumn[]): void {
  const names = new Set(columns.map((c) => c.fieldName));
  for (const item of config.items) {
    if (!names.has(item.fieldName)) {
      throw new BusinessError(`字段 ${item.fieldName} 不是 SQL 的结果列（结果列：${[...names].join('、')}），请重新解析SQL`);
    }
  }
}

async function writeChildren(trx: Kysely<DB>, headId: string, config: ReportConfig, actor: Actor): Promise<void> {
  await trx.deleteFrom('onl_cgreport_item').where('cgrhead_id', '=', headId).execute();
  await trx.deleteFrom('onl_cgreport_param').where('cgrhead_id', '=', headId).execute();
  if (config.items.length > 0) {
    await trx
      .insertInto('onl_cgreport_item')
      .values(
        config.items.map((item) => ({
          id: newId(),
          cgrhead_id: headId,
          field_name: item.fieldName,
          field_txt: item.fieldTxt,
          field_width: item.fieldWidth,
          field_type: item.fieldType,
          search_mode: item.searchMode,
          is_order: item.isOrder,
          is_search: item.isSearch,
          dict_code: item.dictCode,
          is_show: item.isShow,
          is_total: item.isTotal,
          order_num: item.orderNum,
          create_by: actor.username,
        })),
      )
      .execute();
  }
  if (config.params.length > 0) {
    await trx
      .insertInto('onl_cgreport_param')
      .values(
        config.params.map((param) => ({
          id: newId(),
          cgrhead_id: headId,
          param_name: param.paramName,
          param_txt: param.paramTxt,
          param_value: param.paramValue,
          order_num: param.orderNum,
          create_by: actor.username,
        })),
      )
      .execute();
  }
}

/** Validates and stores the body; answers the head's id. `edit` needs head.id of a stored report. */
export async function saveReport(target: Omit<ReportTarget, 'dbSource' | 'tenantId'>, body: unknown, actor: Actor, edit: boolean): Promise<string> {
  const { config, guarded } = readReportInput(body, edit);
  checkItems(config, await columnsOf({ ...target, tenantId: actor.tenantId }, config.head.dbSource, guarded));
  const { head } = config;
  return inTransaction(target.db, async (trx) => {
    const clash = await trx.selectFrom('onl_cgreport_head').select('id').where('code', '=', head.code).executeTakeFirst();
    if (clash && clash.id !== head.id) throw new BusinessError(`报表编码 ${head.code} 已存在`);
    let id: string;
    if (edit) {
      id = head.id!;
      const updated = await trx
        .updateTable('onl_cgreport_head')
        .set({ code: head.code, name: head.name, cgr_sql: head.cgrSql, db_source: head.dbSource, update_by: actor.username, update_time: sql<string>`now()` })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new BusinessError('报表不存在或已被删除');
    } else {
      id = newId();
      await trx
        .insertInto('onl_cgreport_head')
        .values({ id, code: head.code, name: head.name, cgr_sql: head.cgrSql, db_source: head.dbSource, create_by: actor.username, sys_org_code: actor.orgCode, tenant_id: actor.tenantId })
        .execute();
    }
    await writeChildren(trx, id, config, actor);
    return id;
  });
}
