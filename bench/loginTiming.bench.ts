/**
 * Sign-in timing: does a refused sign-in take as long for an unknown username as for a known one
 * with a wrong password? (issue 19: a failed sign-in never tells whether the account exists, in
 * message or in timing; server/auth/password.ts verifyAgainstNobody.)
 *
 *   npx tsx bench/loginTiming.bench.ts [--pairs 100] [--db pglite|postgres|both]  (default both)
 *
 * POST /insurance/sys/login through app.inject on a fresh database (captcha off), alternating a
 * known user with a wrong password and an unknown username, each from its own address. The sign-in
 * counters (sys_auth_throttle) are emptied before every request, outside the timing, so every
 * request goes through the password check instead of meeting a lock. Figures side by side: p50,
 * p99, mean, the ratio unknown / known and the median of the per-pair difference (steadier on a
 * shared machine); both answers are checked to be 用户名或密码错误.
 */
import { hashPassword } from '../server/auth/password';
import { option } from './support/args';
import { API, cleanUp, startBenchServer } from './support/benchServer';
import { ms, ratio, summarise, timed } from './support/stats';

const WARM_UP_PAIRS = 5;
const db = option('db', 'both');
if (db !== 'pglite' && db !== 'postgres' && db !== 'both') throw new Error(`--db must be pglite, postgres or both, got "${db}"`);
const kinds: ReadonlyArray<'pglite' | 'postgres'> = db === 'both' ? ['pglite', 'postgres'] : [db];
const pairs = Number(option('pairs', '100'));

async function bench(kind: 'pglite' | 'postgres') {
  const server = await startBenchServer(kind, async (database) => {
    await database.db
      .insertInto('sys_user')
      .values({ id: 'timingknownuser0000000000000001', username: 'timing_known', realname: '计时用户', password: await hashPassword('Right#2026x'), status: 1, del_flag: 0 })
      .execute();
  });
  let address = 0;
  async function attempt(username: string): Promise<number> {
    await server.database.db.deleteFrom('sys_auth_throttle').execute();
    address += 1;
    const remoteAddress = `10.9.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
    let message = '';
    const elapsed = await timed(async () => {
      const response = await server.app.inject({ method: 'POST', url: `${API}/sys/login`, payload: { username, password: 'Wrong#2026x' }, remoteAddress });
      message = (response.json() as { message: string }).message;
    });
    if (message !== '用户名或密码错误') throw new Error(`${username}: 意外的回答 ${message}`);
    return elapsed;
  }
  const known: number[] = [];
  const unknown: number[] = [];
  // unknown − known within each pair: steadier than the two distributions on a busy machine.
  const differences: number[] = [];
  for (let i = 0; i < WARM_UP_PAIRS + pairs; i++) {
    // Alternate which goes first, so neither always follows the other.
    const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    const pair: Record<'known' | 'unknown', number> = { known: 0, unknown: 0 };
    for (const which of order) pair[which] = await attempt(which === 'known' ? 'timing_known' : `nobody_${i}`);
    if (i < WARM_UP_PAIRS) continue;
    known.push(pair.known);
    unknown.push(pair.unknown);
    differences.push(pair.unknown - pair.known);
  }
  const k = summarise(known);
  const u = summarise(unknown);
  const mean = (s: { totalMs: number; count: number }) => s.totalMs / s.count;
  console.log(`\n${kind}: ${pairs} pairs, ms`);
  console.log(`  ${'case'.padEnd(28)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'mean'.padStart(8)}`);
  console.log(`  ${'known user, wrong password'.padEnd(28)} ${ms(k.p50).padStart(8)} ${ms(k.p99).padStart(8)} ${ms(mean(k)).padStart(8)}`);
  console.log(`  ${'unknown user'.padEnd(28)} ${ms(u.p50).padStart(8)} ${ms(u.p99).padStart(8)} ${ms(mean(u)).padStart(8)}`);
  console.log(`  unknown / known: p50 ${ratio(u.p50, k.p50)}, mean ${ratio(mean(u), mean(k))}`);
  const d = [...differences].sort((a, b) => a - b);
  console.log(`  per pair, unknown − known: median ${ms(d[Math.floor(d.length / 2)])} ms`);
}

try {
  for (const kind of kinds) await bench(kind);
} finally {
  await cleanUp();
}
