/**
 * 首页 benchmark: GET /insurance/dashboard/analysis (server/dashboard — every figure of 首页 through
 * the lists' query translation, data rules, views and tenant) over N generated cases, as admin (no
 * data rule) and as lisi (公估师: the seeded SCOPE rule adjusterCases), beside the same figures
 * hand-written as SQL on the same pool, run one after another as the endpoint runs them.
 *
 *   npx tsx bench/dashboard.bench.ts [--rows 1000000] [--db postgres|pglite|both] [--pairs 20] [--budget-s 40]
 *                                    [--users admin,lisi] [--adjusters 60] [--database-url postgres://…]
 *
 * For each database: a fresh one, migrated, page tables applied (with the dashboard's indexes),
 * seeded with the demo firm's staff and reference rows, --adjusters more 公估师, then N cases and
 * their members by bench/support/cases.ts over the three years up to today (so this month and this
 * year hold cases), and set-based the rest 首页 counts: a 受理 progress entry for every case past
 * 新建 and a 通过 entry (to 已结案) for every closed one, one cost per handled case in every approval
 * state, one invoice per invoiced case; VACUUM ANALYZE. Before timing, the bench checks that the
 * endpoint's figures equal the hand-written ones. Then endpoint and raw run alternately (a noisy
 * neighbour hurts both alike) until --pairs pairs or --budget-s seconds; p50/p99 per user.
 * --database-url: a PostgreSQL database of your own, filled on the first run and only migrated on the
 * next ones (the 1M fill takes minutes), so a change can be measured before and after on the same rows.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DashboardAnswer } from '../runtime/dashboard/figures';
import { beijingToday, lastMonths, monthPeriod, yearPeriod } from '../runtime/dashboard/periods';
import type { DB } from '../server/db/types';
import { DEMO_PASSWORD } from '../server/seed';
import { DASHBOARD_READS, ReadLimit } from '../server/dashboard/concurrency';
import { option, readArgs, type DatabaseKind } from './support/args';
import { API, cleanUp, startBenchServer, step, type BenchServer } from './support/benchServer';
import { addAdjusters, fillCases } from './support/cases';
import { ms, ratio, summarise, timed } from './support/stats';

const GOAL_MS: Record<DatabaseKind, number> = { postgres: 50, pglite: 100 };
const TENANT = 0;

interface Options {
  rows: number;
  kinds: DatabaseKind[];
  pairs: number;
  budgetMs: number;
  users: string[];
  adjusters: number;
  /** A PostgreSQL database kept between runs: filled on the first run, reused (and migrated) after. */
  databaseUrl: string | undefined;
}

function readOptions(): Options {
  const { rows, kinds } = readArgs(process.argv.slice(2), { rows: 1_000_000 });
  const pairs = Number(option('pairs') ?? 20);
  const budgetMs = Number(option('budget-s') ?? 40) * 1000;
  const adjusters = Number(option('adjusters') ?? 60);
  if (!Number.isInteger(pairs) || pairs < 1) throw new Error('--pairs must be a whole number ≥ 1');
  if (!(budgetMs > 0)) throw new Error('--budget-s must be > 0');
  const users = (option('users') ?? 'admin,lisi').split(',').filter(Boolean);
  return { rows, kinds, pairs, budgetMs, users, adjusters, databaseUrl: option('database-url') };
}

