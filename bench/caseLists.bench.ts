/**
 * Case list benchmark: the menus of 案件管理 — GET /insurance/receive/receive/list, without a view
 * (全部案件) and with each view of schemas/pages/receive/receive.json (`view=handle` 在办案件, new,
 * over, personal, old, waitReceipt, approve, cooperate) — over N generated cases, as admin (no data
 * rule) and as lisi (公估师: the seeded 数据规则 SCOPE adjusterCases — his department's cases, those he
 * registered, handles, assists or is a member of — and only the views his role's menus open),
 * beside the same queries hand-written as SQL on the same pool.
 *
 *   npx tsx bench/caseLists.bench.ts [--rows 100000] [--db pglite|postgres|both]
 *                                    [--pairs 30] [--budget-s 4] [--users admin,lisi] [--views all,handle,…]
 *                                    [--adjusters 60] [--pg-jit on|off] [--database-url postgres://…] [--samples]
 *
 * For each database: a fresh one, migrated, page tables applied, seeded with the demo firm's staff
 * and reference rows but no cases, --adjusters more 公估师 in the claim departments (a firm of a
 * million cases has more than three: lisi then handles one case in 63 and his department a third),
 * then N cases and their members by bench/support/cases.ts (set-based), VACUUM ANALYZE. Scenarios per user and view (page size 10): the first page; the
 * dictionary filter 委托方 insurerCode (the most frequent insurer); a like on 案件名称; a like on
 * 案件编号 (8 characters of a case number the view shows: one hit); a deep page (the middle of the
 * view), reached by the `nextCursor` continuation when the list answer offers one (keyset), else
 * by `pageNo` alone (OFFSET). The baseline is the same count and page as SQL written by hand
 * (the data rule and view conditions spelled out, bound parameters, same ORDER BY create_time DESC,
 * id DESC); before timing, each scenario checks both give the same total and the same ids. A list
 * answer carrying `totalExact` counts at most LIST_COUNT_LIMIT rows: the baseline then counts the
 * same way. Each scenario warms up, then runs endpoint and raw alternately until --pairs pairs or
 * --budget-s seconds.
 * --database-url: a PostgreSQL database of your own, filled on the first run and only migrated on the
 * next ones (the 1M fill takes minutes), so a change can be measured before and after on the same rows.
 * --samples: for each scenario over the goal, print its samples in the order taken — endpoint (with the
 * Node GC pause inside it) beside the raw SQL of the same pair — to tell a spike of the machine (both
 * slow at once), of Node's GC, or of the first request, from a slow case of the endpoint.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../server/db/open';
import { DEMO_PASSWORD } from '../server/seed';
import { option, readArgs, type DatabaseKind } from './support/args';
import { API, cleanUp, startBenchServer, step, type BenchServer } from './support/benchServer';
import { addAdjusters, fillCases } from './support/cases';
import { ms, ratio, summarise, timed, type Latencies } from './support/stats';

const PAGE_SIZE = 10;
const WARM_UP_PAIRS = 2;
/** The count bound of the list contract (server/crud/query/limits.ts LIST_COUNT_LIMIT once it exists). */
const COUNT_LIMIT = 10_000;
const LIST_URL = `${API}/receive/receive/list`;
/** Four characters a user types to find fire cases in a warehouse (≈ 6% of the cases). */
const NAME_TERM = '仓库火灾';
const GOAL_MS: Record<DatabaseKind, number> = { postgres: 50, pglite: 100 };

interface Options {
  rows: number;
  kinds: DatabaseKind[];
  pairs: number;
  budgetMs: number;
  users: string[];
  views: string[] | undefined;
  adjusters: number;
  /** PostgreSQL's JIT compiler for the bench server: its default (on), or off. */
  pgJit: 'on' | 'off';
  /** A PostgreSQL database kept between runs (filled once), instead of a throwaway server. */
  databaseUrl: string | undefined;
  /** Print the samples of scenarios over the goal, in order. */
  samples: boolean;
}

/** Milliseconds of Node GC pauses so far (read before and after a request). */
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });


