/**
 * `npm run seed:demo -- --cases 1000000 [--chunk 2000]` fills an EMPTY database with demo cases and
 * everything that belongs to them (server/seed/demo), for benchmarks. The database is the server's:
 * DATABASE_URL for PostgreSQL, otherwise the PGlite folder DATA_DIR (default ./data). Exit code 1
 * with a Chinese message when the database already holds cases or an argument is wrong.
 */
import { readConfig } from '../server/config';
import { loadEntityPages } from '../server/crud/pages';
import { openDatabase } from '../server/db/open';
import { SeedError } from '../server/seed';
import { seedDemoDatabase } from '../server/seed/demo/generator';

const USAGE = '用法：npm run seed:demo -- --cases <案件数量> [--chunk <每批案件数>]（数据库由 DATABASE_URL 或 DATA_DIR 指定）';

function parseArgs(argv: string[]): { cases: number; chunk?: number } {
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(cases|chunk)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new SeedError(`未知参数：${argv[i]}\n${USAGE}`);
    const value = m[2] ?? argv[++i];
    if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1) throw new SeedError(`参数 --${m[1]} 必须是正整数\n${USAGE}`);
    options.set(m[1], value);
  }
  if (!options.has('cases')) throw new SeedError(USAGE);
  const chunk = options.get('chunk');
  return { cases: Number(options.get('cases')), ...(chunk ? { chunk: Number(chunk) } : {}) };
}

async function main(): Promise<number> {
  let args: { cases: number; chunk?: number };
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  }
  const config = readConfig();
  const pages = loadEntityPages();
  // A bulk load runs statements longer than a request may.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, limits: { ...config.databaseLimits, statementTimeoutMs: 0 } });
  const started = Date.now();
  try {
    console.log(`生成 ${args.cases} 个演示案件到 ${database.kind === 'postgres' ? 'PostgreSQL（DATABASE_URL）' : `PGlite（${config.dataDir}）`}`);
    const summary = await seedDemoDatabase(database, pages, {
      cases: args.cases,
      ...(args.chunk ? { chunkSize: args.chunk } : {}),
      log: (line) => console.log(line),
    });
    const rows = Object.entries(summary.rows).map(([table, n]) => `${table} ${n}`).join('，');
    console.log(`完成：${summary.cases} 个案件（${rows}），共用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
    return 0;
  } catch (err) {
    if (err instanceof SeedError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
