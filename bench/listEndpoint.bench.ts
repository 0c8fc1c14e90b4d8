/**
 * List endpoint benchmark: GET /insurance/maintenance/expert/list (the generic list of an entity
 * page) over N generated experts, beside the same query run as raw SQL in the same process.
 *
 *   npx tsx bench/listEndpoint.bench.ts [--rows 100000] [--db pglite|postgres|both]
 *
 * For each database: a fresh one (PGlite in a temp folder, or a throwaway PostgreSQL server),
 * migrated, page tables applied, seeded without demo data, then N experts from generate_series and
 * VACUUM ANALYZE (as autovacuum leaves a table after a bulk insert). The table's indexes are the ones production derives from the page document
 * (server/crud/ddl/listIndexes.ts, applied by applyEntityTables in prepareDatabase), none made here.
 * Requests go through app.inject (the whole Fastify path: auth guard, permission check, query
 * translation, page + bounded count, dictionary texts, JSON) without network noise. The baseline is
 * the same SQL written by hand (parameters bound): the page read one row long (LIMIT size + 1,
 * OFFSET or the keyset condition), then — unless that page is the last — `count(*)` over at most
 * LIST_COUNT_LIMIT + 1 matching rows, on the same pool. Each scenario warms up, then runs endpoint
 * and raw alternately (so a noisy neighbour hurts both alike) until 200 pairs or 30 s; req/s is
 * serial, one request at a time. The goal line covers every scenario except the OFFSET deep page,
 * which is there to show what continuation saves.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { LIST_COUNT_LIMIT } from '../server/crud/query';
import type { Database } from '../server/db/open';
import { readArgs, type DatabaseKind } from './support/args';
import { API, cleanUp, expertPage, startBenchServer, step, type BenchServer } from './support/benchServer';
import { fillExpertsThenIndex } from './support/experts';
import { loadEntityPages } from '../server/crud/pages';
import { ms, ratio, summarise, timed, type Latencies } from './support/stats';

const PAGE_SIZE = 10;
const MAX_PAIRS = 200;
const SCENARIO_BUDGET_MS = 30_000;
const WARM_UP_PAIRS = 5;
const WARM_UP_BUDGET_MS = 5_000;
const GOAL_P99_MS = { postgres: 50, pglite: 100 } as const;
/** The expert page is tenant-scoped: every list query has this condition first. */
const TENANT = sql<SqlBool>`tenant_id = ${0}`;

interface Scenario {
  name: string;
  /** The list request's query string, as the web app sends it. */
  query: Record<string, string>;
  /** The same filter, sort and page as raw SQL. */
  where: RawBuilder<SqlBool> | undefined;
  order: RawBuilder<unknown>;
  offset: number;
  /** Read the page by keyset continuation: the cursor (and its key, for the raw SQL) of the page before. */
  continuation?: { cursor: string; after: RawBuilder<SqlBool> };
  /** Left out of the goal (shown for comparison). */
  comparison?: boolean;
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
      // Under 3 characters the endpoint matches an expression, so no trigram index is read, and asks
      // the GIN index over the name's characters first (conditions.ts, listIndexes.ts).
      where: sql<SqlBool>`(string_to_array(expert_name, NULL) @> ARRAY[CAST(${'王'} AS text)] AND (expert_name || '') LIKE ${'%王%'} ESCAPE '\\')`,
      order: byCreateTimeDesc,
      offset: 0,
    },
    {
      // The same request; its raw SQL is the LIKE alone, as the endpoint sent it before the index
      // over the characters: the "raw" column is the before, in the same run.
      name: "like expertName '*王*', raw = LIKE alone (before)",
      query: { ...page1, expertName: '*王*' },
      where: sql<SqlBool>`(expert_name || '') LIKE ${'%王%'} ESCAPE '\\'`,
      order: byCreateTimeDesc,
      offset: 0,
      comparison: true,
    },
    {
      // A name no row holds. Its raw SQL is the page first, as the endpoint read it before searches
      // were counted first (store.ts): PostgreSQL walks the whole sort index looking for a page.
      name: "like expertName '*鑫*' (no row), raw = page first (before)",
      query: { ...page1, expertName: '*鑫*' },
      where: sql<SqlBool>`(string_to_array(expert_name, NULL) @> ARRAY[CAST(${'鑫'} AS text)] AND (expert_name || '') LIKE ${'%鑫%'} ESCAPE '\\')`,
      order: byCreateTimeDesc,
      offset: 0,
    },
    {
      // A dozen mobiles of a million: the page is read from the matches, not by the sort index.
      name: "like contactMobile '*00012345*' (a few rows), raw = page first (before)",
      query: { ...page1, contactMobile: '*00012345*' },
      where: sql<SqlBool>`contact_mobile LIKE ${'%00012345%'} ESCAPE '\\'`,
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
      name: `deep page ${deepPage} by continuation (cursor)`,
      query: { pageNo: String(deepPage), pageSize: String(PAGE_SIZE) },
      where: undefined,
      order: byCreateTimeDesc,
      offset: (deepPage - 1) * PAGE_SIZE,
      // Filled in by withContinuation once the page before has been read.
      continuation: { cursor: '', after: sql<SqlBool>`false` },
    },
    {
      name: `deep page ${deepPage} by OFFSET (comparison)`,
      query: { pageNo: String(deepPage), pageSize: String(PAGE_SIZE) },
      where: undefined,
      order: byCreateTimeDesc,
      offset: (deepPage - 1) * PAGE_SIZE,
      comparison: true,
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
  totalExact: boolean;
  nextCursor?: string;
}

