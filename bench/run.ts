/**
 * Runs every benchmark, one process each (so one's heap and JIT state do not colour the next),
 * with --expose-gc for steadier memory figures, passing the arguments on to the database benches:
 * `npm run bench -- --rows 100000 --db both`. The grid bench (Chromium) runs with its defaults.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const benches: Array<{ file: string; args: string[] }> = [
  { file: 'listEndpoint.bench.ts', args },
  { file: 'caseLists.bench.ts', args },
  { file: 'importExport.bench.ts', args },
  // Its options are --reps, --keys and --sizes; rows and databases mean nothing to it.
  { file: 'gridView.bench.ts', args: [] },
];

let failed = 0;
for (const bench of benches) {
  console.log(`\n### ${bench.file} ${bench.args.join(' ')}`);
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(here, bench.file), ...bench.args], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
