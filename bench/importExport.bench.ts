/**
 * Export and import benchmark on the expert page (mnt_expert), each beside a raw-SQL baseline in
 * the same process:
 *  - export: GET …/exportXls of N rows (the whole filtered list as .xlsx, streamed) vs the same rows
 *    in the same order read through a server-side cursor (DECLARE … FETCH 1000) and written as CSV
 *    text — the floor of reading and formatting the rows. `--reps` alternating pairs, medians, and
 *    the goal line (endpoint ≤ 1.5× the baseline); the endpoint's reading path alone, once;
 *  - import: POST …/importExcel of N/2 and then N rows (a workbook built with server/excel
 *    writeXlsx, split into several files of one request when one would pass the 10 MB upload
 *    limit) vs the same N rows as multi-row INSERTs of 1000 rows in one transaction — the floor of
 *    writing them. Memory: RSS and heap sampled every 50 ms, and the live heap (collected every
 *    250 ms, import repeated for it); the goal line compares the live heap growth at N/2 and N.
 *
 *   node --expose-gc --import tsx bench/importExport.bench.ts [--rows 100000] [--db pglite|postgres|both] [--only export|import] [--reps 3]
 */
import { once } from 'node:events';
import { PassThrough, Writable, type Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { EntityDictionaries, entityService, excelColumns, exportRecordBatches, type EntityService } from '../server/crud/entity';
import { translateListQuery } from '../server/crud/query';
import { newId } from '../server/db/ids';
import { writeXlsx, type ExcelColumn } from '../server/excel';
import { DictionaryCache } from '../server/sys/dict/dictionaryCache';
import type { DB } from '../server/db/types';
import { readArgs, type DatabaseKind } from './support/args';
import { API, cleanUp, expertPage, startBenchServer, step, type BenchServer } from './support/benchServer';
import { countExperts, fillExperts } from './support/experts';
import { mb, ratio, withMemory, type MemoryPeak } from './support/stats';
import { inTransaction } from '../server/db/transaction';

const UPLOAD_LIMIT = 10 * 1024 * 1024;
const INSERT_BATCH = 1000;
const FETCH_SIZE = 1000;

function countingSink(): { sink: Writable; bytes: () => number } {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback();
    },
  });
  return { sink, bytes: () => bytes };
}

async function drain(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// ── export ──────────────────────────────────────────────────────────────────────────────────────

async function exportViaEndpoint(server: BenchServer, query: Record<string, string> = {}): Promise<number> {
  const response = await server.app.inject({
    method: 'GET',
    url: `${API}/maintenance/expert/exportXls`,
    query,
    headers: server.headers,
    payloadAsStream: true,
  });
  if (response.statusCode !== 200 || !String(response.headers['content-type']).includes('spreadsheetml')) {
    throw new Error(`export: HTTP ${response.statusCode} ${String(response.headers['content-type'])}`);
  }
  return drain(response.stream());
}

/** The export's rows in the export's order, through a cursor, as CSV — the same columns, raw values. */
async function exportViaRawSql(db: Kysely<DB>, columns: readonly string[], where = sql`TRUE`): Promise<number> {
  const { sink, bytes } = countingSink();
  const write = async (text: string) => {
    if (!sink.write(text)) await once(sink, 'drain');
  };
  await inTransaction(db, async (trx) => {
    await sql`DECLARE expert_export NO SCROLL CURSOR FOR
      SELECT ${sql.join(columns.map((c) => sql.ref(c)))} FROM mnt_expert WHERE ${where} ORDER BY create_time DESC, id DESC`.execute(trx);
    await write(`${columns.join(',')}\n`);
    for (;;) {
      // FETCH takes no bound parameter for its count; this is our own constant.
      const { rows } = await sql<Record<string, unknown>>`FETCH ${sql.raw(String(FETCH_SIZE))} FROM expert_export`.execute(trx);
      let chunk = '';
      for (const row of rows) chunk += `${columns.map((c) => csvField(row[c])).join(',')}\n`;
      await write(chunk);
      if (rows.length < FETCH_SIZE) break;
    }
    await sql`CLOSE expert_export`.execute(trx);
  });
  sink.end();
  await once(sink, 'finish');
  return bytes();
}

/**
 * The endpoint's own reading path (one cursor through EntityService, records as the export
 * builds them) written as CSV: separates the cost of reading from the cost of the .xlsx format.
 */
async function exportCursorToCsv(service: EntityService, db: Kysely<DB>, kind: DatabaseKind): Promise<number> {
  const { sink, bytes } = countingSink();
  const write = async (text: string) => {
    if (!sink.write(text)) await once(sink, 'drain');
  };
  const keys = service.model.writable.map((f) => f.name);
  const query = translateListQuery(service.model.queryFields, {}, service.model.listOptions);
  await write(`${keys.join(',')}\n`);
  let chunk = '';
  let n = 0;
  for await (const batch of exportRecordBatches(service, db, query, 0, undefined, kind === 'pglite' ? 'shared' : 'pooled')) {
    for (const record of batch) {
      chunk += `${keys.map((k) => csvField(record[k])).join(',')}\n`;
      if (++n % 1000 === 0) {
        await write(chunk);
        chunk = '';
      }
    }
  }
  await write(chunk);
  sink.end();
  await once(sink, 'finish');
  return bytes();
}

// ── import ──────────────────────────────────────────────────────────────────────────────────────

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '勇', '军', '杰', '秀英', '建华'];
const DIRECTIONS = ['火灾', '水渍', '机械设备', '建筑工程', '货物运输'];

