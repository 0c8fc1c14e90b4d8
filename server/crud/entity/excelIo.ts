import type { Writable } from 'node:stream';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/types';
import {
  duplicateNote,
  ExcelFileError,
  mapRowStream,
  readWorkbookRows,
  writeErrorWorkbook,
  writeTemplate,
  writeXlsx,
  type ExcelColumn,
  type ImportRow,
  type RowError,
  type RowPlace,
} from '../../excel';
import { inTransaction } from '../../db/transaction';
import { createImportKeys, FILE_STRIDE, insertedKeys, placeKey, repeatedKeys, stageKeys, type StagedKey } from './importKeys';
import { readAhead } from './readAhead';
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

/** The bad rows of a failed import: how many, and where the first ten are (for the message). */
export interface BadRowSummary {
  count: number;
  first: RowPlace[];
}

export type ImportOutcome =
  | { ok: true; count: number }
  | {
      ok: false;
      badRows: BadRowSummary;
      totalRows: number;
      columns: ExcelColumn[];
      /** Writes the error workbook (the bad rows and their reasons) to `out`, which it ends. */
      writeErrorFile: (out: Writable) => Promise<unknown>;
    };

export interface ImportOptions {
  /** Most data rows one file may hold (default DEFAULT_MAX_IMPORT_ROWS, 1,000,000). */
  maxRows?: number;
  /** Rows validated (and written) together (default IMPORT_CHUNK_ROWS). */
  chunkRows?: number;
}

/** Rows read, validated and written together: one query per chunk and field, a few MB of rows at a time. */
export const IMPORT_CHUNK_ROWS = 4000;

const isGiven = (value: unknown): boolean => value !== null && value !== undefined && value !== '';