function readOptions(): Options {
  const { rows, kinds } = readArgs();
  const pairs = Number(option('pairs') ?? 30);
  const budgetMs = Number(option('budget-s') ?? 4) * 1000;
  if (!Number.isInteger(pairs) || pairs < 1) throw new Error('--pairs must be a whole number ≥ 1');
  if (!(budgetMs > 0)) throw new Error('--budget-s must be > 0');
  const users = (option('users') ?? 'admin,lisi').split(',').filter(Boolean);
  const views = option('views')?.split(',').filter(Boolean);
  const adjusters = Number(option('adjusters') ?? 60);
  if (!Number.isInteger(adjusters) || adjusters < 0) throw new Error('--adjusters must be a whole number ≥ 0');
  const pgJit = option('pg-jit') ?? 'on';
  if (pgJit !== 'on' && pgJit !== 'off') throw new Error('--pg-jit must be on or off');
  return { rows, kinds, pairs, budgetMs, users, views, adjusters, pgJit, databaseUrl: option('database-url'), samples: process.argv.includes('--samples') };
}

/** A signed-in user and who they are to the hand-written SQL. */
interface Viewer {
  username: string;
  userId: string;
  headers: Record<string, string>;
  /** The hand-written form of the user's data rule on biz_receive, or undefined (no rule: admin). */
  rule: RawBuilder<SqlBool> | undefined;
  /** Views (keys, '' = 全部案件 without a view) the user's menus open. */
  views: string[];
}

