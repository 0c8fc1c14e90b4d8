import { sql } from 'kysely';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { isServedByModule } from '../../crud/servedPages';
import type { Database } from '../../db/open';
import { prepareDatabase } from '../../db/prepare';
import { assertNoCases, generateDemo, type DemoSummary } from './index';

export interface GeneratorOptions {
  cases: number;
  chunkSize?: number;
  /** A line of progress now and then (every `reportEvery` cases and at the end). */
  log?: (line: string) => void;
  reportEvery?: number;
}

/**
 * `npm run seed:demo`: brings an empty database (PGlite or PostgreSQL) to what the server needs —
 * migrations, entity tables, the organisation, users and dictionaries of the demo — and writes
 * `cases` demo cases in chunks, each committed on its own, printing the rate. A database that holds
 * cases already is refused before anything is written.
 */
export async function seedDemoDatabase(database: Database, pages: readonly CompiledPage[], opts: GeneratorOptions): Promise<DemoSummary> {
  const { db } = database;
  const { rows } = await sql<{ t: string | null }>`SELECT to_regclass('biz_receive')::text AS t`.execute(db);
  if (rows[0].t !== null) await assertNoCases(db);
  await prepareDatabase(db, { pages, seed: { demo: true, demoCases: 0 } });
  const started = Date.now();
  const every = opts.reportEvery ?? 50_000;
  let reported = 0;
  const summary = await generateDemo(
    db,
    pages.filter((page) => !isServedByModule(page)),
    {
      cases: opts.cases,
      ...(opts.chunkSize ? { chunkSize: opts.chunkSize } : {}),
      onProgress: (done, total) => {
        if (done - reported < every && done < total) return;
        reported = done;
        const seconds = (Date.now() - started) / 1000;
        opts.log?.(`已生成 ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} 个案件，用时 ${seconds.toFixed(1)} 秒，每秒 ${Math.round(done / Math.max(seconds, 0.001)).toLocaleString('en-US')} 个`);
      },
    },
  );
  // Fresh statistics, so the first queries of a benchmark plan with the real row counts.
  await sql`ANALYZE`.execute(db);
  return summary;
}
