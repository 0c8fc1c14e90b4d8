import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { openPglite, openPostgres, type Database } from '../../server/db/open';
import { prepareDatabase } from '../../server/db/prepare';
import { loadEntityPages } from '../../server/crud/pages';
import type { TemplateName } from './database';
import { startPostgres, type PostgresServer } from './postgresServer';
import { tenantExpertPage } from './tenantExpertPage';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDirs: Record<TemplateName, string>;
    postgresAdminUrl: string;
    postgresTemplateDbs: Record<TemplateName, string>;
  }
}

/** The pages each template is prepared with. */
const TEMPLATE_PAGES: Record<TemplateName, () => CompiledPage[]> = {
  demo: () => loadEntityPages(),
  crud: () => [...loadEntityPages(), tenantExpertPage()],
};
const NAMES = Object.keys(TEMPLATE_PAGES) as TemplateName[];

async function prepare(database: Database, name: TemplateName): Promise<void> {
  try {
    await prepareDatabase(database.db, { pages: TEMPLATE_PAGES[name](), seed: { demo: true } });
  } finally {
    await database.close();
  }
}

let server: PostgresServer | undefined;
const pgliteTemplates: string[] = [];

/**
 * Builds each database once per run (migrated and seeded with the demo data), so a test file only
 * copies a template: a fresh PGlite takes seconds to initialise, a PostgreSQL template copy is cheap.
 */
export async function setup(project: TestProject): Promise<void> {
  server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  const postgresDbs = {} as Record<TemplateName, string>;
  const pgliteDirs = {} as Record<TemplateName, string>;
  for (const name of NAMES) {
    postgresDbs[name] = `lossdesk_template_${name}`;
    await admin.query(`CREATE DATABASE ${postgresDbs[name]}`);
    pgliteDirs[name] = fs.mkdtempSync(path.join(os.tmpdir(), `lossdesk-pglite-template-${name}-`));
    pgliteTemplates.push(pgliteDirs[name]);
  }
  await admin.end();
  const running = server;
  await Promise.all(
    NAMES.flatMap((name) => [
      openPostgres(running.url(postgresDbs[name]), 2).then((db) => prepare(db, name)),
      openPglite(pgliteDirs[name]).then((db) => prepare(db, name)),
    ]),
  );
  project.provide('pgliteTemplateDirs', pgliteDirs);
  project.provide('postgresAdminUrl', server.url('postgres'));
  project.provide('postgresTemplateDbs', postgresDbs);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  for (const dir of pgliteTemplates) fs.rmSync(dir, { recursive: true, force: true });
}