const inMembers = (username: string) =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM biz_receive_member AS rc1
                       WHERE rc1.receive_id = biz_receive.id AND rc1.tenant_id = 0 AND rc1.user_name = ${username})`;

/** The views of receive.json by hand (a view the bench does not know stops it: the baseline must stay the same query). */
const VIEW_SQL: Record<string, (v: Viewer) => RawBuilder<SqlBool>> = {
  handle: () => sql<SqlBool>`biz_receive.receive_status = ${'handle'}`,
  new: () => sql<SqlBool>`biz_receive.receive_status = ${'new'}`,
  over: () => sql<SqlBool>`biz_receive.receive_status IN (${'over'}, ${'wait_receipt'}, ${'receipted'})`,
  personal: (v) => sql<SqlBool>`(biz_receive.handler = ${v.username} OR ${inMembers(v.username)})`,
  old: () => sql<SqlBool>`biz_receive.receive_status = ${'old'}`,
  waitReceipt: () =>
    sql<SqlBool>`biz_receive.receive_status = ${'wait_receipt'} AND COALESCE(biz_receive.invoiced_amount, 0) < COALESCE(biz_receive.fee_amount, 0)`,
  approve: () => sql<SqlBool>`biz_receive.receive_status = ${'approve'}`,
  cooperate: (v) => sql<SqlBool>`${v.username} = ANY (string_to_array(biz_receive.assistants, ','))`,
};

/** The seeded scopes by hand (schemas/pages/receive/receive.json entity.scopes), by the name a rule gives. */
function scopeSql(name: string, v: Viewer): RawBuilder<SqlBool> {
  if (name !== 'adjusterCases') throw new Error(`压测只会手写命名范围 adjusterCases，用户 ${v.username} 的规则是 ${name}`);
  return sql<SqlBool>`(biz_receive.create_by = ${v.username}
    OR biz_receive.depart_id IN (SELECT ud.dep_id FROM sys_user_depart ud WHERE ud.user_id = ${v.userId})
    OR biz_receive.handler = ${v.username}
    OR ${v.username} = ANY (string_to_array(biz_receive.assistants, ','))
    OR ${inMembers(v.username)})`;
}

async function signIn(server: BenchServer, username: string): Promise<Viewer> {
  const { db } = server.database;
  const response = await server.app.inject({ method: 'POST', url: `${API}/sys/login`, payload: { username, password: DEMO_PASSWORD } });
  const envelope = response.json() as { success: boolean; message: string; result?: { token: string } };
  if (!envelope.success || !envelope.result) throw new Error(`${username} 登录失败: ${envelope.message}`);
  const user = await db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  // The menu items of the case page this user's roles hold: schema/receive/receive and schema/receive/receive/<view>.
  const menus = await sql<{ component: string }>`
    SELECT DISTINCT p.component FROM sys_user_role ur
    JOIN sys_role_permission rp ON rp.role_id = ur.role_id
    JOIN sys_permission p ON p.id = rp.permission_id
    WHERE ur.user_id = ${user.id} AND p.del_flag = 0
      AND (p.component = 'schema/receive/receive' OR p.component LIKE 'schema/receive/receive/%')`.execute(db);
  // Menu items of the page that are not its views (the statistics reports: 区域统计 …) are not lists.
  const views = menus.rows
    .map((m) => m.component.slice('schema/receive/receive'.length).replace(/^\//, ''))
    .filter((key) => key === '' || server.pages.some((p) => p.entity.table === 'biz_receive' && p.views.some((v) => v.key === key)))
    .sort();
  // The enabled SCOPE rules given to the user's roles on those menu items.
  const rules = await sql<{ rule_value: string }>`
    SELECT DISTINCT r.rule_value FROM sys_user_role ur
    JOIN sys_role_permission rp ON rp.role_id = ur.role_id
    JOIN sys_permission p ON p.id = rp.permission_id
    JOIN sys_permission_data_rule r ON r.permission_id = p.id AND r.status = '1'
      AND (',' || rp.data_rule_ids || ',') LIKE ('%,' || r.id || ',%')
    WHERE ur.user_id = ${user.id} AND (p.component = 'schema/receive/receive' OR p.component LIKE 'schema/receive/receive/%')`.execute(db);
  const viewer: Viewer = { username, userId: user.id, headers: { 'x-access-token': envelope.result.token, 'tenant-id': '0' }, rule: undefined, views };
  if (rules.rows.length > 1) throw new Error(`压测只手写一条数据规则，用户 ${username} 有 ${rules.rows.length} 条`);
  if (rules.rows.length === 1) viewer.rule = scopeSql(rules.rows[0].rule_value, viewer);
  return viewer;
}

interface Scenario {
  label: string;
  query: Record<string, string>;
  where: RawBuilder<SqlBool>;
  /** OFFSET rows for the raw page, or the key of the row before it (keyset). */
  offset: number;
  after?: { createTime: string; id: string };
}

interface ListAnswer {
  ids: string[];
  total: number;
  totalExact?: boolean;
  nextCursor?: string;
  /** create_time and id of the page's last row, for the raw keyset. */
  lastKey?: { createTime: string; id: string };
}

async function viaEndpoint(server: BenchServer, viewer: Viewer, query: Record<string, string>): Promise<ListAnswer> {
  const response = await server.app.inject({ method: 'GET', url: LIST_URL, query, headers: viewer.headers });
  const envelope = response.json() as {
    success: boolean;
    message: string;
    result?: { records: Array<{ id: string; createTime: string }>; total: number; totalExact?: boolean; nextCursor?: string };
  };
  if (response.statusCode !== 200 || !envelope.success || !envelope.result) {
    throw new Error(`${viewer.username} ${JSON.stringify(query)}: HTTP ${response.statusCode} ${envelope.message}`);
  }
  const { records, total, totalExact, nextCursor } = envelope.result;
  const last = records.at(-1);
  return { ids: records.map((r) => r.id), total, totalExact, nextCursor, lastKey: last ? { createTime: last.createTime, id: last.id } : undefined };
}

/** The visible rows of the tenant, the user's rule and the view, ANDed, plus an optional filter. */
function whereOf(viewer: Viewer, viewKey: string, filter?: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`biz_receive.tenant_id = 0`];
  if (viewer.rule) parts.push(viewer.rule);
  if (viewKey !== '') {
    const view = VIEW_SQL[viewKey];
    if (!view) throw new Error(`压测不认识案件视图 ${viewKey}：请在 VIEW_SQL 里手写它的条件`);
    parts.push(view(viewer));
  }
  if (filter) parts.push(filter);
  return sql<SqlBool>`${sql.join(parts.map((p) => sql`(${p})`), sql` AND `)}`;
}

async function rawCount(database: Database, where: RawBuilder<SqlBool>, bounded: boolean): Promise<number> {
  const counted = bounded
    ? await sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT 1 FROM biz_receive WHERE ${where} LIMIT ${COUNT_LIMIT + 1}) AS t`.execute(database.db)
    : await sql<{ n: string }>`SELECT count(*) AS n FROM biz_receive WHERE ${where}`.execute(database.db);
  return Number(counted.rows[0].n);
}

