/**
 * Load test: N signed-in users at once (default 200) against the real server over loopback HTTP.
 *
 *   npx tsx bench/users.bench.ts [--seconds 60] [--db pglite|postgres|both] [--nodes 1|2] [--users 200]
 *                                [--baseline-seconds 10] [--log-level info] [--auth-cache-ms N] [--cpu-prof DIR] [--pg-stats]
 *                                [--pg-settings name=value,…] [--pg-socket] [--pool-max N]
 *                                [--node-flags "--max-semi-space-size=64 …"] [--named-statements on|off]
 *                                [--concurrency K|off] [--timeline]
 *
 * For each database: a fresh one (PGlite in a temp folder, or a throwaway PostgreSQL server), then
 * `server/main.ts` as its own process (`--nodes 2`: two processes on the same PostgreSQL, started one
 * after the other), demo data seeded, captcha off. The admin adds the bench users through
 * POST /sys/user/add (half like 张三 — 部门经理, who may add and edit experts —, half like 李四 —
 * 公估师, who reads), and each user signs in. Then every user runs its requests one after the other,
 * without pause, for `--seconds` (after a 3 s warm-up that is not counted): lists with queries,
 * detail reads, dictionaries, the menu, adds and edits (bench/support/userMix.ts), over keep-alive
 * connections, each request to the next node in turn (no sticky sessions). Printed: req/s,
 * p50/p95/p99 per kind and overall, errors; then every acknowledged add is looked up and its last
 * acknowledged edit checked. The baseline, in the same run and at the same concurrency, is the
 * cheapest authenticated request the web app makes (a cached code dictionary: HTTP + the auth guard).
 * CPU per request is printed for the server process(es) and, on PostgreSQL, for the database server
 * (postmaster and backends); `--pg-stats` loads pg_stat_statements and prints the statements that
 * took the database's time during the mix, with calls per request.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres, type PostgresServer } from '../tests/support/postgresServer';
import { ApiClient, eachLimited, type Answer } from './support/httpClient';
import { startServerProcess, type ServerProcess } from './support/serverProcess';
import { ms, percentile } from './support/stats';
import { API, dictPath, nextRequest, REQUEST_KINDS, type BenchUser, type DetailIds, type RequestKind, type Sample } from './support/userMix';
import { benchCleanups } from './support/cleanups';

const GOAL_P99_MS = 250;
const WARM_UP_MS = 3_000;
const PASSWORD = 'Bench#2026pw';

interface Options {
  seconds: number;
  baselineSeconds: number;
  kinds: Array<'pglite' | 'postgres'>;
  nodes: number;
  users: number;
  logLevel: string;
  /** AUTH_CACHE_MS of the servers; unset = the server's default. `0` runs without the auth cache. */
  authCacheMs?: string;
  cpuProfDir?: string;
  /** PostgreSQL: load pg_stat_statements and print the mix's costliest statements. */
  pgStats: boolean;
  /** PostgreSQL: extra server settings, `--pg-settings name=value,…` (e.g. log_statement=all to see each request's statements). */
  pgSettings: Record<string, string>;
  /** PostgreSQL: the servers connect through its Unix socket instead of TCP on 127.0.0.1 (the default). */
  pgSocket: boolean;
  /** DB_POOL_MAX of the servers; unset = the server's default. */
  poolMax?: string;
  /** Extra Node flags of the servers, `--node-flags "--max-semi-space-size=64 …"`. */
  nodeFlags: string[];
  /** DB_NAMED_STATEMENTS of the servers (`--named-statements on|off`); unset = the server's default (on). */
  namedStatements?: string;
  /** API_CONCURRENCY of the servers (`--concurrency K|off`, requests each node runs at once); unset = the server's default. */
  concurrency?: string;
  /** Print req/s and p50/p99 of the requests answered in each 5 s of the mix: a tail from a slow minute or from slow requests? */
  timeline: boolean;
}

function valueOf(argv: readonly string[], name: string): string | undefined {
  const inline = argv.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
}

