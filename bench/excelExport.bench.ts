/**
 * Export benchmark: 100k rows streamed as .xlsx (writeXlsx) beside the same rows written as CSV
 * text to the same kind of sink in the same process — the floor any export pays to format and
 * write the rows. Prints time, peak RSS growth and peak heap+buffers for both, and the ratios.
 *
 *   npx tsx bench/excelExport.bench.ts [rows]        (add --expose-gc via NODE_OPTIONS for steadier memory)
 */
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { writeXlsx, type ExcelColumn } from '../server/excel';
import { exportCellWriter } from '../server/excel/exportValue';

const ROWS = Number(process.argv[2] ?? 100_000);

const columns: ExcelColumn[] = [
  { key: 'expertName', title: '专家姓名', kind: 'string' },
  { key: 'mobile', title: '联系电话', kind: 'string' },
  { key: 'sex', title: '性别', kind: 'string', dict: [{ value: '1', text: '男' }, { value: '2', text: '女' }] },
  { key: 'caseCount', title: '案件数', kind: 'integer' },
  { key: 'hourCost', title: '小时费用', kind: 'money' },
  { key: 'birthday', title: '出生日期', kind: 'date' },
  { key: 'createTime', title: '创建时间', kind: 'datetime' },
  { key: 'isExternal', title: '是否外聘', kind: 'boolean' },
  { key: 'remark', title: '备注', kind: 'text' },
];

function record(i: number): Record<string, unknown> {
  return {
    expertName: `专家${i}号`,
    mobile: `139${String(i).padStart(8, '0')}`,
    sex: i % 2 ? '1' : '2',
    caseCount: i % 500,
    hourCost: String((i % 100_000) / 100),
    birthday: new Date(1950 + (i % 50), i % 12, (i % 28) + 1),
    createTime: new Date(2024, i % 12, (i % 28) + 1, i % 24, i % 60, i % 60),
    isExternal: i % 3 === 0,
    remark: `第${i}条备注：保险公估理算说明文字`,
  };
}

// Like a database cursor: rows arrive in batches, each batch after a turn of the event loop.
async function* rows(): AsyncGenerator<Record<string, unknown>> {
  for (let i = 1; i <= ROWS; i++) {
    if (i % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    yield record(i);
  }
}

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

function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function writeCsv(sink: Writable): Promise<void> {
  const writers = columns.map(exportCellWriter);
  const write = async (line: string) => {
    if (!sink.write(line)) await once(sink, 'drain');
  };
  await write(`${columns.map((c) => csvField(c.title)).join(',')}\n`);
  for await (const row of rows()) {
    await write(`${columns.map((c, i) => csvField(writers[i](row[c.key]))).join(',')}\n`);
  }
  sink.end();
  await once(sink, 'finish');
}

interface Measured {
  ms: number;
  bytes: number;
  peakRssGrowthMb: number;
  peakHeapAndBuffersMb: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

async function measure(run: (sink: Writable) => Promise<unknown>): Promise<Measured> {
  gc?.();
  const { sink, bytes } = countingSink();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed + m.external + m.arrayBuffers);
  };
  const timer = setInterval(sample, 10);
  const started = performance.now();
  await run(sink);
  const ms = performance.now() - started;
  clearInterval(timer);
  sample();
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  return { ms: Math.round(ms), bytes: bytes(), peakRssGrowthMb: mb(peakRss - rssBefore), peakHeapAndBuffersMb: mb(peakHeap) };
}

const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');

async function main(): Promise<void> {
  console.log(`Excel export benchmark — ${ROWS.toLocaleString('en-US')} rows, ${columns.length} columns, Node ${process.version}`);
  // Warm up both paths so the first one measured doesn't pay for module loading and JIT alone.
  const warmUp = countingSink();
  await writeXlsx(warmUp.sink, { title: '预热', exportedBy: 'bench', columns, rows: [record(1)] });

  const csv = await measure(writeCsv);
  const xlsx = await measure((sink) => writeXlsx(sink, { title: '专家', exportedBy: '管理员', columns, rows: rows() }));

  console.table({
    'CSV text (baseline)': csv,
    'writeXlsx (.xlsx)': xlsx,
  });
  console.log(`time ratio xlsx/csv: ${ratio(xlsx.ms, csv.ms)}`);
  console.log(`peak heap+buffers ratio xlsx/csv: ${ratio(xlsx.peakHeapAndBuffersMb, csv.peakHeapAndBuffersMb)}`);
  console.log(`peak RSS growth: csv ${csv.peakRssGrowthMb} MB, xlsx ${xlsx.peakRssGrowthMb} MB`);
  console.log(`throughput: xlsx ${Math.round(ROWS / (xlsx.ms / 1000)).toLocaleString('en-US')} rows/s`);
  if (!gc) console.log('(run with NODE_OPTIONS=--expose-gc for memory figures that start from a collected heap)');
}

await main();
