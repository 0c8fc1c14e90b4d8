import type { Kysely } from 'kysely';
import type { CompiledField } from '../../runtime/schema/compiledPageTypes';
import type { EntityDictionaries } from '../crud/entity/dictionaries';
import type { EntityRecord } from '../crud/entity/records';
import type { DB } from '../db/types';
import type { CompiledReport } from './compiledReportTypes';

/** One report column as JeecgBoot's getRpColumns answers it (contract §4.2). */
export interface ReportColumnAnswer {
  title: string;
  dataIndex: string;
  align: 'center';
  width?: number;
  sorter: boolean;
  /** The field name when the column has a dictionary: the key into dictOptions. */
  customRender?: string;
}

export interface ReportColumnsAnswer {
  columns: ReportColumnAnswer[];
  dictOptions: Record<string, Array<{ value: string; text: string }>>;
  cgRpConfigId: string;
  cgRpConfigName: string;
}

export interface ReportQueryInfo {
  field: string;
  label: string;
  mode: 'single' | 'group';
  /** How the query bar edits it: list (dictionary select), date, datetime, number or text. */
  view: 'list' | 'date' | 'datetime' | 'number' | 'text';
  dictCode?: string;
  /** '1': shown only when the query bar is expanded. */
  hidden?: '1';
}

function viewOf(field: CompiledField): ReportQueryInfo['view'] {
  if (field.dict) return 'list';
  switch (field.type) {
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'integer':
    case 'number':
    case 'money':
      return 'number';
    default:
      return 'text';
  }
}

/** Columns and the dictionary options of every column and query item with a dictionary, by field name. */
export async function columnsAnswer(report: CompiledReport, dicts: EntityDictionaries, db: Kysely<DB>): Promise<ReportColumnsAnswer> {
  const columns = report.columns.map(({ field, title, width }) => ({
    title,
    dataIndex: field.name,
    align: 'center' as const,
    ...(width !== undefined ? { width } : {}),
    sorter: true,
    ...(field.dict ? { customRender: field.name } : {}),
  }));
  const dictOptions: ReportColumnsAnswer['dictOptions'] = {};
  for (const field of [...report.columns.map((c) => c.field), ...report.query.map((q) => q.field)]) {
    if (field.dict && !Object.hasOwn(dictOptions, field.name)) dictOptions[field.name] = await dicts.options(field, db);
  }
  return { columns, dictOptions, cgRpConfigId: report.id, cgRpConfigName: report.name };
}

export function queryInfoAnswer(report: CompiledReport): ReportQueryInfo[] {
  return report.query.map(({ field, mode, label, hidden }) => ({
    field: field.name,
    label,
    mode,
    view: viewOf(field),
    ...(field.dict ? { dictCode: field.dict.dictCode } : {}),
    ...(hidden ? { hidden: '1' as const } : {}),
  }));
}

/** A page record cut to what the report shows: id and its columns (raw values; texts come from dictOptions). */
export function reportRecord(report: CompiledReport, record: EntityRecord): EntityRecord {
  const out: EntityRecord = { id: record.id };
  for (const { field } of report.columns) out[field.name] = record[field.name] ?? null;
  return out;
}