/** markDuplicates' idea of a value: trimmed text, blank never repeats. */
function repeatKey(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** A failed import leaving its transaction, so that what it inserted is rolled back. */
class RefusedImport extends Error {
  constructor(readonly outcome: ImportOutcome) {
    super('import refused');
  }
}

/**
 * Imports the uploaded files in one transaction, all rows or none, reading each file once when it
 * is good. The rows are streamed: each file is read a chunk of rows at a time (readWorkbookRows),
 * so memory holds one chunk, never the file, however many rows it has; the next chunk is parsed
 * while the database works on this one (readAhead).
 *
 * Each chunk is validated exactly as add validates (types, required, lengths, rules, dictionary
 * texts, code rules, unique against the database) and, while no row so far was bad, inserted at
 * once (rows whose fill-rule field is blank are numbered there). The values of unique fields go to
 * a temporary table (./importKeys.ts), which at the end finds values repeated anywhere in the
 * files; a value repeated within the chunk, or already inserted by an earlier chunk (the unique
 * check finds it in the table), stops the inserting too. After the first bad row the rest is only
 * validated, so that every bad row is reported; then the transaction is rolled back and the error
 * workbook is made by reading the files once more for those rows. Only the errors of bad rows stay
 * in memory. With several files every row carries its file's name, so the messages and the error
 * file say which file a row is in. File-level refusals (format, size, header, row limit) throw
 * ExcelFileError (naming the file when there are several), rolling back what was inserted.
 */
export async function importFiles(
  service: EntityService,
  db: Kysely<DB>,
  files: readonly UploadedFile[],
  actor: Actor,
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const { model, store } = service;
  const columns = await excelColumns(service, db);
  const several = files.length > 1;
  const chunkRows = Math.max(1, options.chunkRows ?? IMPORT_CHUNK_ROWS);
  const unique = uniqueFields(model);
  const byTitle = new Map(columns.map((c) => [c.key, c.title]));
  const codeRules = await loadCodeRules(db, model);

  /** One file's rows, read afresh each time, a chunk at a time. */
  async function* chunksOf(fileNo: number): AsyncGenerator<ImportRow[]> {
    const file = files[fileNo];
    try {
      const stream = await readWorkbookRows(file.content, file.fileName, { maxRows: options.maxRows });
      const { rows } = await mapRowStream(stream.sheetName, stream.rows[Symbol.asyncIterator](), columns);
      let chunk: ImportRow[] = [];
      for await (const row of rows) {
        if (several) row.fileName = file.fileName;
        chunk.push(row);
        if (chunk.length >= chunkRows) {
          yield chunk;
          chunk = [];
        }
      }
      if (chunk.length > 0) yield chunk;
    } catch (err) {
      if (several && err instanceof ExcelFileError) throw new ExcelFileError(`「${file.fileName}」${err.message}`);
      throw err;
    }
  }

  /** The values add would store for each row of the chunk; what is wrong goes to the row's errors. */
  async function checkChunk(trx: Kysely<DB>, chunk: readonly ImportRow[]): Promise<EntityValues[]> {
    const allowed = await store.allowedValues(trx, chunk.map((r) => r.values));
    return chunk.map((row) => {
      const checked = checkRecord(model, row.values, allowed, undefined, service.numberedNames);
      for (const error of [...checked.errors, ...codeRuleErrors(codeRules, checked.values)]) {
        // Cell errors the reader already found are not repeated.
        const column = byTitle.get(error.field) ?? error.label;
        if (!row.errors.some((e) => e.column === column)) row.errors.push({ column, message: error.message });
      }
      return checked.values;
    });
  }

  const errors = new Map<number, RowError[]>();
  /** Errors saying a value is already in the database: a repeat within the files is named before them. */
  const takenErrors = new WeakSet<RowError>();
  /**
   * Values found in the table because an earlier chunk of this import inserted them: their rows are
   * repeats, which repeatedKeys names. The error is kept in case the files spell the two values
   * differently (so that no repeat is named) and the row would otherwise go without one.
   */
  const ownTaken = new Map<number, RowError[]>();
  /** placeKey of the last row inserted; rows up to it are in the table. */
  let insertedThrough = -1;
  /** No bad row yet: chunks are inserted as they are validated. */
  let inserting = true;
  let total = 0;

  try {
    return await inTransaction(db, async (trx) => {
      if (unique.length > 0) await createImportKeys(trx);
      for (let fileNo = 0; fileNo < files.length; fileNo++) {
        for await (const chunk of readAhead(chunksOf(fileNo))) {
          total += chunk.length;
          const values = await checkChunk(trx, chunk);
          let repeated = false;
          const staged: StagedKey[] = [];
          for (const [index, field] of unique.entries()) {
            const inChunk = new Set<string>();
            chunk.forEach((row, i) => {
              const value = repeatKey(row.values[field.name]);
              if (value === null) return;
              if (inChunk.has(value)) repeated = true;
              inChunk.add(value);
              const stored = values[i][field.name];
              staged.push({ field: index, value, stored: isGiven(stored) ? String(stored) : null, file: fileNo, rowNumber: row.rowNumber });
            });
            const taken = await store.existingValues(trx, field, values.map((v) => v[field.name]).filter(isGiven).map(String));
            if (taken.size === 0) continue;
            const own = insertedThrough < 0 ? new Set<string>() : await insertedKeys(trx, index, [...taken], insertedThrough);
            chunk.forEach((row, i) => {
              const value = values[i][field.name];
              if (!isGiven(value) || !taken.has(String(value))) return;
              const error = { column: field.label, message: duplicateMessage(field.label, String(value)) };
              if (own.has(String(value))) {
                repeated = true;
                const place = placeKey(fileNo, row.rowNumber);
                ownTaken.set(place, [...(ownTaken.get(place) ?? []), error]);
                return;
              }
              takenErrors.add(error);
              row.errors.push(error);
            });
          }
          await stageKeys(trx, staged);
          for (const row of chunk) if (row.errors.length > 0) errors.set(placeKey(fileNo, row.rowNumber), row.errors);
          if (inserting && !repeated && !chunk.some((row) => row.errors.length > 0)) {
            startInInitialState(model.page, values);
            await service.insertNew(trx, values, actor);
            insertedThrough = placeKey(fileNo, chunk[chunk.length - 1].rowNumber);
          } else {
            inserting = false;
          }
        }
      }
      if (inserting) return { ok: true, count: total } as const;
      if (unique.length > 0) await nameRepeats(trx);
      // Throwing rolls back what the chunks before the first bad row inserted.
      throw new RefusedImport(failedImport(errors, total));
    });
  } catch (err) {
    if (err instanceof RefusedImport) return err.outcome;
    throw err;
  }

  /** Adds to `errors` the note of every row whose unique value other rows of the files hold too. */
  async function nameRepeats(trx: Kysely<DB>): Promise<void> {
    const placeOf = (key: number): RowPlace => {
      const fileNo = Math.floor(key / FILE_STRIDE);
      return { rowNumber: key % FILE_STRIDE, ...(several ? { fileName: files[fileNo].fileName } : {}) };
    };
    for (const repeated of await repeatedKeys(trx)) {
      const field = unique[repeated.field];
      const error = { column: field.label, message: duplicateNote(placeOf(repeated.place), repeated.firsts.map(placeOf), repeated.count) };
      const list = errors.get(repeated.place) ?? [];
      const at = list.findIndex((e) => takenErrors.has(e) && e.column === field.label);
      if (at >= 0) list.splice(at, 0, error);
      else list.push(error);
      errors.set(repeated.place, list);
    }
    for (const [place, own] of ownTaken) {
      const list = errors.get(place) ?? [];
      for (const error of own) if (!list.some((e) => e.column === error.column)) list.push(error);
      errors.set(place, list);
    }
  }

  function failedImport(found: Map<number, RowError[]>, totalRows: number): ImportOutcome {
    const places = [...found.keys()].sort((a, b) => a - b);
    const first = places.slice(0, 10).map((key) => {
      const fileNo = Math.floor(key / FILE_STRIDE);
      return { rowNumber: key % FILE_STRIDE, ...(several ? { fileName: files[fileNo].fileName } : {}) };
    });
    async function* badRowsAgain(): AsyncGenerator<ImportRow> {
      for (let fileNo = 0; fileNo < files.length; fileNo++) {
        for await (const chunk of chunksOf(fileNo)) {
          for (const row of chunk) {
            const rowErrors = found.get(placeKey(fileNo, row.rowNumber));
            if (rowErrors) yield { ...row, errors: rowErrors };
          }
        }
      }
    }
    const writeErrorFile = (out: Writable) =>
      writeErrorWorkbook(out, { columns, title: model.title, rows: { count: found.size, severalFiles: several, rows: badRowsAgain() } });
    return { ok: false, badRows: { count: found.size, first }, totalRows, columns, writeErrorFile };
  }
}

/**
 * '文件导入失败，第7、9行数据有误（共2行），请下载错误文件修改后重新导入'; rows of several files are
 * named per file: '文件导入失败，「专家1.xlsx」第7行、「专家2.xlsx」第3、4行数据有误（共3行），…'.
 * Without an error file (it outgrew its cap) the end says so instead of offering the download.
 */
export function importFailureMessage(badRows: BadRowSummary, withErrorFile = true): string {
  const shown = badRows.first.slice(0, 10);
  const more = badRows.count > shown.length ? '等' : '';
  const groups: { fileName?: string; numbers: number[] }[] = [];
  for (const row of shown) {
    const last = groups.at(-1);
    if (last && last.fileName === row.fileName) last.numbers.push(row.rowNumber);
    else groups.push({ fileName: row.fileName, numbers: [row.rowNumber] });
  }
  const where = groups.map((g) => `${g.fileName ? `「${g.fileName}」` : ''}第${g.numbers.join('、')}`).join('行、');
  const next = withErrorFile ? '请下载错误文件修改后重新导入' : '错误数据过多，未生成错误文件，请修改后重新导入';
  return `文件导入失败，${where}${more}行数据有误（共${badRows.count}行），${next}`;
}
