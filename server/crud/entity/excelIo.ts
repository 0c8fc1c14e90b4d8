import type { Writable } from 'node:stream';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/types';
import {
  ExcelFileError,
  mapRows,
  markDuplicates,
  readWorkbook,
  writeErrorWorkbook,
  writeTemplate,
  writeXlsx,
  type ExcelColumn,
  type ImportRow,
} from '../../excel';
import { applyListFilter, applyListOrder, type ListQuery } from '../query';
import { isMultiValued } from './model';
import { readLinks } from './links';
import { wireValue, type EntityRecord, type EntityRow } from './records';
import { keysetOrder } from './keyset';
import { cursorBatches, type ExportSession } from './exportCursor';
import { dynamic } from './store';
import type { EntityService } from './service';
import type { Actor } from './store';
import { checkRecord, uniqueFields, type EntityValues } from './validate';
import { codeRuleErrors, loadCodeRules } from './codeRules';
import { duplicateMessage } from './service';
import { startInInitialState } from '../workflow/stateField';

/** Fields holding tree nodes: treeSelect, categoryTree, linkDown and the linkDown's next levels. */
function treeValuedFields(service: EntityService): Set<string> {
  const names = new Set<string>();
  for (const field of service.model.page.fields) {
    if (field.widget === 'treeSelect' || field.widget === 'categoryTree' || field.widget === 'linkDown') names.add(field.name);
    for (const level of field.options.linkDown?.linkFields ?? []) names.add(level);
  }
  return names;
}

/** The columns of export, template and import: the fields a user writes, titled by their labels. */
export async function excelColumns(service: EntityService, db: Kysely<DB>, forExport = false): Promise<ExcelColumn[]> {
  const columns: ExcelColumn[] = [];
  const treeValued = treeValuedFields(service);
  for (const field of service.model.writable) {
    // A password is given once (template and import), never read back; a secret kept encrypted is
    // neither exported nor imported.
    if (field.encrypted || (forExport && field.addOnly)) continue;
    // Tree nodes' names repeat (many a 市辖区): their cells carry the ids so a file round-trips exactly.
    const dict = field.dict && !treeValued.has(field.name) ? await service.dicts.options(field, db) : undefined;
    columns.push({
      key: field.name,
      title: field.label,
      kind: field.type,
      ...(dict && dict.length > 0 ? { dict } : {}),
      ...(isMultiValued(field) ? { multiple: true } : {}),
      // A blank fill-rule cell is numbered by the server, like a blank field in the add form.
      required: field.required && !service.numberedNames.has(field.name),
      ...(field.length !== undefined ? { maxLength: field.length } : {}),
    });
  }
  return columns;
}

/**
 * Rows of the filtered list in list order (its sort, then `id`, as the list pages break ties),
 * read through one server-side cursor (./exportCursor.ts) a batch at a time, so memory stays flat
 * however many there are and the filter and sort run once. Only the columns the export writes are
 * read.
 */
export async function* exportRecordBatches(
  service: EntityService,
  db: Kysely<DB>,
  query: ListQuery,
  tenantId: number,
  extra: Expression<SqlBool> | undefined,
  session: ExportSession = 'pooled',
): AsyncGenerator<EntityRecord[]> {
  const { model, store } = service;
  const fields = model.writable.filter((field) => !field.addOnly && !field.encrypted);
  const columns = [...new Set(['id', ...fields.filter((f) => !f.link).map((f) => f.column)])];
  let qb = dynamic(db).selectFrom(model.table).select(columns.map((c) => sql.ref(c).as(c))) as unknown as ReturnType<typeof store.rows>;
  const visible = store.visibleCondition(tenantId);
  if (visible) qb = qb.where(visible);
  if (extra) qb = qb.where(extra);
  qb = applyListFilter(qb, query);
  const compiled = applyListOrder(qb, { orderBy: keysetOrder(query.orderBy) }).compile();
  for await (const { rows, reader } of cursorBatches<EntityRow>(db, session, compiled)) {
    const links = model.links.length > 0 ? await readLinks(reader, model.links, rows.map((row) => String(row.id))) : undefined;
    yield rows.map((row) => {
      const record: EntityRecord = {};
      for (const field of fields) {
        record[field.name] = field.link ? (links?.get(field.name)?.get(String(row.id)) ?? null) : wireValue(field, row[field.column]);
      }
      return record;
    });
  }
}

/** exportRecordBatches one record at a time. */
export async function* exportRecords(...args: Parameters<typeof exportRecordBatches>): AsyncGenerator<EntityRecord> {
  for await (const batch of exportRecordBatches(...args)) yield* batch;
}

export async function writeExport(
  out: Writable,
  service: EntityService,
  db: Kysely<DB>,
  opts: { query: ListQuery; tenantId: number; extra?: Expression<SqlBool>; exportedBy: string; session?: ExportSession },
): Promise<void> {
  const columns = await excelColumns(service, db, true);
  await writeXlsx(out, {
    title: service.model.title,
    exportedBy: opts.exportedBy,
    columns,
    batches: exportRecordBatches(service, db, opts.query, opts.tenantId, opts.extra, opts.session),
  });
}