async function viaRawSql(database: Database, scenario: Scenario, bounded: boolean): Promise<ListAnswer> {
  const total = await rawCount(database, scenario.where, bounded);
  const page = scenario.after
    ? await sql<{ id: string }>`
        SELECT * FROM biz_receive WHERE ${scenario.where}
          AND (biz_receive.create_time, biz_receive.id) < (${scenario.after.createTime}::timestamp, ${scenario.after.id})
        ORDER BY create_time DESC, id DESC LIMIT ${PAGE_SIZE}`.execute(database.db)
    : await sql<{ id: string }>`
        SELECT * FROM biz_receive WHERE ${scenario.where} ORDER BY create_time DESC, id DESC LIMIT ${PAGE_SIZE} OFFSET ${scenario.offset}`.execute(database.db);
  return { ids: page.rows.map((r) => r.id), total };
}


interface Measured {
  user: string;
  view: string;
  scenario: string;
  how: 'offset' | 'cursor' | '';
  endpoint: Latencies;
  raw: Latencies;
  matched: number;
  /** Each pair in the order taken: endpoint ms, Node GC ms during it, raw ms. */
  pairs: Array<{ endpoint: number; gc: number; raw: number }>;
}

/** The endpoint and raw answers must be the same page of the same rows (a bounded count: beyond the bound alike). */
function sameAnswer(a: ListAnswer, b: ListAnswer, bounded: boolean, offset: number): boolean {
  if (a.ids.join() !== b.ids.join()) return false;
  if (!bounded || a.totalExact !== false) return a.total === b.total;
  return b.total > COUNT_LIMIT && a.total >= offset + a.ids.length;
}

async function measure(server: BenchServer, viewer: Viewer, scenario: Scenario, opts: Options, bounded: boolean): Promise<Measured> {
  const endpoint = () => viaEndpoint(server, viewer, scenario.query);
  const raw = () => viaRawSql(server.database, scenario, bounded);
  const [a, b] = [await endpoint(), await raw()];
  if (!sameAnswer(a, b, bounded, scenario.offset)) {
    throw new Error(`${viewer.username} ${scenario.label}: endpoint and raw SQL disagree (total ${a.total} vs ${b.total}; ids ${a.ids.join()} vs ${b.ids.join()})`);
  }
  for (let i = 0; i < WARM_UP_PAIRS; i++) {
    await endpoint();
    await raw();
  }
  const endpointMs: number[] = [];
  const rawMs: number[] = [];
  const gcDuring: number[] = [];
  const timedEndpoint = async () => {
    const gcBefore = gcMs;
    endpointMs.push(await timed(endpoint));
    gcDuring.push(gcMs - gcBefore);
  };
  const until = performance.now() + opts.budgetMs;
  for (let i = 0; i < opts.pairs && performance.now() < until; i++) {
    // Alternate which goes first, so neither always runs on a cache the other just warmed.
    if (i % 2 === 0) {
      await timedEndpoint();
      rawMs.push(await timed(raw));
    } else {
      rawMs.push(await timed(raw));
      await timedEndpoint();
    }
  }
  const [viewKey, label] = scenario.label.split(' · ');
  return {
    user: viewer.username,
    view: viewKey,
    scenario: label,
    how: scenario.after ? 'cursor' : label.startsWith('deep') ? 'offset' : '',
    endpoint: summarise(endpointMs),
    raw: summarise(rawMs),
    matched: b.total,
    pairs: endpointMs.map((e, i) => ({ endpoint: e, gc: gcDuring[i], raw: rawMs[i] })),
  };
}

const VIEW_TITLES: Record<string, string> = {
  '': '全部案件',
  handle: '在办案件',
  new: '新建案件',
  over: '已结案件',
  personal: '我的案件',
  old: '历史案件',
  waitReceipt: '待开票案件',
  approve: '结案审批',
  cooperate: '协办案件',
};