function intArg(argv: readonly string[], name: string, fallback: number, min: number, max: number): number {
  const text = valueOf(argv, name);
  const value = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer in [${min}, ${max}], got "${text}"`);
  return value;
}

function readOptions(argv: readonly string[] = process.argv.slice(2)): Options {
  const db = valueOf(argv, 'db') ?? 'postgres';
  if (db !== 'pglite' && db !== 'postgres' && db !== 'both') throw new Error(`--db must be pglite, postgres or both, got "${db}"`);
  const nodes = intArg(argv, 'nodes', 1, 1, 4);
  const kinds: Options['kinds'] = db === 'both' ? ['pglite', 'postgres'] : [db];
  // PGlite lives inside one server process and locks its folder: several nodes need PostgreSQL.
  if (nodes > 1 && kinds.includes('pglite')) throw new Error('--nodes > 1 needs --db postgres: the embedded database serves one process');
  const cpuProf = valueOf(argv, 'cpu-prof');
  return {
    seconds: intArg(argv, 'seconds', 60, 5, 600),
    baselineSeconds: intArg(argv, 'baseline-seconds', 10, 3, 120),
    kinds,
    nodes,
    users: intArg(argv, 'users', 200, 4, 1000),
    logLevel: valueOf(argv, 'log-level') ?? 'info',
    authCacheMs: valueOf(argv, 'auth-cache-ms'),
    cpuProfDir: cpuProf ? path.resolve(cpuProf) : undefined,
    pgStats: argv.includes('--pg-stats'),
    pgSocket: argv.includes('--pg-socket'),
    poolMax: valueOf(argv, 'pool-max'),
    namedStatements: valueOf(argv, 'named-statements'),
    concurrency: valueOf(argv, 'concurrency'),
    timeline: argv.includes('--timeline'),
    nodeFlags: (valueOf(argv, 'node-flags') ?? '').split(/\s+/).filter((flag) => flag !== ''),
    pgSettings: Object.fromEntries(
      (valueOf(argv, 'pg-settings') ?? '')
        .split(',')
        .filter((pair) => pair.includes('='))
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    ),
  };
}

const { cleanups, cleanUp } = benchCleanups();

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await run();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return value;
}

interface Nodes {
  nodes: ServerProcess[];
  /** PostgreSQL: the throwaway server and the bench database's URL. */
  postgres?: { server: PostgresServer; url: string };
}

/** The server processes on a fresh database of `kind`. */
async function startNodes(kind: 'pglite' | 'postgres', opts: Options, workDir: string): Promise<Nodes> {
  const env: Record<string, string> = { CAPTCHA: 'off', DEMO: 'on', WEB_DIR: '', API_BASE: API, LOG_LEVEL: opts.logLevel, DATA_DIR: path.join(workDir, 'data') };
  env.LOSSDESK_SECRET_KEY = crypto.randomBytes(32).toString('hex');
  env.FILE_LINK_SECRET = crypto.randomBytes(32).toString('hex');
  if (opts.authCacheMs !== undefined) env.AUTH_CACHE_MS = opts.authCacheMs;
  if (opts.poolMax !== undefined) env.DB_POOL_MAX = opts.poolMax;
  if (opts.namedStatements !== undefined) env.DB_NAMED_STATEMENTS = opts.namedStatements;
  if (opts.concurrency !== undefined) env.API_CONCURRENCY = opts.concurrency;
  let postgres: Nodes['postgres'];
  if (kind === 'postgres') {
    const server = await startPostgres({ ...(opts.pgStats ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } : {}), ...opts.pgSettings });
    cleanups.push(() => server.stop());
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE lossdesk_users');
    await admin.end();
    env.DATABASE_URL = opts.pgSocket ? server.socketUrl('lossdesk_users') : server.url('lossdesk_users');
    postgres = { server, url: server.url('lossdesk_users') };
  }
  const nodes: ServerProcess[] = [];
  for (let n = 0; n < opts.nodes; n++) {
    const nodeFlags = [...opts.nodeFlags, ...(opts.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`] : [])];
    // Each node its own DATA_DIR (uploads, keys are shared by env): only the database is common.
    const node = await startServerProcess({ env: { ...env, DATA_DIR: path.join(workDir, `data-${n}`), ...(kind === 'pglite' ? { DATA_DIR: env.DATA_DIR } : {}) }, logDir: workDir, name: `${kind}-node${n}`, nodeFlags });
    cleanups.push(() => node.stop());
    nodes.push(node);
  }
  return { nodes, postgres };
}

