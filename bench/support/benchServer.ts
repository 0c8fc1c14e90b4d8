import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { loadEntityPages } from '../../server/crud/pages';
import { prepareDatabase } from '../../server/db/prepare';
import { DEMO_PASSWORD } from '../../server/seed';
import { DEFAULT_DATABASE_LIMITS, openPglite, openPostgres, type Database } from '../../server/db/open';
import { startPostgres } from '../../tests/support/postgresServer';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import type { DatabaseKind } from './args';

export const API = '/insurance';

/** Work to undo on the way out, newest first — also on Ctrl-C, so no server or temp folder is left behind. */
const cleanups: Array<() => Promise<void>> = [];

export async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    await step?.().catch((err: unknown) => console.error('cleanup failed:', err));
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** A fresh, empty database of `kind`: PGlite in a temp folder, or a throwaway PostgreSQL server. */
async function freshDatabase(kind: DatabaseKind, existingUrl?: string): Promise<Database> {
  if (existingUrl) {
    if (kind !== 'postgres') throw new Error('--database-url is a PostgreSQL database: use it with --db postgres');
    const database = await openPostgres(existingUrl, 10, { ...DEFAULT_DATABASE_LIMITS, statementTimeoutMs: 3_600_000 });
    cleanups.push(() => database.close());
    return database;
  }
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-bench-pglite-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const database = await openPglite(dir);
    cleanups.push(() => database.close());
    return database;
  }
  const server = await startPostgres();
  cleanups.push(() => server.stop());
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE lossdesk_bench');
  await admin.end();
  // The fills are million-row INSERT … SELECTs: the production statement timeout (60 s) would end them on a busy machine.
  const database = await openPostgres(server.url('lossdesk_bench'), 10, { ...DEFAULT_DATABASE_LIMITS, statementTimeoutMs: 3_600_000 });
  cleanups.push(() => database.close());
  return database;
}

export interface BenchServer {
  kind: DatabaseKind;
  database: Database;
  pages: CompiledPage[];
  app: FastifyInstance;
  /** Headers of the signed-in admin. */
  headers: Record<string, string>;
}

export interface BenchSeed {
  /**
   * Seed the demo firm (its staff, password DEMO_PASSWORD, and reference rows: insurers, customers,
   * areas) without demo cases, as `npm run seed:demo` starts — for benches that sign in as a member
   * of staff and fill the case tables themselves.
   */
  demoStaff?: boolean;
  /**
   * A PostgreSQL database kept between runs (a 1M fill takes minutes): migrated and seeded like a
   * fresh one, left in place at the end; `fill` is skipped when `filled` says it is already done.
   */
  existing?: { url: string; filled: (database: Database) => Promise<boolean> };
}

/**
 * The server as production runs it (demo off, captcha off so a script can sign in) on a fresh
 * database of `kind`: migrated, page tables applied, seeded; `fill` then loads the bench's rows.
 */
export async function startBenchServer(kind: DatabaseKind, fill: (database: Database) => Promise<void>, options: BenchSeed = {}): Promise<BenchServer> {
  const database = await freshDatabase(kind, options.existing?.url);
  const adminPassword = `bench-${crypto.randomBytes(9).toString('base64url')}`;
  const pages = loadEntityPages();
  await prepareDatabase(database.db, {
    pages,
    seed: options.demoStaff ? { demo: true, demoCases: 0 } : { demo: false, adminPassword },
  });
  if (!options.existing || !(await options.existing.filled(database))) await fill(database);
  const config = readConfig({ DEMO: 'off', ADMIN_PASSWORD: adminPassword, CAPTCHA: 'off', WEB_DIR: '', API_BASE: API });
  const app = await buildApp({ config, database, pages });
  cleanups.push(() => app.close());
  const response = await app.inject({ method: 'POST', url: `${API}/sys/login`, payload: { username: 'admin', password: options.demoStaff ? DEMO_PASSWORD : adminPassword } });
  const envelope = response.json() as { success: boolean; message: string; result?: { token: string } };
  if (!envelope.success || !envelope.result) throw new Error(`admin 登录失败: ${envelope.message}`);
  return { kind, database, pages, app, headers: { 'x-access-token': envelope.result.token, 'tenant-id': '0' } };
}

export function expertPage(pages: readonly CompiledPage[]): CompiledPage {
  const page = pages.find((p) => p.entity.table === 'mnt_expert');
  if (!page) throw new Error('schemas/pages has no page over mnt_expert');
  return page;
}

/** Timed steps of the setup, printed as they finish. */
export async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await run();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return value;
}