interface ListAnswer {
  records: Array<{ id: string }>;
  total: number;
  totalExact: boolean;
  nextCursor?: string;
}

async function request(server: BenchServer, name: string, query: Record<string, string>): Promise<ListResult> {
  const response = await server.app.inject({ method: 'GET', url: `${API}/maintenance/expert/list`, query, headers: server.headers });
  const envelope = response.json() as { success: boolean; message: string; result?: ListAnswer };
  if (response.statusCode !== 200 || !envelope.success || !envelope.result) {
    throw new Error(`${name}: HTTP ${response.statusCode} ${envelope.message}`);
  }
  const { records, total, totalExact, nextCursor } = envelope.result;
  return { ids: records.map((r) => r.id), total, totalExact, ...(nextCursor ? { nextCursor } : {}) };
}

function viaEndpoint(server: BenchServer, scenario: Scenario): Promise<ListResult> {
  const query = scenario.continuation ? { ...scenario.query, cursor: scenario.continuation.cursor } : scenario.query;
  return request(server, scenario.name, query);
}

/**
 * The continuation scenario's cursor: the page before is read once (by OFFSET) and its nextCursor
 * kept; the raw SQL gets the same key as its keyset condition (create_time, id of that page's last row).
 */
async function withContinuation(server: BenchServer, scenario: Scenario): Promise<Scenario> {
  if (!scenario.continuation) return scenario;
  const before = { ...scenario.query, pageNo: String(Number(scenario.query.pageNo) - 1) };
  const previous = await request(server, `${scenario.name} (page before)`, before);
  const lastId = previous.ids.at(-1);
  if (!previous.nextCursor || !lastId) throw new Error(`${scenario.name}: the page before has no nextCursor`);
  const { rows } = await sql<{ t: string }>`SELECT CAST(create_time AS text) AS t FROM mnt_expert WHERE id = ${lastId}`.execute(server.database.db);
  const t = rows[0].t;
  const after = sql<SqlBool>`(create_time <= ${t} AND (create_time < ${t} OR (create_time = ${t} AND id < ${lastId})))`;
  return { ...scenario, continuation: { cursor: previous.nextCursor, after } };
}

/** The endpoint's SQL by hand: the page one row long, then the bounded count unless it is the last page. */
async function viaRawSql(database: Database, scenario: Scenario): Promise<ListResult> {
  const conditions = [TENANT, ...(scenario.where ? [scenario.where] : []), ...(scenario.continuation ? [scenario.continuation.after] : [])];
  const filter = sql<SqlBool>`${sql.join([TENANT, ...(scenario.where ? [scenario.where] : [])], sql` AND `)}`;
  const skip = scenario.continuation ? sql`` : sql`OFFSET ${scenario.offset}`;
  const page = await sql<{ id: string }>`
    SELECT * FROM mnt_expert WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${scenario.order} LIMIT ${PAGE_SIZE + 1} ${skip}`.execute(database.db);
  const shown = page.rows.slice(0, PAGE_SIZE);
  const ids = shown.map((r) => r.id);
  const hasNext = page.rows.length > PAGE_SIZE;
  if (!hasNext && (shown.length > 0 || scenario.offset === 0)) return { ids, total: scenario.offset + shown.length, totalExact: true };
  const counted = await sql<{ total: string | number }>`
    SELECT count(*) AS total FROM (SELECT 1 FROM mnt_expert WHERE ${filter} LIMIT ${LIST_COUNT_LIMIT + 1}) AS matched`.execute(database.db);
  const total = Number(counted.rows[0].total);
  if (total <= LIST_COUNT_LIMIT) return { ids, total, totalExact: true };
  return { ids, total: hasNext ? Math.max(LIST_COUNT_LIMIT + 1, scenario.offset + PAGE_SIZE + 1) : LIST_COUNT_LIMIT + 1, totalExact: false };
}