export async function writeImportTemplate(out: Writable, service: EntityService, db: Kysely<DB>): Promise<void> {
  await writeTemplate(out, { title: service.model.title, columns: await excelColumns(service, db) });
}

export interface UploadedFile {
  fileName: string;
  content: Buffer;
}

export type ImportOutcome =
  | { ok: true; count: number }
  | {
      ok: false;
      badRows: ImportRow[];
      totalRows: number;
      columns: ExcelColumn[];
      /** Writes the error workbook (the bad rows and their reasons) to `out`, which it ends. */
      writeErrorFile: (out: Writable) => Promise<unknown>;
    };

/**
 * Reads every uploaded file, validates every row exactly as add does (types, required, lengths,
 * rules, dictionary texts, unique within the files and against the database), and writes all rows
 * in one transaction — or, when any row is bad, nothing, and returns the error workbook instead.
 * Rows whose fill-rule field is blank are numbered in that transaction. With several files every
 * row carries its file's name, so the messages and the error file say which file a row is in.
 * File-level refusals (format, size, header) throw ExcelFileError (naming the file when there
 * are several).
 */
export async function importFiles(service: EntityService, db: Kysely<DB>, files: readonly UploadedFile[], actor: Actor): Promise<ImportOutcome> {
  const columns = await excelColumns(service, db);
  const rows: ImportRow[] = [];
  const several = files.length > 1;
  for (const file of files) {
    try {
      const sheet = await readWorkbook(file.content, file.fileName);
      for (const row of mapRows(sheet, columns)) {
        if (several) row.fileName = file.fileName;
        rows.push(row);
      }
    } catch (err) {
      if (several && err instanceof ExcelFileError) throw new ExcelFileError(`「${file.fileName}」${err.message}`);
      throw err;
    }
  }
  const byTitle = new Map(columns.map((c) => [c.key, c.title]));
  const allowed = await service.store.allowedValues(db, rows.map((r) => r.values));
  const codeRules = await loadCodeRules(db, service.model);
  const values: EntityValues[] = rows.map((row) => {
    const checked = checkRecord(service.model, row.values, allowed, undefined, service.numberedNames);
    for (const error of [...checked.errors, ...codeRuleErrors(codeRules, checked.values)]) {
      // Cell errors the reader already found are not repeated.
      const column = byTitle.get(error.field) ?? error.label;
      if (!row.errors.some((e) => e.column === column)) row.errors.push({ column, message: error.message });
    }
    return checked.values;
  });
  for (const field of uniqueFields(service.model)) {
    markDuplicates(rows, { key: field.name, title: field.label });
    const taken = await service.store.existingValues(
      db,
      field,
      values.map((v) => v[field.name]).filter((v) => v !== null && v !== undefined).map(String),
    );
    if (taken.size === 0) continue;
    rows.forEach((row, i) => {
      const value = values[i][field.name];
      if (value !== null && value !== undefined && taken.has(String(value))) {
        row.errors.push({ column: field.label, message: duplicateMessage(field.label, String(value)) });
      }
    });
  }
  const badRows = rows.filter((r) => r.errors.length > 0);
  if (badRows.length > 0) {
    const writeErrorFile = (out: Writable) => writeErrorWorkbook(out, { columns, rows: badRows, title: service.model.title });
    return { ok: false, badRows, totalRows: rows.length, columns, writeErrorFile };
  }
  startInInitialState(service.model.page, values);
  await service.insertNew(db, values, actor);
  return { ok: true, count: rows.length };
}

/**
 * '文件导入失败，第7、9行数据有误（共2行），请下载错误文件修改后重新导入'; rows of several files are
 * named per file: '文件导入失败，「专家1.xlsx」第7行、「专家2.xlsx」第3、4行数据有误（共3行），…'.
 * Without an error file (it outgrew its cap) the end says so instead of offering the download.
 */
export function importFailureMessage(badRows: readonly ImportRow[], withErrorFile = true): string {
  const shown = badRows.slice(0, 10);
  const more = badRows.length > shown.length ? '等' : '';
  const groups: { fileName?: string; numbers: number[] }[] = [];
  for (const row of shown) {
    const last = groups.at(-1);
    if (last && last.fileName === row.fileName) last.numbers.push(row.rowNumber);
    else groups.push({ fileName: row.fileName, numbers: [row.rowNumber] });
  }
  const where = groups.map((g) => `${g.fileName ? `「${g.fileName}」` : ''}第${g.numbers.join('、')}`).join('行、');
  const next = withErrorFile ? '请下载错误文件修改后重新导入' : '错误数据过多，未生成错误文件，请修改后重新导入';
  return `文件导入失败，${where}${more}行数据有误（共${badRows.length}行），${next}`;
}