/** The five scenarios of one user's view; the deep page and the number search read the view's rows first. */
async function scenariosOf(server: BenchServer, viewer: Viewer, viewKey: string, insurer: string): Promise<Scenario[]> {
  const db = server.database.db;
  const title = VIEW_TITLES[viewKey] ?? viewKey;
  const base: Record<string, string> = { pageNo: '1', pageSize: String(PAGE_SIZE), ...(viewKey ? { view: viewKey } : {}) };
  const where = whereOf(viewer, viewKey);
  const total = await rawCount(server.database, where, false);
  const middle = await sql<{ receive_number: string }>`
    SELECT receive_number FROM biz_receive WHERE ${where} ORDER BY create_time DESC, id DESC LIMIT 1 OFFSET ${Math.floor(total / 2)}`.execute(db);
  const list: Scenario[] = [
    { label: `${title} · first page`, query: base, where, offset: 0 },
    {
      label: `${title} · dict insurerCode=${insurer}`,
      query: { ...base, insurerCode: insurer },
      where: whereOf(viewer, viewKey, sql<SqlBool>`biz_receive.insurer_code = ${insurer}`),
      offset: 0,
    },
    {
      label: `${title} · like receiveName *${NAME_TERM}*`,
      query: { ...base, receiveName: `*${NAME_TERM}*` },
      where: whereOf(viewer, viewKey, sql<SqlBool>`biz_receive.receive_name LIKE ${`%${NAME_TERM}%`} ESCAPE '\\'`),
      offset: 0,
    },
  ];
  // 8 characters of a number the view shows (year's last two digits and the sequence): the case a user looks for.
  const fragment = middle.rows[0]?.receive_number.slice(4) ?? '99999999';
  list.push({
    label: `${title} · like receiveNumber *${fragment}*`,
    query: { ...base, receiveNumber: `*${fragment}*` },
    where: whereOf(viewer, viewKey, sql<SqlBool>`biz_receive.receive_number LIKE ${`%${fragment}%`} ESCAPE '\\'`),
    offset: 0,
  });
  const pages = Math.ceil(total / PAGE_SIZE);
  if (pages >= 3) {
    const pageNo = Math.max(2, Math.floor(pages / 2));
    // The page before, as the user came to it: its answer may carry the continuation to this one.
    const before = await viaEndpoint(server, viewer, { ...base, pageNo: String(pageNo - 1) });
    const deep = `deep page ${pageNo} of ${pages}`;
    if (before.nextCursor && before.lastKey) {
      list.push({
        label: `${title} · ${deep}`,
        query: { ...base, pageNo: String(pageNo), cursor: before.nextCursor },
        where,
        offset: (pageNo - 1) * PAGE_SIZE,
        after: before.lastKey,
      });
    } else {
      list.push({ label: `${title} · ${deep}`, query: { ...base, pageNo: String(pageNo) }, where, offset: (pageNo - 1) * PAGE_SIZE });
    }
  }
  return list;
}