/** One imported expert, as the form would hold it (field names, stored values). */
function importRecord(i: number): Record<string, string | null> {
  return {
    expertName: SURNAMES[i % SURNAMES.length] + GIVEN[Math.floor(i / 7) % GIVEN.length],
    sex: Math.floor(i / 3) % 2 === 0 ? '1' : '2',
    contactMobile: `15${String(i).padStart(9, '0')}`,
    email: `import${i}@example.com`,
    majorDirection: DIRECTIONS[Math.floor(i / 11) % DIRECTIONS.length],
    title: '工程师',
    titleRank: String(1 + (i % 3)),
    workUnit: '上海市建筑科学研究院',
    idNumber: null,
    bankName: '中国工商银行北京海淀支行',
    bankAccount: null,
    remark: i % 4 === 0 ? `第${i}位导入的专家` : null,
  };
}

async function workbook(columns: ExcelColumn[], from: number, to: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = once(out, 'end');
  function* rows() {
    for (let i = from; i < to; i++) yield importRecord(i);
  }
  await writeXlsx(out, { title: '专家', exportedBy: '管理员', columns, rows: rows() });
  await ended;
  return Buffer.concat(chunks);
}

/** The import file(s): one workbook, or as few equal parts as keep each under the upload limit. */
async function importFilesFor(columns: ExcelColumn[], rows: number): Promise<Buffer[]> {
  const whole = await workbook(columns, 0, rows);
  if (whole.length < UPLOAD_LIMIT * 0.98) return [whole];
  const parts = Math.ceil(whole.length / (UPLOAD_LIMIT * 0.9));
  if (parts > 20) throw new Error(`${rows} rows do not fit in the 20 files of 10 MB one import accepts`);
  const size = Math.ceil(rows / parts);
  const files: Buffer[] = [];
  for (let from = 0; from < rows; from += size) files.push(await workbook(columns, from, Math.min(rows, from + size)));
  return files;
}