/** The day after today (Beijing): cases come in over the three years before it. */
function tomorrow(): string {
  const d = new Date(`${beijingToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const hash = (k: number) => sql`((hashint8(substr(r.id, 2)::bigint * 32 + ${k})::bigint & 2147483647)::float8 / 2147483648)`;

/** Progress entries, costs and invoices of the generated cases, in the shape the demo gives them. */
async function fillCaseHistory(db: Kysely<DB>): Promise<void> {
  await step('progress: 受理', () => sql`
    INSERT INTO biz_receive_progress (id, receive_id, receive_number, receive_name, action, from_status, to_status, content, progress_time, create_by, create_time, tenant_id)
    SELECT 'a' || substr(r.id, 2), r.id, r.receive_number, r.receive_name, '受理', 'new', 'handle', '新建 → 处理中',
           least(r.create_time + interval '1 day', now()), r.handler, least(r.create_time + interval '1 day', now()), ${TENANT}
    FROM biz_receive r WHERE r.receive_status <> 'new'`.execute(db));
  await step('progress: 通过', () => sql`
    INSERT INTO biz_receive_progress (id, receive_id, receive_number, receive_name, action, from_status, to_status, content, progress_time, create_by, create_time, tenant_id)
    SELECT 'z' || substr(r.id, 2), r.id, r.receive_number, r.receive_name, '通过', 'approve', 'over', '结案审批 → 已结案', t.at, 'admin', t.at, ${TENANT}
    FROM biz_receive r CROSS JOIN LATERAL (SELECT least(r.create_time + (10 + floor(${hash(21)} * 80)::int) * interval '1 day', now()) AS at) t
    WHERE r.receive_status IN ('over', 'wait_receipt', 'receipted', 'old')`.execute(db));
  await step('costs', () => sql`
    INSERT INTO biz_case_cost (id, receive_id, receive_number, receive_name, cost_category, currency, amount, occur_date, cost_status, paid_amount, create_by, create_time, tenant_id)
    SELECT 'k' || substr(r.id, 2), r.id, r.receive_number, r.receive_name, CASE WHEN ${hash(22)} < 0.7 THEN 'expert' ELSE 'outsource' END, 'CNY',
           (500 + floor(${hash(23)} * 200) * 100)::numeric, r.trust_date,
           CASE WHEN ${hash(24)} < 0.08 THEN 'submitted' WHEN ${hash(24)} < 0.18 THEN 'draft' WHEN ${hash(24)} < 0.25 THEN 'rejected'
                WHEN ${hash(24)} < 0.55 THEN 'approved' ELSE 'paid' END,
           0, r.handler, r.create_time, ${TENANT}
    FROM biz_receive r WHERE r.receive_status <> 'new'`.execute(db));
  await step('invoices', () => sql`
    INSERT INTO biz_receipt (id, number, receipt_type, open_date, currency_type, amount, red_flag, receive_number, receive_name, ref_amount, wait_amount, red_status, create_by, create_time, tenant_id)
    SELECT 'i' || substr(r.id, 2), 'FP' || substr(r.id, 3), '1', least(r.trust_date + 60, current_date), 'CNY', r.invoiced_amount, '0',
           r.receive_number, r.receive_name, r.invoiced_amount, 0, '0', 'wangwu', r.create_time, ${TENANT}
    FROM biz_receive r WHERE r.invoiced_amount > 0`.execute(db));
}

/** A signed-in user and the hand-written form of their data rule on biz_receive (undefined: admin). */
interface Viewer {
  username: string;
  headers: Record<string, string>;
  scope: ((t: string) => RawBuilder<SqlBool>) | undefined;
  /** The permission codes that decide which figures 首页 shows the user. */
  codes: ReadonlySet<string>;
}

async function signIn(server: BenchServer, username: string): Promise<Viewer> {
  const { db } = server.database;
  const response = await server.app.inject({ method: 'POST', url: `${API}/sys/login`, payload: { username, password: DEMO_PASSWORD } });
  const envelope = response.json() as { success: boolean; message: string; result?: { token: string } };
  if (!envelope.success || !envelope.result) throw new Error(`${username} 登录失败: ${envelope.message}`);
  const user = await db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  const rules = await sql<{ rule_value: string }>`
    SELECT DISTINCT dr.rule_value FROM sys_user_role ur JOIN sys_role_permission rp ON rp.role_id = ur.role_id
    JOIN sys_permission_data_rule dr ON dr.permission_id = rp.permission_id AND position(dr.id IN coalesce(rp.data_rule_ids, '')) > 0
    JOIN sys_permission p ON p.id = rp.permission_id
    WHERE ur.user_id = ${user.id} AND dr.status = '1' AND p.component LIKE 'schema/receive/receive%'`.execute(db);
  const names = rules.rows.map((r) => r.rule_value);
  if (names.some((n) => n !== 'adjusterCases')) throw new Error(`压测只会手写命名范围 adjusterCases，${username} 的规则是 ${names.join(',')}`);
  const scope =
    names.length === 0
      ? undefined
      : (t: string) => sql<SqlBool>`(${sql.ref(`${t}.create_by`)} = ${username}
          OR ${sql.ref(`${t}.depart_id`)} IN (SELECT dep_id FROM sys_user_depart WHERE user_id = ${user.id})
          OR ${sql.ref(`${t}.handler`)} = ${username}
          OR ${username} = ANY (string_to_array(${sql.ref(`${t}.assistants`)}, ','))
          OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = ${sql.ref(`${t}.id`)} AND m.tenant_id = ${TENANT} AND m.user_name = ${username}))`;
  const codes = await sql<{ perms: string }>`
    SELECT DISTINCT p.perms FROM sys_user_role ur JOIN sys_role_permission rp ON rp.role_id = ur.role_id JOIN sys_permission p ON p.id = rp.permission_id
    WHERE ur.user_id = ${user.id} AND p.perms IN ('receive:approve', 'caseCost:approve', 'caseCost:list', 'receipt:list', 'receiveProgress:list')`.execute(db);
  return { username, headers: { 'x-access-token': envelope.result.token, 'tenant-id': String(TENANT) }, scope, codes: new Set(codes.rows.map((r) => r.perms)) };
}

type Figures = Record<string, number>;

/**
 * 首页's figures by hand: the same aggregates, at most DASHBOARD_READS at a time on the same pool, as
 * the endpoint runs them.
 */
async function rawFigures(db: Kysely<DB>, v: Viewer): Promise<Figures> {
  const today = beijingToday();
  const month = monthPeriod(today);
  const year = yearPeriod(today);
  const months = lastMonths(today);
  const limit = new ReadLimit(DASHBOARD_READS);
  const ok = (t: string) => (v.scope ? v.scope(t) : sql<SqlBool>`TRUE`);
  const owned = (column: string) =>
    v.scope ? sql<SqlBool>`${sql.ref(column)} IN (SELECT r.id FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND ${ok('r')})` : sql<SqlBool>`TRUE`;
  const out: Figures = {};
  const tasks: Promise<void>[] = [];
  const one = (key: string, query: RawBuilder<{ n: string }>) =>
    tasks.push(limit.run(async () => {
      out[key] = Number((await query.execute(db)).rows[0].n);
    }));
  const grouped = (prefix: string, query: RawBuilder<{ k: string; n: string }>, keep: (k: string) => boolean = () => true, top = Infinity) =>
    tasks.push(limit.run(async () => {
      for (const row of (await query.execute(db)).rows.filter((r) => keep(r.k)).slice(0, top)) out[`${prefix}.${row.k}`] = Number(row.n);
    }));
  const opened = (b: string, e: string) =>
    sql<{ n: string }>`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND r.trust_date >= ${b}::date AND r.trust_date <= ${e}::date AND ${ok('r')}`;
  const closed = (b: string, e: string) => sql<{ n: string }>`SELECT count(*) AS n FROM biz_receive_progress p WHERE p.tenant_id = ${TENANT} AND p.to_status = 'over'
    AND p.progress_time >= ${b}::timestamp AND p.progress_time <= ${`${e} 23:59:59`}::timestamp AND ${owned('p.receive_id')}`;
  const mine = sql<SqlBool>`(r.handler = ${v.username} OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = r.id AND m.tenant_id = ${TENANT} AND m.user_name = ${v.username}))`;
  one('monthOpened', opened(month.begin, month.end));
  one('yearOpened', opened(year.begin, year.end));
  if (v.codes.has('receiveProgress:list')) {
    one('monthClosed', closed(month.begin, month.end));
    one('yearClosed', closed(year.begin, year.end));
  }
  if (v.codes.has('receipt:list')) {
    one('yearInvoiced', sql`SELECT count(*) AS n FROM biz_receipt WHERE tenant_id = ${TENANT} AND open_date >= ${year.begin}::date AND open_date <= ${year.end}::date`);
  }
  one('toInvoice', sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND r.receive_status = 'wait_receipt'
    AND COALESCE(r.invoiced_amount, 0) < COALESCE(r.fee_amount, 0) AND ${ok('r')}`);
  if (v.codes.has('caseCost:list') && v.codes.has('caseCost:approve')) {
    one('costsToApprove', sql`SELECT count(*) AS n FROM biz_case_cost c WHERE c.tenant_id = ${TENANT} AND c.cost_status = 'submitted' AND ${owned('c.receive_id')}`);
  }
  if (v.codes.has('receive:approve')) {
    one('casesToApprove', sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND r.receive_status = 'approve' AND ${ok('r')}`);
  }
  one('myCases', sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND ${ok('r')} AND ${mine}`);
  one('myHandling', sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND r.receive_status = 'handle' AND ${ok('r')} AND ${mine}`);
  one('myCooperating', sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND ${ok('r')} AND ${v.username} = ANY (string_to_array(r.assistants, ','))`);
  for (const state of ['new', 'handle', 'approve', 'over', 'wait_receipt', 'receipted']) {
    one(`state.${state}`, sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND r.receive_status = ${state} AND ${ok('r')}`);
  }
  const span = { begin: months[0].begin, end: months[months.length - 1].end };
  grouped('opened', sql`SELECT to_char(r.trust_date, 'YYYY-MM') AS k, count(*) AS n FROM biz_receive r
    WHERE r.tenant_id = ${TENANT} AND r.trust_date >= ${span.begin}::date AND r.trust_date <= ${span.end}::date AND ${ok('r')} GROUP BY 1`);
  if (v.codes.has('receiveProgress:list')) {
    grouped('closed', sql`SELECT to_char(p.progress_time, 'YYYY-MM') AS k, count(*) AS n FROM biz_receive_progress p
      WHERE p.tenant_id = ${TENANT} AND p.to_status = 'over' AND p.progress_time >= ${span.begin}::timestamp
      AND p.progress_time <= ${`${span.end} 23:59:59`}::timestamp AND ${owned('p.receive_id')} GROUP BY 1`);
  }
  grouped('insurer', sql`SELECT r.insurer_code AS k, count(*) AS n FROM biz_receive r
    WHERE r.tenant_id = ${TENANT} AND r.trust_date >= ${year.begin}::date AND r.trust_date <= ${year.end}::date AND r.insurer_code IS NOT NULL AND ${ok('r')}
    GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5`);
  grouped(
    'area',
    sql`SELECT left(r.area_code, 2) AS k, count(*) AS n FROM biz_receive r
      WHERE r.tenant_id = ${TENANT} AND r.trust_date >= ${year.begin}::date AND r.trust_date <= ${year.end}::date AND r.area_code IS NOT NULL AND ${ok('r')}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 6`,
    (k) => /^\d{2}$/.test(k),
    5,
  );
  await Promise.all(tasks);
  return out;
}

/** The endpoint's figures in the same shape (counts; months without rows left out as the raw query leaves them). */
function endpointFigures(answer: DashboardAnswer): Figures {
  const out: Figures = {};
  for (const f of [...answer.cards, ...answer.states, ...answer.insurers, ...answer.areas]) out[f.key] = f.count;
  for (const m of answer.trend) {
    if (m.opened.count > 0) out[`opened.${m.month}`] = m.opened.count;
    if (m.closed && m.closed.count > 0) out[`closed.${m.month}`] = m.closed.count;
  }
  return out;
}

async function callEndpoint(server: BenchServer, v: Viewer): Promise<DashboardAnswer> {
  const response = await server.app.inject({ method: 'GET', url: `${API}/dashboard/analysis`, headers: v.headers });
  const envelope = response.json() as { success: boolean; message: string; result: DashboardAnswer };
  if (!envelope.success) throw new Error(`${v.username}: ${envelope.message}`);
  return envelope.result;
}

function sameFigures(a: Figures, b: Figures): string | undefined {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const diff = keys.filter((k) => a[k] !== b[k]).map((k) => `${k}: 接口 ${a[k]} / 手写 ${b[k]}`);
  return diff.length > 0 ? diff.join('; ') : undefined;
}

async function benchKind(kind: DatabaseKind, options: Options): Promise<void> {
  console.log(`\n== ${kind}: ${options.rows.toLocaleString('en')} cases ==`);
  const server = await step('database, seed, cases and their history', () =>
    startBenchServer(
      kind,
      async (database) => {
        const { db } = database;
        await step('adjusters', () => addAdjusters(db, options.adjusters));
        await step('cases and members', () => fillCases(db, options.rows, (line) => console.log(`    ${line}`), tomorrow()));
        await fillCaseHistory(db);
        await step('VACUUM ANALYZE', () => sql`VACUUM ANALYZE`.execute(db));
      },
      {
        demoStaff: true,
        existing: options.databaseUrl
          ? {
              url: options.databaseUrl,
              filled: async ({ db }) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM biz_receive`.execute(db)).rows[0].n) > 0,
            }
          : undefined,
      },
    ),
  );
  const { db } = server.database;
  const counts = await sql<{ t: string; n: string }>`
    SELECT 'cases' AS t, count(*) AS n FROM biz_receive UNION ALL SELECT 'progress', count(*) FROM biz_receive_progress
    UNION ALL SELECT 'costs', count(*) FROM biz_case_cost UNION ALL SELECT 'invoices', count(*) FROM biz_receipt`.execute(db);
  console.log(`  rows: ${counts.rows.map((r) => `${r.t} ${Number(r.n).toLocaleString('en')}`).join(', ')}`);

  console.log('\n| user | endpoint p50 / p99 ms | raw SQL p50 / p99 ms | ratio p50 | n | figures | goal p99 ≤ ' + GOAL_MS[kind] + ' ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const username of options.users) {
    const viewer = await signIn(server, username);
    const answer = await callEndpoint(server, viewer);
    const mismatch = sameFigures(endpointFigures(answer), await rawFigures(db, viewer));
    if (mismatch) throw new Error(`${username}: 接口与手写 SQL 的数字不同：${mismatch}`);
    for (let i = 0; i < 2; i += 1) {
      await callEndpoint(server, viewer);
      await rawFigures(db, viewer);
    }
    const endpoint: number[] = [];
    const raw: number[] = [];
    const started = performance.now();
    while (endpoint.length < options.pairs && performance.now() - started < options.budgetMs) {
      endpoint.push(await timed(() => callEndpoint(server, viewer)));
      raw.push(await timed(() => rawFigures(db, viewer)));
    }
    const e = summarise(endpoint);
    const r = summarise(raw);
    const yearOpened = answer.cards.find((f) => f.key === 'yearOpened')?.count ?? 0;
    console.log(
      `| ${username} | ${ms(e.p50)} / ${ms(e.p99)} | ${ms(r.p50)} / ${ms(r.p99)} | ${ratio(e.p50, r.p50)} | ${e.count} | 本年新收 ${yearOpened.toLocaleString('en')}, ${Object.keys(endpointFigures(answer)).length} figures equal | ${e.p99 <= GOAL_MS[kind] ? 'met' : 'NOT met'} |`,
    );
  }
}

async function main(): Promise<void> {
  const options = readOptions();
  try {
    for (const kind of options.kinds) await benchKind(kind, options);
  } finally {
    await cleanUp();
  }
}

main().catch(async (err: unknown) => {
  console.error(err);
  await cleanUp();
  process.exit(1);
});
