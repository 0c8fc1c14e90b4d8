/**
 * Runs every benchmark, one process each (so one's heap and JIT state do not colour the next),
 * with --expose-gc for steadier memory figures, passing the arguments on:
 * `npm run bench -- --rows 100000 --db both`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = ['listEndpoint.bench.ts', 'importExport.bench.ts'];
const args = process.argv.slice(2);

let failed = 0;
for (const bench of benches) {
  console.log(`\n### ${bench} ${args.join(' ')}`);
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(here, bench), ...args], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
