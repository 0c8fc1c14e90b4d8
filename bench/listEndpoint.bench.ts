/**
 * List endpoint benchmark: GET /insurance/maintenance/expert/list (the generic list of an entity
 * page) over N generated experts, beside the same query run as raw SQL in the same process.
 *
 *   npx tsx bench/listEndpoint.bench.ts [--rows 100000] [--db pglite|postgres|both]
 *
 * For each database: a fresh one (PGlite in a temp folder, or a throwaway PostgreSQL server),
 * migrated, page tables applied, seeded without demo data, then N experts from generate_series and
 * ANALYZE. Requests go through app.inject (the whole Fastify path: auth guard, permission check,
 * query translation, count + page, dictionary texts, JSON) without network noise. The baseline is
 * the same count and page as hand-written SQL (parameters bound, same WHERE/ORDER/LIMIT/OFFSET) on
 * the same pool. Each scenario warms up, then runs endpoint and raw alternately (so a noisy
 * neighbour hurts both alike) until 200 pairs or 30 s; req/s is serial, one request at a time.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../server/db/open';
import { readArgs, type DatabaseKind } from './support/args';
import { API, cleanUp, startBenchServer, step, type BenchServer } from './support/benchServer';
import { fillExperts } from './support/experts';
import { ms, ratio, summarise, type Latencies } from './support/stats';

const PAGE_SIZE = 10;
const MAX_PAIRS = 200;
const SCENARIO_BUDGET_MS = 30_000;
const WARM_UP_PAIRS = 5;
const WARM_UP_BUDGET_MS = 5_000;

interface Scenario {
  name: string;
  /** The list request's query string, as the web app sends it. */
  query: Record<string, string>;
  /** The same filter, sort and page as raw SQL. */
  where: RawBuilder<SqlBool> | undefined;
  order: RawBuilder<unknown>;
  offset: number;
}

const byCreateTimeDesc = sql`create_time DESC, id DESC`;

function scenarios(rows: number): Scenario[] {
  const deepPage = Math.max(1, Math.floor(Math.ceil(rows / PAGE_SIZE) / 2));
  const page1 = { pageNo: '1', pageSize: String(PAGE_SIZE) };
  return [
    { name: 'first page (createTime desc)', query: page1, where: undefined, order: byCreateTimeDesc, offset: 0 },
    {
      name: "like expertName '*王*'",
      query: { ...page1, expertName: '*王*' },
      where: sql<SqlBool>`expert_name LIKE ${'%王%'} ESCAPE '\\'`,
      order: byCreateTimeDesc,
      offset: 0,
    },
    { name: 'eq dict sex=1', query: { ...page1, sex: '1' }, where: sql<SqlBool>`sex = ${'1'}`, order: byCreateTimeDesc, offset: 0 },
    {
      name: 'range createTime (one quarter)',
      query: { ...page1, createTime_begin: '2024-01-01 00:00:00', createTime_end: '2024-03-31 23:59:59' },
      where: sql<SqlBool>`create_time >= ${'2024-01-01 00:00:00'} AND create_time <= ${'2024-03-31 23:59:59.999999'}`,
      order: byCreateTimeDesc,
      offset: 0,
    },
    {
      name: `deep page (pageNo ${deepPage})`,
      query: { pageNo: String(deepPage), pageSize: String(PAGE_SIZE) },
      where: undefined,
      order: byCreateTimeDesc,
      offset: (deepPage - 1) * PAGE_SIZE,
    },
    {
      name: 'sort expertName asc',
      query: { ...page1, column: 'expertName', order: 'asc' },
      where: undefined,
      order: sql`expert_name ASC, id ASC`,
      offset: 0,
    },
  ];
}

interface ListResult {
  ids: string[];
  total: number;
}

async function viaEndpoint(server: BenchServer, scenario: Scenario): Promise<ListResult> {
  const response = await server.app.inject({ method: 'GET', url: `${API}/maintenance/expert/list`, query: scenario.query, headers: server.headers });
  const envelope = response.json() as { success: boolean; message: string; result?: { records: Array<{ id: string }>; total: number } };
  if (response.statusCode !== 200 || !envelope.success || !envelope.result) {
    throw new Error(`${scenario.name}: HTTP ${response.statusCode} ${envelope.message}`);
  }
  return { ids: envelope.result.records.map((r) => r.id), total: envelope.result.total };
}

