import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { inTransaction } from '../../db/transaction';
import type { DB } from '../../db/types';
import { SeedError } from '../documents';
import { buildCase, emptyRows, type CaseBase, type CaseContext, type DemoRows } from './caseLife';
import { CaseNumbering } from './numbering';
import { caseRandom, Random } from './random';
import { loadDemoReference } from './reference';
import { CASE_STATES, DAY, dateOf, dayStart, stateForAge, type CaseState } from './timeline';
import { demoWriters, writeDemoRows } from './writer';

export { hasDemoPages } from './writer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The hand-written cases the demo starts with (their ids R0001… and fields are what tests and the manual name). */
const FIXED_CASES_FILE = 'schemas/seed/demo/cases.json';

/** How many cases `npm start` seeds into an empty database. */
export const STARTUP_DEMO_CASES = 300;
const SEED = 20_260_115;
/** Row ids and random streams of the fixed cases start here, apart from the generated cases' positions. */
const FIXED_INDEX = 0x7fff_0000;
/** Cases come in over the last 18 months. */
const SPAN_DAYS = 540;

export interface DemoOptions {
  cases: number;
  /** Cases written (and committed, outside a caller's transaction) together. */
  chunkSize?: number;
  /** Start with the hand-written cases of schemas/seed/demo/cases.json. */
  withFixedCases?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface DemoSummary {
  cases: number;
  rows: Record<keyof DemoRows, number>;
}

interface FixedCase {
  id: string;
  receiveStatus: CaseState;
  trustDate: string;
  [field: string]: unknown;
}

export function loadFixedCases(): FixedCase[] {
  const file = path.join(root, FIXED_CASES_FILE);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { rows?: unknown };
  if (!Array.isArray(doc.rows)) throw new SeedError(`种子文件 ${FIXED_CASES_FILE}: 应为 { "rows": [ {…}, … ] }`);
  const rows = doc.rows as FixedCase[];
  for (const [i, row] of rows.entries()) {
    if (typeof row.id !== 'string' || !CASE_STATES.includes(row.receiveStatus) || !/^\d{4}-\d{2}-\d{2}$/.test(String(row.trustDate))) {
      throw new SeedError(`种子文件 ${FIXED_CASES_FILE}#/rows/${i}: 需要 id、receiveStatus（案件状态）和 trustDate（yyyy-MM-dd）`);
    }
  }
  return rows;
}

export class DemoNotEmptyError extends SeedError {}

/** Refuses to add demo cases to a case table that has any: the demo's numbers and links assume it alone. */
export async function assertNoCases(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM biz_receive`.execute(db);
  const n = Number(rows[0].n);
  if (n > 0) throw new DemoNotEmptyError(`案件表（biz_receive）已有 ${n} 条案件，演示数据只能生成到空数据库中，请换一个空数据库后重试`);
}

/**
 * The cases in the order they came in: the generated ones spread evenly (with jitter) over the last
 * 18 months, the fixed ones merged in by date. Yielded lazily, so a million cases take no memory.
 */
function* caseBases(total: number, fixed: readonly FixedCase[], horizon: number): Generator<CaseBase> {
  const sorted = [...fixed].sort((a, b) => a.trustDate.localeCompare(b.trustDate)).slice(0, total);
  const generated = total - sorted.length;
  const start = horizon - SPAN_DAYS * DAY;
  const jitter = new Random(SEED);
  const draw = (g: number) => (g < generated ? start + ((SPAN_DAYS - 1) * DAY * (g + jitter.next())) / generated : Number.POSITIVE_INFINITY);
  let g = 0;
  let f = 0;
  let when = draw(0);
  while (g < generated || f < sorted.length) {
    const nextFixed = sorted[f];
    const fixedTime = nextFixed ? Date.parse(`${nextFixed.trustDate}T09:30:00Z`) : Number.POSITIVE_INFINITY;
    if (nextFixed && fixedTime <= when) {
      // Fixed cases draw from their own streams, so the generated ones are the same whatever day it is.
      yield { index: FIXED_INDEX + f, id: nextFixed.id, trustTime: fixedTime, state: nextFixed.receiveStatus, given: nextFixed };
      f++;
      continue;
    }
    // Office hours: the day's fraction becomes a time between 09:00 and 18:00 (still in date order).
    const day = dayStart(when);
    const trustTime = day + 9 * 3_600_000 + Math.floor(((when - day) / DAY) * 9 * 60) * 60_000;
    yield { index: g, id: `01${g.toString(16).padStart(30, '0')}`, trustTime, state: stateForAge(caseRandom(SEED, g), (horizon - trustTime) / DAY) };
    g++;
    when = draw(g);
  }
}

/**
 * Writes `cases` demo cases with everything that belongs to them into a database without cases
 * (server/seed/demo/caseLife.ts says what a case gets). The start-up seed runs it inside its
 * transaction; the generator (scripts/seed-demo.ts) commits every chunk on its own.
 */
export async function generateDemo(db: Kysely<DB>, pages: readonly CompiledPage[], opts: DemoOptions): Promise<DemoSummary> {
  await assertNoCases(db);
  const writers = demoWriters(pages);
  const ref = await loadDemoReference(db);
  const numbering = await CaseNumbering.read(db);
  const { rows: today } = await sql<{ day: string }>`SELECT to_char(now(), 'YYYY-MM-DD') AS day`.execute(db);
  const horizon = Date.parse(`${today[0].day}T00:00:00Z`);
  let invoice = 0;
  // Invoice numbers start above the hand-written invoices' (schemas/seed/entities/receipt): 16 million before they meet.
  const ctx: CaseContext = { ref, horizon, nextInvoiceNumber: () => String(50_000_000 + ++invoice) };
  const chunkSize = opts.chunkSize ?? 2_000;
  const summary: DemoSummary = { cases: 0, rows: { receive: 0, progress: 0, member: 0, cost: 0, payment: 0, hour: 0, receipt: 0, link: 0, complaint: 0, mail: 0 } };

  let pending = emptyRows();
  const flush = async () => {
    const rows = pending;
    pending = emptyRows();
    await inTransaction(db, (trx) => writeDemoRows(trx, writers, rows));
    for (const key of Object.keys(rows) as (keyof DemoRows)[]) summary.rows[key] += rows[key].length;
    opts.onProgress?.(summary.cases, opts.cases);
  };

  for (const base of caseBases(opts.cases, opts.withFixedCases ? loadFixedCases() : [], horizon)) {
    const rng = caseRandom(SEED + 1, base.index);
    buildCase(rng, base, numbering.next(dateOf(base.trustTime)), ctx, pending);
    summary.cases++;
    if (summary.cases % chunkSize === 0) await flush();
  }
  if (pending.receive.length > 0) await flush();
  await numbering.saveCounter(db);
  return summary;
}