async function signIn(client: ApiClient, username: string, password: string): Promise<Record<string, string>> {
  const answer = await client.call<{ token: string }>('POST', `${API}/sys/login`, {}, { username, password });
  if (!answer.ok || !answer.envelope?.result) throw new Error(`${username} 登录失败: ${answer.error}`);
  return { 'x-access-token': answer.envelope.result.token, 'tenant-id': '0' };
}

interface UserTemplate {
  selectedroles: string;
  selecteddeparts: string;
}

async function templateOf(client: ApiClient, admin: Record<string, string>, username: string): Promise<UserTemplate> {
  const answer = await client.call<{ records: Array<{ username: string; selectedroles: string; selecteddeparts: string }> }>(
    'GET',
    `${API}/sys/user/list?pageNo=1&pageSize=10&username=${username}`,
    admin,
  );
  const record = answer.envelope?.result?.records.find((r) => r.username === username);
  if (!record) throw new Error(`找不到演示用户 ${username}: ${answer.error}`);
  // One department each, so nobody has to choose one after signing in.
  return { selectedroles: record.selectedroles, selecteddeparts: record.selecteddeparts.split(',')[0] };
}

async function createUsers(client: ApiClient, admin: Record<string, string>, count: number): Promise<BenchUser[]> {
  const writer = await templateOf(client, admin, 'zhangsan');
  const reader = await templateOf(client, admin, 'lisi');
  const runTag = crypto.randomBytes(2).toString('hex');
  const users: BenchUser[] = Array.from({ length: count }, (_, index) => ({
    index,
    username: `bench_${runTag}_${String(index).padStart(3, '0')}`,
    role: index % 2 === 0 ? 'writer' : 'reader',
    headers: {},
    added: [],
    unackedMobiles: [],
    sequence: 0,
  }));
  await timed(`add ${count} users (POST /sys/user/add)`, () =>
    eachLimited(users, 4, async (user) => {
      const template = user.role === 'writer' ? writer : reader;
      const body = { username: user.username, realname: `压测${user.index}`, password: PASSWORD, confirmPassword: PASSWORD, ...template };
      const answer = await client.call('POST', `${API}/sys/user/add`, admin, body);
      if (!answer.ok) throw new Error(`添加用户 ${user.username} 失败: ${answer.error}`);
    }),
  );
  await timed(`sign in ${count} users`, () =>
    eachLimited(users, 4, async (user) => {
      user.headers = await signIn(client, user.username, PASSWORD);
    }),
  );
  return users;
}

/** Ids the first user of a role can read, so detail reads ask for rows that exist for them. */
async function detailIdsOf(client: ApiClient, user: BenchUser): Promise<DetailIds> {
  const idsFrom = async (path: string) => {
    const answer = await client.call<{ records: Array<{ id: string }> }>('GET', path, user.headers);
    if (!answer.ok) throw new Error(`${user.username} ${path}: ${answer.error}`);
    return (answer.envelope?.result?.records ?? []).map((r) => r.id);
  };
  return {
    expert: await idsFrom(`${API}/maintenance/expert/list?pageNo=1&pageSize=50`),
    receive: await idsFrom(`${API}/receive/receive/list?pageNo=1&pageSize=50`),
  };
}

