import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../../server/db/open';
import { prepareDatabase } from '../../server/db/prepare';
import { loadEntityPages } from '../../server/crud/pages';
import { startPostgres, type PostgresServer } from './postgresServer';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
    postgresAdminUrl: string;
    postgresTemplateDb: string;
  }
}

const TEMPLATE_DB = 'lossdesk_template';

async function prepare(database: Database): Promise<void> {
  try {
    await prepareDatabase(database.db, { pages: loadEntityPages(), seed: { demo: true } });
  } finally {
    await database.close();
  }
}

let server: PostgresServer | undefined;
let pgliteTemplate: string | undefined;

/**
 * Builds each database once per run (migrated and seeded with the demo data), so a test file only
 * copies a template: a fresh PGlite takes seconds to initialise, a PostgreSQL template copy is cheap.
 */
export async function setup(project: TestProject): Promise<void> {
  server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  pgliteTemplate = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-pglite-template-'));
  await Promise.all([
    prepare(await openPostgres(server.url(TEMPLATE_DB), 2)),
    openPglite(pgliteTemplate).then(prepare),
  ]);
  project.provide('pgliteTemplateDir', pgliteTemplate);
  project.provide('postgresAdminUrl', server.url('postgres'));
  project.provide('postgresTemplateDb', TEMPLATE_DB);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (pgliteTemplate) fs.rmSync(pgliteTemplate, { recursive: true, force: true });
}