async function benchKind(kind: DatabaseKind, opts: Options): Promise<Measured[]> {
  console.log(`\n== ${kind}: ${opts.rows.toLocaleString('en-US')} cases ==`);
  const server = await step('setup (fresh database, migrate, page tables, demo staff, fill, VACUUM ANALYZE, app, login)', () =>
    startBenchServer(
      kind,
      (database) =>
        step(`fill ${opts.rows.toLocaleString('en-US')} cases + members + VACUUM ANALYZE`, async () => {
          await addAdjusters(database.db, opts.adjusters);
          const filled = await fillCases(database.db, opts.rows, (line) => console.log(`    ${line}`));
          console.log(`    ${filled.cases.toLocaleString('en-US')} cases, ${filled.members.toLocaleString('en-US')} members, ${filled.handlers.length} handlers`);
        }),
      {
        demoStaff: true,
        existing: opts.databaseUrl
          ? {
              url: opts.databaseUrl,
              filled: async ({ db }) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM biz_receive`.execute(db)).rows[0].n) > 0,
            }
          : undefined,
      },
    ),
  );
  if (kind === 'postgres' && opts.pgJit === 'off') {
    // The data rule's OR with child-row subqueries costs enough in the planner's eyes to be JIT-compiled
    // on every request (hundreds of ms); --pg-jit off shows the queries without it.
    await sql`ALTER SYSTEM SET jit = off`.execute(server.database.db);
    await sql`SELECT pg_reload_conf()`.execute(server.database.db);
    // Backends read the reloaded file between statements, a moment after the signal.
    for (let i = 0; i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await sql<{ jit: string }>`SELECT current_setting('jit') AS jit`.execute(server.database.db);
      if (now.rows[0].jit === 'off') break;
    }
  }
  const jit = kind === 'postgres' ? (await sql<{ jit: string }>`SELECT current_setting('jit') AS jit`.execute(server.database.db)).rows[0].jit : 'n/a';
  console.log(`  jit: ${jit}`);
  const { rows } = await sql<{ code: string }>`
    SELECT insurer_code AS code FROM biz_receive GROUP BY insurer_code ORDER BY count(*) DESC, insurer_code LIMIT 1`.execute(server.database.db);
  const insurer = rows[0]?.code ?? 'PICC';
  const results: Measured[] = [];
  let bounded: boolean | undefined;
  for (const username of opts.users) {
    const viewer = await signIn(server, username);
    console.log(`  ${username}: rule ${viewer.rule ? 'adjusterCases (SCOPE)' : 'none'}, views ${viewer.views.map((v) => VIEW_TITLES[v] ?? v).join(' ')}`);
    for (const viewKey of viewer.views) {
      if (opts.views && !opts.views.includes(viewKey === '' ? 'all' : viewKey)) continue;
      const scenarios = await scenariosOf(server, viewer, viewKey, insurer);
      if (bounded === undefined) bounded = (await viaEndpoint(server, viewer, scenarios[0].query)).totalExact !== undefined;
      for (const scenario of scenarios) {
        const m = await measure(server, viewer, scenario, opts, bounded);
        results.push(m);
        console.log(
          `  ${username} ${scenario.label}: endpoint p50 ${ms(m.endpoint.p50)} p99 ${ms(m.endpoint.p99)} ms, raw p50 ${ms(m.raw.p50)} ms, n=${m.endpoint.count}, matched ${m.matched}${m.how ? ` (${m.how})` : ''}`,
        );
        if (opts.samples && m.endpoint.p99 > GOAL_MS[kind]) {
          console.log(`    samples (endpoint ms [Node GC ms] / raw ms, in order): ${m.pairs.map((p) => `${ms(p.endpoint)} [${ms(p.gc)}] / ${ms(p.raw)}`).join(', ')}`);
        }
      }
    }
  }
  console.log(`  count: ${bounded ? `bounded at ${COUNT_LIMIT.toLocaleString('en-US')} (the answer carries totalExact)` : 'exact (count(*) of every match)'}`);
  await cleanUp();
  return results;
}

function printTable(kind: DatabaseKind, opts: Options, results: readonly Measured[]): void {
  const goal = GOAL_MS[kind];
  console.log(`\nCase lists vs raw SQL — ${kind}, ${opts.rows.toLocaleString('en-US')} cases, page size ${PAGE_SIZE}\n`);
  console.log('| user | view | scenario | endpoint p50 / p99 ms | raw p50 / p99 ms | ratio p50 | n | matched |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.user} | ${r.view} | ${r.scenario}${r.how ? ` (${r.how})` : ''} | ${ms(r.endpoint.p50)} / ${ms(r.endpoint.p99)} | ${ms(r.raw.p50)} / ${ms(r.raw.p99)} | ${ratio(r.endpoint.p50, r.raw.p50)} | ${r.endpoint.count} | ${r.matched.toLocaleString('en-US')} |`,
    );
  }
  const over = results.filter((r) => r.endpoint.p99 > goal);
  const worst = results.reduce<Measured | undefined>((w, r) => (!w || r.endpoint.p99 > w.endpoint.p99 ? r : w), undefined);
  console.log(
    `\ngoal p99 ≤ ${goal} ms (${kind}): ${over.length === 0 ? 'met' : 'NOT met'} — ${results.length - over.length} of ${results.length} scenarios within` +
      (worst ? `; worst ${ms(worst.endpoint.p99)} ms (${worst.user} · ${worst.view} · ${worst.scenario})` : ''),
  );
}

async function main(): Promise<void> {
  const opts = readOptions();
  console.log(
    `Case list benchmark — ${opts.rows.toLocaleString('en-US')} cases on ${opts.kinds.join(' and ')}, users ${opts.users.join(', ')}, ` +
      `≤ ${opts.pairs} pairs or ${opts.budgetMs / 1000} s a scenario, Node ${process.version}`,
  );
  const all: Array<[DatabaseKind, Measured[]]> = [];
  for (const kind of opts.kinds) all.push([kind, await benchKind(kind, opts)]);
  for (const [kind, results] of all) printTable(kind, opts, results);
  console.log('\nratio = endpoint p50 / raw SQL p50 (same count + page, same pool, same process); n = measured pairs.');
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
