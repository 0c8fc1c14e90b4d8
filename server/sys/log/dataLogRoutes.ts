import type { FastifyPluginAsync } from 'fastify';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { currentTenant } from '../../auth/guard';
import { BusinessError, ok } from '../../http/envelope';
import type { Selectable } from 'kysely';
import type { SysDataLog } from '../../db/types';
import type { DictionaryCache } from '../dict/dictionaryCache';

export const DATA_LOG_PERMISSION = 'dataLog:list';
const ID = { type: 'string', minLength: 1, maxLength: 64 } as const;

export interface DataLogOptions {
  pages: readonly CompiledPage[];
}

type DataLogRow = Pick<Selectable<SysDataLog>, 'id' | 'data_table' | 'data_id' | 'data_version' | 'data_content' | 'create_by' | 'create_time'>;

/**
 * The dictionary texts of the code-dictionary fields in a version's content (性别 1 → 男), so the
 * compare shows what the form shows; `{}` when the content is not JSON.
 */
async function dictTextsOf(row: DataLogRow, pages: ReadonlyMap<string, CompiledPage>, dictionaries: DictionaryCache): Promise<Record<string, string>> {
  const page = pages.get(row.data_table);
  let content: Record<string, unknown>;
  try {
    content = JSON.parse(row.data_content) as Record<string, unknown>;
  } catch {
    return {};
  }
  const texts: Record<string, string> = {};
  for (const field of page?.fields ?? []) {
    const value = content[field.name];
    if (field.dict?.kind !== 'code' || value === null || value === undefined || value === '') continue;
    const items = (await dictionaries.items(field.dict.dictCode)) ?? [];
    const text = String(value)
      .split(',')
      .map((v) => items.find((item) => item.value === v)?.text ?? v)
      .join(',');
    if (text !== String(value)) texts[field.name] = text;
  }
  return texts;
}

/** A sys_data_log row as JeecgBoot answers it, with the labels of the logged page's fields. */
function answerOf(row: DataLogRow, labels: ReadonlyMap<string, Record<string, string>>, dictTexts: Record<string, string> = {}) {
  return {
    id: row.id,
    dataTable: row.data_table,
    dataId: row.data_id,
    dataVersion: row.data_version,
    dataContent: row.data_content,
    createBy: row.create_by,
    createTime: row.create_time,
    fieldLabels: labels.get(row.data_table) ?? {},
    dictTexts,
  };
}

/**
 * JeecgBoot's data-log endpoints beside the generic list of schemas/pages/sys/dataLog.json, in the
 * caller's tenant, behind dataLog:list:
 * - `GET /sys/dataLog/queryDataVerList?dataTable=&dataId=` — every version of one record, oldest first;
 * - `GET /sys/dataLog/queryCompareList?dataId1=&dataId2=` — the two versions (sys_data_log ids) the
 *   数据比较 modal shows side by side (`list.compare` of the page), refused unless both are versions of
 *   one record, each with `dictTexts` {field name: dictionary text} of its code-dictionary values.
 * Each answer carries `fieldLabels` {field name: label} from the logged table's page.
 */
export const dataLogRoutes: FastifyPluginAsync<DataLogOptions> = async (app, opts) => {
  const labels = new Map(
    opts.pages.map((page) => [page.entity.table, Object.fromEntries([...page.systemFields, ...page.fields].map((f) => [f.name, f.label]))]),
  );
  const byTable = new Map(opts.pages.map((page) => [page.entity.table, page]));
  const columns = ['id', 'data_table', 'data_id', 'data_version', 'data_content', 'create_by', 'create_time'] as const;

  app.get(
    '/sys/dataLog/queryDataVerList',
    {
      config: { permission: DATA_LOG_PERMISSION },
      schema: { querystring: { type: 'object', required: ['dataTable', 'dataId'], properties: { dataTable: ID, dataId: ID, _t: { type: 'string' } } } },
    },
    async (request) => {
      const { dataTable, dataId } = request.query as { dataTable: string; dataId: string };
      const rows = await app.db
        .selectFrom('sys_data_log')
        .select(columns)
        .where('tenant_id', '=', currentTenant(request))
        .where('data_table', '=', dataTable)
        .where('data_id', '=', dataId)
        .orderBy('data_version', 'asc')
        .execute();
      return ok(rows.map((row) => answerOf(row, labels)));
    },
  );

  app.get(
    '/sys/dataLog/queryCompareList',
    {
      config: { permission: DATA_LOG_PERMISSION },
      schema: { querystring: { type: 'object', required: ['dataId1', 'dataId2'], properties: { dataId1: ID, dataId2: ID, _t: { type: 'string' } } } },
    },
    async (request) => {
      const { dataId1, dataId2 } = request.query as { dataId1: string; dataId2: string };
      if (dataId1 === dataId2) throw new BusinessError('请选择两条不同的数据日志');
      const rows = await app.db
        .selectFrom('sys_data_log')
        .select(columns)
        .where('tenant_id', '=', currentTenant(request))
        .where('id', 'in', [dataId1, dataId2])
        .orderBy('data_version', 'asc')
        .execute();
      if (rows.length !== 2) throw new BusinessError('未找到对应数据');
      if (rows[0].data_table !== rows[1].data_table || rows[0].data_id !== rows[1].data_id) {
        throw new BusinessError('请选择同一条数据的两个版本进行比较');
      }
      const answers = [];
      for (const row of rows) answers.push(answerOf(row, labels, await dictTextsOf(row, byTable, app.dictionaries)));
      return ok(answers);
    },
  );
};