interface Measured {
  scenario: string;
  endpoint: Latencies;
  raw: Latencies;
  total: number;
  totalExact: boolean;
  comparison: boolean;
}

async function measure(server: BenchServer, scenario: Scenario): Promise<Measured> {
  const endpoint = () => viaEndpoint(server, scenario);
  const raw = () => viaRawSql(server.database, scenario);
  // The baseline must be the very same query: same total, same rows in the same order.
  const [a, b] = [await endpoint(), await raw()];
  if (a.total !== b.total || a.totalExact !== b.totalExact || a.ids.join() !== b.ids.join()) {
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
  return {
    scenario: scenario.name,
    endpoint: summarise(endpointMs),
    raw: summarise(rawMs),
    total: a.total,
    totalExact: a.totalExact,
    comparison: scenario.comparison === true,
  };
}

async function benchKind(kind: DatabaseKind, rows: number): Promise<Measured[]> {
  console.log(`\n== ${kind}: ${rows.toLocaleString('en-US')} experts ==`);
  const server = await step('setup (fresh database, migrate, page tables, seed, fill, ANALYZE, app, login)', () =>
    startBenchServer(kind, (database) =>
      step(`generate ${rows.toLocaleString('en-US')} rows, build the page's list indexes (applyEntityTables), ANALYZE`, async () => {
        const seconds = await fillExpertsThenIndex(database.db, expertPage(loadEntityPages()), rows);
        console.log(`  list indexes built CONCURRENTLY on the filled table: ${seconds.toFixed(1)} s`);
      }),
    ),
  );
  const results: Measured[] = [];
  const deep = scenarios(rows);
  const offsetPage = deep.find((s) => s.comparison && s.offset > 0);
  const continued = deep.find((s) => s.continuation);
  // Continuation and OFFSET must show the very same rows.
  if (offsetPage && continued) {
    const [a, b] = [await viaEndpoint(server, offsetPage), await viaEndpoint(server, await withContinuation(server, continued))];
    if (a.ids.join() !== b.ids.join()) throw new Error(`deep page: OFFSET and continuation disagree (${a.ids.join()} vs ${b.ids.join()})`);
  }
  for (const planned of deep) {
    const scenario = await withContinuation(server, planned);
    const measured = await measure(server, scenario);
    results.push(measured);
    console.log(
      `  ${scenario.name}: endpoint p50 ${ms(measured.endpoint.p50)} / p99 ${ms(measured.endpoint.p99)} ms, raw p50 ${ms(measured.raw.p50)} ms, n=${measured.endpoint.count}, total=${measured.total}${measured.totalExact ? '' : '+'}`,
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
          total: `${r.total}${r.totalExact ? '' : ' (超过)'}`,
        },
      ]),
    ),
  );
  const goal = GOAL_P99_MS[kind];
  const counted = results.filter((r) => !r.comparison);
  const worst = counted.reduce((a, b) => (b.endpoint.p99 > a.endpoint.p99 ? b : a));
  const met = counted.every((r) => r.endpoint.p99 <= goal);
  console.log(`goal p99 ≤ ${goal} ms (${kind}, ${counted.length} scenarios): ${met ? 'met' : 'NOT met'} — worst ${worst.scenario} p99 ${ms(worst.endpoint.p99)} ms`);
}

async function main(): Promise<void> {
  const args = readArgs();
  console.log(`List endpoint benchmark — ${args.rows.toLocaleString('en-US')} rows on ${args.kinds.join(' and ')}, Node ${process.version}`);
  const all: Array<[DatabaseKind, Measured[]]> = [];
  for (const kind of args.kinds) all.push([kind, await benchKind(kind, args.rows)]);
  for (const [kind, results] of all) printTable(kind, args.rows, results);
  console.log('ratio = endpoint p50 / raw SQL p50 (same page + bounded count SQL, same pool, same process); req/s is serial.');
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