function multipart(files: readonly Buffer[]): { body: Buffer; contentType: string } {
  const boundary = `----lossdeskbench${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  files.forEach((file, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file${i}"; filename="experts-${i + 1}.xlsx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      file,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function importViaEndpoint(server: BenchServer, upload: { body: Buffer; contentType: string }): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: `${API}/maintenance/expert/importExcel`,
    headers: { ...server.headers, 'content-type': upload.contentType },
    payload: upload.body,
  });
  const envelope = response.json() as { success: boolean; code: number; message: string };
  if (!envelope.success || envelope.code !== 200) throw new Error(`import: HTTP ${response.statusCode} code ${envelope.code} ${envelope.message}`);
  return envelope.message;
}

/** The same rows as the import writes them (columns of the page, audit fields), in batches of 1000. */
async function importViaRawSql(server: BenchServer, rows: number): Promise<void> {
  const page = expertPage(server.pages);
  const fields = page.fields;
  await inTransaction(server.database.db, async (trx) => {
    for (let from = 0; from < rows; from += INSERT_BATCH) {
      const values = [];
      for (let i = from; i < Math.min(rows, from + INSERT_BATCH); i++) {
        const record = importRecord(i);
        values.push(sql`(${sql.join([newId(), ...fields.map((f) => record[f.name] ?? null), 'admin', 'A01'])})`);
      }
      await sql`INSERT INTO mnt_expert (id, ${sql.join(fields.map((f) => sql.ref(f.column)))}, create_by, sys_org_code)
        VALUES ${sql.join(values)}`.execute(trx);
    }
  });
}

// ── run ─────────────────────────────────────────────────────────────────────────────────────────

interface Row {
  operation: string;
  ms: number;
  memory: MemoryPeak;
  note: string;
}

type Part = 'export' | 'import';

/** `--only export` or `--only import` runs one half; both by default. */
function partsFromArgs(argv: readonly string[] = process.argv.slice(2)): Part[] {
  const at = argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
  if (at < 0) return ['export', 'import'];
  const value = argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1];
  if (value !== 'export' && value !== 'import') throw new Error(`--only must be export or import, got "${value}"`);
  return [value];
}

/** `--reps N`: export runs per path (default 3, medians reported). */
function repsFromArgs(argv: readonly string[] = process.argv.slice(2)): number {
  const at = argv.findIndex((a) => a === '--reps' || a.startsWith('--reps='));
  if (at < 0) return 3;
  const value = Number(argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1]);
  if (!Number.isInteger(value) || value < 1 || value > 15) throw new Error(`--reps must be 1–15, got "${value}"`);
  return value;
}

async function benchKind(kind: DatabaseKind, rows: number, parts: readonly Part[], reps: number): Promise<Row[]> {
  console.log(`\n== ${kind}: ${rows.toLocaleString('en-US')} rows ==`);
  const server = await step('setup (fresh database, migrate, page tables, seed, fill, ANALYZE, app, login)', () =>
    startBenchServer(kind, (database) => fillExperts(database.db, rows)),
  );
  const db = server.database.db;
  const page = expertPage(server.pages);
  const exportColumns = page.fields.map((f) => f.column);
  const service = entityService(page, new EntityDictionaries(db, new DictionaryCache(db), server.pages));
  const columns = await excelColumns(service, db);
  const results: Row[] = [];

  if (parts.includes('export')) await benchExport(server, db, exportColumns, service, results, reps);
  if (parts.includes('import')) await benchImport(server, db, columns, rows, results);
  await cleanUp();
  return results;
}

/** Export goal of issue 16: the endpoint within 1.5× of the raw cursor → CSV floor. */
const EXPORT_GOAL_RATIO = 1.5;

/** The run whose time is the median of `runs` (its memory figures come along). */
function medianRun<T>(runs: readonly Measured<T>[]): Measured<T> {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

type Measured<T> = Awaited<ReturnType<typeof withMemory<T>>>;

async function benchExport(server: BenchServer, db: Kysely<DB>, exportColumns: string[], service: EntityService, results: Row[], reps: number): Promise<void> {
  // Warm both export paths on a small filtered set (module loading, JIT, plans).
  await exportViaEndpoint(server, { expertName: '*王伟*' });
  await exportViaRawSql(db, exportColumns, sql`expert_name = ${'王伟'}`);

  // Alternating, first one then the other, so a noisy neighbour hurts both alike; medians reported.
  const raw: Measured<number>[] = [];
  const endpoint: Measured<number>[] = [];
  for (let rep = 0; rep < reps; rep++) {
    const pair = [
      async () => raw.push(await withMemory(() => exportViaRawSql(db, exportColumns))),
      async () => endpoint.push(await withMemory(() => exportViaEndpoint(server))),
    ];
    if (rep % 2 === 1) pair.reverse();
    for (const run of pair) await run();
    console.log(`  export rep ${rep + 1}: raw cursor → CSV ${(raw[rep].ms / 1000).toFixed(2)} s, GET exportXls ${(endpoint[rep].ms / 1000).toFixed(2)} s`);
  }
  const rawExport = medianRun(raw);
  const endpointExport = medianRun(endpoint);
  results.push({ operation: 'export: raw SQL cursor → CSV (baseline)', ms: rawExport.ms, memory: rawExport.memory, note: `${mb(rawExport.value)} MB CSV, median of ${reps}` });
  // Diagnostic: the endpoint's reading path alone (cursor, records as the export builds them) as CSV.
  const readingPath = await withMemory(() => exportCursorToCsv(service, db, server.kind));
  results.push({ operation: 'export: endpoint reading path (cursor, records) → CSV', ms: readingPath.ms, memory: readingPath.memory, note: `${mb(readingPath.value)} MB CSV, once` });
  results.push({ operation: 'export: GET exportXls (.xlsx)', ms: endpointExport.ms, memory: endpointExport.memory, note: `${mb(endpointExport.value)} MB xlsx, median of ${reps}` });
}

/** Import goal of issue 16: memory does not grow with the file — live heap growth at N rows within this of N/2. */
const IMPORT_FLAT_MB = 20;
const importGoals: string[] = [];

/**
 * Live JS heap while `run` works: every 250 ms a full collection (needs --expose-gc), then
 * heapUsed — what is really held, not garbage waiting for the collector (peak heapUsed counts
 * that too). PGlite's own memory (a WebAssembly buffer outside the JS heap) is not in it; RSS is.
 */
async function liveHeapGrowthMb<T>(run: () => Promise<T>): Promise<{ value: T; growthMb: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return { value: await run(), growthMb: Number.NaN };
  gc();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const timer = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 250);
  try {
    return { value: await run(), growthMb: mb(peak - start) };
  } finally {
    clearInterval(timer);
  }
}

async function importOnce(server: BenchServer, db: Kysely<DB>, columns: ExcelColumn[], rows: number): Promise<{ run: Measured<string>; note: string; liveHeapMb: number }> {
  const files = await step(`build import workbook(s) of ${rows.toLocaleString('en-US')} rows with writeXlsx`, () => importFilesFor(columns, rows));
  const upload = multipart(files);
  const note = `${files.length} file(s), ${mb(upload.body.length)} MB`;
  await sql`TRUNCATE mnt_expert`.execute(db);
  const run = await withMemory(() => importViaEndpoint(server, upload));
  const imported = await countExperts(db);
  if (imported !== rows) throw new Error(`import wrote ${imported} rows, expected ${rows}: ${run.value}`);
  // Again, timed apart: the collections below slow the import down.
  await sql`TRUNCATE mnt_expert`.execute(db);
  const live = await liveHeapGrowthMb(() => importViaEndpoint(server, upload));
  console.log(
    `  import endpoint, ${rows.toLocaleString('en-US')} rows (${note}): ${(run.ms / 1000).toFixed(1)} s, RSS growth ${run.memory.rssGrowthMb} MB, ` +
      `live heap growth ${live.growthMb} MB — ${run.value}`,
  );
  return { run, note, liveHeapMb: live.growthMb };
}

async function benchImport(server: BenchServer, db: Kysely<DB>, columns: ExcelColumn[], rows: number, results: Row[]): Promise<void> {
  // Half the rows first, then all: memory that grew with the file would show as a larger growth.
  const half = Math.floor(rows / 2);
  const halfImport = await importOnce(server, db, columns, half);
  const fullImport = await importOnce(server, db, columns, rows);

  await sql`TRUNCATE mnt_expert`.execute(db);
  const rawImport = await withMemory(() => importViaRawSql(server, rows));
  const inserted = await countExperts(db);
  if (inserted !== rows) throw new Error(`raw insert wrote ${inserted} rows, expected ${rows}`);
  console.log(`  import raw INSERT: ${(rawImport.ms / 1000).toFixed(1)} s`);
  results.push({ operation: 'import: multi-row INSERT ×1000 (baseline)', ms: rawImport.ms, memory: rawImport.memory, note: `${rows} rows` });
  results.push({ operation: 'import: POST importExcel', ms: fullImport.run.ms, memory: fullImport.run.memory, note: `${fullImport.note}, live heap +${fullImport.liveHeapMb} MB` });
  results.push({
    operation: `import: POST importExcel, ${half.toLocaleString('en-US')} rows (half)`,
    ms: halfImport.run.ms,
    memory: halfImport.run.memory,
    note: `${halfImport.note}, live heap +${halfImport.liveHeapMb} MB`,
  });
  const extra = fullImport.liveHeapMb - halfImport.liveHeapMb;
  importGoals.push(
    `goal import memory flat (${server.kind}): live heap growth ${halfImport.liveHeapMb} MB at ${half.toLocaleString('en-US')} rows, ` +
      `${fullImport.liveHeapMb} MB at ${rows.toLocaleString('en-US')} (${extra >= 0 ? '+' : ''}${Math.round(extra * 10) / 10} MB, allowed +${IMPORT_FLAT_MB}; ` +
      `RSS growth ${halfImport.run.memory.rssGrowthMb} / ${fullImport.run.memory.rssGrowthMb} MB) — ${extra <= IMPORT_FLAT_MB ? 'met' : 'NOT met'}`,
  );
}

function printTable(kind: DatabaseKind, rows: number, results: readonly Row[]): void {
  console.log(`\nExport / import vs raw SQL — ${kind}, ${rows.toLocaleString('en-US')} rows`);
  console.table(
    Object.fromEntries(
      results.map((r) => [
        r.operation,
        {
          's': (r.ms / 1000).toFixed(2),
          'rows/s': Math.round(rows / (r.ms / 1000)),
          'peak RSS MB': r.memory.peakRssMb,
          'RSS growth MB': r.memory.rssGrowthMb,
          'peak heap MB': r.memory.peakHeapMb,
          note: r.note,
        },
      ]),
    ),
  );
  const find = (prefix: string) => results.find((r) => r.operation.startsWith(prefix));
  for (const [name, raw, endpoint] of [
    ['export', find('export: raw'), find('export: GET')],
    ['export reading path (records → CSV)', find('export: raw'), find('export: endpoint reading')],
    ['import', find('import: multi-row'), find('import: POST')],
  ] as const) {
    if (!raw || !endpoint) continue;
    console.log(`${name} time ratio endpoint/raw: ${ratio(endpoint.ms, raw.ms)}, peak RSS growth ${endpoint.memory.rssGrowthMb} MB vs ${raw.memory.rssGrowthMb} MB`);
  }
  const rawExport = find('export: raw');
  const endpointExport = find('export: GET');
  if (rawExport && endpointExport) {
    const met = endpointExport.ms <= EXPORT_GOAL_RATIO * rawExport.ms;
    console.log(`goal export ≤ ${EXPORT_GOAL_RATIO}× raw cursor CSV (${kind}): ${ratio(endpointExport.ms, rawExport.ms)} — ${met ? 'met' : 'NOT met'}`);
  }
}

async function main(): Promise<void> {
  const args = readArgs();
  console.log(`Export/import benchmark — ${args.rows.toLocaleString('en-US')} rows on ${args.kinds.join(' and ')}, Node ${process.version}`);
  const parts = partsFromArgs();
  const all: Array<[DatabaseKind, Row[]]> = [];
  const reps = repsFromArgs();
  for (const kind of args.kinds) all.push([kind, await benchKind(kind, args.rows, parts, reps)]);
  for (const [kind, results] of all) printTable(kind, args.rows, results);
  for (const goal of importGoals) console.log(goal);
  if (!(globalThis as { gc?: () => void }).gc) console.log('(NODE_OPTIONS=--expose-gc starts each memory figure from a collected heap)');
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