async function viaRawSql(database: Database, scenario: Scenario): Promise<ListResult> {
  const where = scenario.where ? sql`WHERE ${scenario.where}` : sql``;
  const counted = await sql<{ total: string | number }>`SELECT count(*) AS total FROM mnt_expert ${where}`.execute(database.db);
  const page = await sql<{ id: string }>`
    SELECT * FROM mnt_expert ${where} ORDER BY ${scenario.order} LIMIT ${PAGE_SIZE} OFFSET ${scenario.offset}`.execute(database.db);
  return { ids: page.rows.map((r) => r.id), total: Number(counted.rows[0].total) };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

interface Measured {
  scenario: string;
  endpoint: Latencies;
  raw: Latencies;
  total: number;
}

async function measure(server: BenchServer, scenario: Scenario): Promise<Measured> {
  const endpoint = () => viaEndpoint(server, scenario);
  const raw = () => viaRawSql(server.database, scenario);
  // The baseline must be the very same query: same total, same rows in the same order.
  const [a, b] = [await endpoint(), await raw()];
  if (a.total !== b.total || a.ids.join() !== b.ids.join()) {
    throw new Error(`${scenario.name}: endpoint and raw SQL disagree (total ${a.total} vs ${b.total}; ids ${a.ids.join()} vs ${b.ids.join()})`);
  }
  const warmUpUntil = performance.now() + WARM_UP_BUDGET_MS;
  for (let i = 0; i < WARM_UP_PAIRS && performance.now() < warmUpUntil; i++) {
    await endpoint();
    await raw();
  }
  const endpointMs: number[] = [];
  const rawMs: number[] = [];
  const until = performance.now() + SCENARIO_BUDGET_MS;
  for (let i = 0; i < MAX_PAIRS && performance.now() < until; i++) {
    // Alternate which goes first, so neither always runs on a cache the other just warmed.
    if (i % 2 === 0) {
      endpointMs.push(await timed(endpoint));
      rawMs.push(await timed(raw));
    } else {
      rawMs.push(await timed(raw));
      endpointMs.push(await timed(endpoint));
    }
  }
  return { scenario: scenario.name, endpoint: summarise(endpointMs), raw: summarise(rawMs), total: a.total };
}

async function benchKind(kind: DatabaseKind, rows: number): Promise<Measured[]> {
  console.log(`\n== ${kind}: ${rows.toLocaleString('en-US')} experts ==`);
  const server = await step('setup (fresh database, migrate, page tables, seed, fill, ANALYZE, app, login)', () =>
    startBenchServer(kind, (database) => step(`generate ${rows.toLocaleString('en-US')} rows + ANALYZE`, () => fillExperts(database.db, rows))),
  );
  const results: Measured[] = [];
  for (const scenario of scenarios(rows)) {
    const measured = await measure(server, scenario);
    results.push(measured);
    console.log(
      `  ${scenario.name}: endpoint p50 ${ms(measured.endpoint.p50)} ms, raw p50 ${ms(measured.raw.p50)} ms, n=${measured.endpoint.count}, total=${measured.total}`,
    );
  }
  await cleanUp();
  return results;
}

function printTable(kind: DatabaseKind, rows: number, results: readonly Measured[]): void {
  console.log(`\nList endpoint vs raw SQL — ${kind}, ${rows.toLocaleString('en-US')} rows, page size ${PAGE_SIZE}`);
  console.table(
    Object.fromEntries(
      results.map((r) => [
        r.scenario,
        {
          'endpoint p50 ms': ms(r.endpoint.p50),
          'endpoint p99 ms': ms(r.endpoint.p99),
          'raw p50 ms': ms(r.raw.p50),
          'raw p99 ms': ms(r.raw.p99),
          'ratio p50': ratio(r.endpoint.p50, r.raw.p50),
          'endpoint req/s': (r.endpoint.count / (r.endpoint.totalMs / 1000)).toFixed(1),
          n: r.endpoint.count,
          matched: r.total,
        },
      ]),
    ),
  );
}

async function main(): Promise<void> {
  const args = readArgs();
  console.log(`List endpoint benchmark — ${args.rows.toLocaleString('en-US')} rows on ${args.kinds.join(' and ')}, Node ${process.version}`);
  const all: Array<[DatabaseKind, Measured[]]> = [];
  for (const kind of args.kinds) all.push([kind, await benchKind(kind, args.rows)]);
  for (const [kind, results] of all) printTable(kind, args.rows, results);
  console.log('ratio = endpoint p50 / raw SQL p50 (same count + page query, same pool, same process); req/s is serial.');
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