/** Fields of /proc/PID/stat after the command name (index 0 = state, 1 = ppid, 11/12 = utime/stime, 13/14 = their waited-for children's). */
function statFieldsOf(pid: number | string): string[] | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSecondsOf(pid: number): number {
  const fields = statFieldsOf(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : Number.NaN;
}

/**
 * CPU seconds of a PostgreSQL server so far: the postmaster with its ended children (backends of
 * closed connections) and its live children (backends, checkpointer, WAL writer, …).
 */
function postgresCpuSeconds(postmasterPid: number | undefined): number {
  if (postmasterPid === undefined) return Number.NaN;
  const own = statFieldsOf(postmasterPid);
  if (!own) return Number.NaN;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFieldsOf(entry);
    if (fields && Number(fields[1]) === postmasterPid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

/** The statements that took PostgreSQL's time (pg_stat_statements, since its last reset). */
async function printStatementStats(url: string, requests: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ calls: string; total: number; mean: number; plan: number; rows: string; query: string }>(
      `SELECT calls, total_exec_time AS total, mean_exec_time AS mean, mean_plan_time AS plan, rows, query FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY total_exec_time + total_plan_time DESC LIMIT 25`,
    );
    const all = await client.query<{ calls: string; total: number; plan: number }>(
      `SELECT sum(calls) AS calls, sum(total_exec_time) AS total, sum(total_plan_time) AS plan FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    const calls = Number(all.rows[0]?.calls ?? 0);
    // Planning is only counted with pg_stat_statements.track_planning=on (--pg-settings).
    const planning = Number(all.rows[0]?.plan ?? 0) > 0 ? `, planning ${(Number(all.rows[0]?.plan) / 1000).toFixed(1)} s` : '';
    console.log(`  statements: ${calls} (${(calls / requests).toFixed(2)} per request), execution ${(Number(all.rows[0]?.total ?? 0) / 1000).toFixed(1)} s${planning}; costliest:`);
    for (const r of rows) {
      const text = r.query.replace(/\s+/g, ' ').slice(0, 150);
      const plan = planning ? ` + plan ${r.plan.toFixed(2)}` : '';
      console.log(`    ${(r.total / 1000).toFixed(2).padStart(7)} s ${String(r.calls).padStart(7)} calls (${(Number(r.calls) / requests).toFixed(2)}/req) mean ${r.mean.toFixed(2)}${plan} ms  ${text}`);
    }
  } finally {
    await client.end();
  }
}

async function resetStatementStats(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
  } finally {
    await client.end();
  }
}

interface RunResult {
  samples: Sample[];
  /** When each counted sample was answered, ms after the count began (same order as samples). */
  answeredAt: number[];
  seconds: number;
  /** Every answer, the warm-up's too. */
  answered: number;
}

/** Every user sends request after request until `seconds` are up; answers after the warm-up count. */
async function runUsers(users: readonly BenchUser[], seconds: number, warmUpMs: number, send: (user: BenchUser) => Promise<Sample>): Promise<RunResult> {
  const samples: Sample[] = [];
  const answeredAt: number[] = [];
  let answered = 0;
  const started = performance.now();
  const countFrom = started + warmUpMs;
  const end = countFrom + seconds * 1000;
  await Promise.all(
    users.map(async (user) => {
      while (performance.now() < end) {
        const sentAt = performance.now();
        const sample = await send(user);
        answered += 1;
        if (sentAt >= countFrom) {
          // Kept without its envelope: the figures need the time and outcome, and a run keeps tens of
          // thousands of samples (answers of 66 kB menus among them) in the load generator's heap.
          const { ms, ok, status, error } = sample.answer;
          samples.push({ kind: sample.kind, answer: { ms, ok, status, error } });
          answeredAt.push(performance.now() - countFrom);
        }
      }
    }),
  );
  return { samples, answeredAt, seconds: (performance.now() - countFrom) / 1000, answered };
}

interface Row {
  label: string;
  count: number;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function rowOf(label: string, answers: readonly Answer[], seconds: number): Row {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    label,
    count: sorted.length,
    rate: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: answers.filter((a) => !a.ok).length,
  };
}

function printRows(rows: readonly Row[]): void {
  console.log(`  ${'kind'.padEnd(26)}${'n'.padStart(8)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}`);
  for (const r of rows) {
    console.log(
      `  ${r.label.padEnd(26)}${String(r.count).padStart(8)}${r.rate.toFixed(1).padStart(9)}${ms(r.p50).padStart(9)}${ms(r.p95).padStart(9)}${ms(r.p99).padStart(9)}${String(r.errors).padStart(8)}`,
    );
  }
}

function printErrors(samples: readonly Sample[]): void {
  const byMessage = new Map<string, number>();
  for (const s of samples) if (!s.answer.ok) byMessage.set(`${s.kind}: ${s.answer.error}`, (byMessage.get(`${s.kind}: ${s.answer.error}`) ?? 0) + 1);
  for (const [message, count] of [...byMessage].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    ${count} × ${message}`);
}

/** req/s and p50/p99 of the requests answered in each 5 s window of the run. */
function printTimeline(run: RunResult): void {
  const windowMs = 5_000;
  const windows: number[][] = [];
  run.answeredAt.forEach((at, i) => {
    const w = Math.floor(at / windowMs);
    (windows[w] ??= []).push(run.samples[i].answer.ms);
  });
  console.log('  timeline (answered in each 5 s): from s, req/s, p50 / p99 ms');
  const cells = windows.map((latencies, w) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    return `${String(w * 5).padStart(3)} s ${(sorted.length / 5).toFixed(0).padStart(5)} ${ms(percentile(sorted, 50)).padStart(5)} / ${ms(percentile(sorted, 99)).padStart(5)}`;
  });
  for (let i = 0; i < cells.length; i += 4) console.log(`    ${cells.slice(i, i + 4).join('   ')}`);
}

interface Verification {
  acknowledged: number;
  missing: number;
  wrongEdit: number;
  edited: number;
}

/** Looks up every acknowledged add (by its unique mobile) and checks it holds its last acknowledged edit. */
async function verifyWrites(client: ApiClient, admin: Record<string, string>, users: readonly BenchUser[]): Promise<Verification> {
  const added = users.flatMap((u) => u.added);
  const result: Verification = { acknowledged: added.length, missing: 0, wrongEdit: 0, edited: added.filter((a) => a.ackedRemark !== '').length };
  await eachLimited(added, 8, async (expert) => {
    const answer = await client.call<{ records: Array<{ contactMobile: string; remark: string | null }> }>(
      'GET',
      `${API}/maintenance/expert/list?pageNo=1&pageSize=10&contactMobile=${expert.mobile}`,
      admin,
    );
    if (!answer.ok) throw new Error(`核对写入失败: ${answer.error}`);
    const row = answer.envelope?.result?.records.find((r) => r.contactMobile === expert.mobile);
    if (!row) {
      result.missing += 1;
      return;
    }
    const remark = row.remark ?? '';
    if (remark !== expert.ackedRemark && !expert.unackedRemarks.includes(remark)) result.wrongEdit += 1;
  });
  return result;
}

async function benchOne(kind: 'pglite' | 'postgres', opts: Options): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-users-'));
  cleanups.push(async () => fs.rmSync(workDir, { recursive: true, force: true }));
  const label = `${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${opts.nodes} node${opts.nodes > 1 ? 's' : ''}, ${opts.users} users`;
  console.log(`\n## ${label}`);
  const { nodes, postgres } = await timed(`start ${opts.nodes} server process(es), migrate, seed demo`, () => startNodes(kind, opts, workDir));
  const postmasterPid = postgres?.server.postmasterPid();
  const client = new ApiClient(
    nodes.map((n) => n.origin),
    opts.users,
  );
  cleanups.push(() => client.close());
  const admin = await signIn(client, 'admin', '123456');
  const users = await createUsers(client, admin, opts.users);
  const ids = {
    writer: await detailIdsOf(client, users.find((u) => u.role === 'writer') ?? users[0]),
    reader: await detailIdsOf(client, users.find((u) => u.role === 'reader') ?? users[0]),
  };
  console.log(`  detail ids: writer ${ids.writer.expert.length} experts / ${ids.writer.receive.length} cases, reader ${ids.reader.expert.length} / ${ids.reader.receive.length}`);

  const serverCpuBeforeBaseline = nodes.reduce((sum, n) => sum + cpuSecondsOf(n.pid), 0);
  const pgCpuBeforeBaseline = postgresCpuSeconds(postmasterPid);
  const baseline = await timed(`baseline: ${opts.users} users × GET getDictItems/sex, ${opts.baselineSeconds} s`, () =>
    runUsers(users, opts.baselineSeconds, WARM_UP_MS, async (user) => {
      const { path: dictUrl, headers } = dictPath('sex');
      return { kind: 'dict', answer: await client.call('GET', dictUrl, { ...user.headers, ...headers }) };
    }),
  );
  const serverCpuBefore = nodes.reduce((sum, n) => sum + cpuSecondsOf(n.pid), 0);
  const pgCpuBefore = postgresCpuSeconds(postmasterPid);
  const baselineServerCpu = serverCpuBefore - serverCpuBeforeBaseline;
  const baselinePgCpu = pgCpuBefore - pgCpuBeforeBaseline;
  if (postgres && opts.pgStats) await resetStatementStats(postgres.url);
  const benchCpuBefore = process.cpuUsage();
  const mix = await timed(`mix: ${opts.users} users, ${opts.seconds} s`, () => runUsers(users, opts.seconds, WARM_UP_MS, (user) => nextRequest(client, user, ids[user.role])));
  const serverCpu = nodes.reduce((sum, n) => sum + cpuSecondsOf(n.pid), 0) - serverCpuBefore;
  const pgCpu = postgresCpuSeconds(postmasterPid) - pgCpuBefore;
  const benchCpuUsage = process.cpuUsage(benchCpuBefore);
  const benchCpu = (benchCpuUsage.user + benchCpuUsage.system) / 1e6;

  const rows: Row[] = REQUEST_KINDS.map((k: RequestKind) => rowOf(k, mix.samples.filter((s) => s.kind === k).map((s) => s.answer), mix.seconds));
  const overall = rowOf('overall', mix.samples.map((s) => s.answer), mix.seconds);
  const base = rowOf('baseline (cached dict)', baseline.samples.map((s) => s.answer), baseline.seconds);
  console.log('');
  printRows([...rows, overall, base]);
  if (overall.errors > 0 || base.errors > 0) printErrors([...mix.samples, ...baseline.samples]);
  if (opts.timeline) printTimeline(mix);
  console.log(`  ratio overall / baseline: p50 ${(overall.p50 / base.p50).toFixed(2)}×, p99 ${(overall.p99 / base.p99).toFixed(2)}×; req/s ${(overall.rate / base.rate).toFixed(2)}×`);

  // CPU per request moves far less with a busy machine than latency does (warm-up included).
  const perRequest = (seconds: number, answered: number) => `${((seconds / answered) * 1000).toFixed(2)} ms per request`;
  console.log(
    `  CPU during the mix (warm-up included): server ${serverCpu.toFixed(1)} s = ${perRequest(serverCpu, mix.answered)} (${mix.answered})` +
      (postgres ? `, PostgreSQL ${pgCpu.toFixed(1)} s = ${perRequest(pgCpu, mix.answered)}` : '') +
      `, load generator ${benchCpu.toFixed(1)} s`,
  );
  console.log(
    `  CPU during the baseline: server ${perRequest(baselineServerCpu, baseline.answered)} (${baseline.answered})` +
      (postgres ? `, PostgreSQL ${perRequest(baselinePgCpu, baseline.answered)}` : ''),
  );
  if (postgres && opts.pgStats) await printStatementStats(postgres.url, mix.answered);
  const checked = await timed('verify acknowledged writes', () => verifyWrites(client, admin, users));
  const unacked = users.reduce((n, u) => n + u.unackedMobiles.length, 0);
  console.log(
    `  writes: ${checked.acknowledged} acknowledged adds (${checked.edited} with an acknowledged edit), ${unacked} unacknowledged; missing ${checked.missing}, wrong edit ${checked.wrongEdit}`,
  );
  const lost = checked.missing + checked.wrongEdit;
  const met = overall.p99 <= GOAL_P99_MS && overall.errors === 0 && lost === 0;
  console.log(`  goal p99 ≤ ${GOAL_P99_MS} ms, 0 errors, nothing lost: ${met ? 'met' : 'NOT met'} (p99 ${ms(overall.p99)} ms, ${overall.errors} errors, ${lost} lost)`);
  console.log(`  load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await cleanUp();
}

async function main(): Promise<void> {
  const opts = readOptions();
  console.log(
    `users bench: ${opts.users} users, ${opts.seconds} s (+${WARM_UP_MS / 1000} s warm-up), ${opts.nodes} node(s), LOG_LEVEL=${opts.logLevel}, AUTH_CACHE_MS=${opts.authCacheMs ?? 'default'}, DB_POOL_MAX=${opts.poolMax ?? 'default'}, DB_NAMED_STATEMENTS=${opts.namedStatements ?? 'default'}, API_CONCURRENCY=${opts.concurrency ?? 'default'}, ${os.cpus().length} cores, Node ${process.version}` +
      (opts.pgSocket ? ', PostgreSQL through its Unix socket' : '') +
      (opts.nodeFlags.length > 0 ? `, server flags ${opts.nodeFlags.join(' ')}` : ''),
  );
  for (const kind of opts.kinds) await benchOne(kind, opts);
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
