import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database, type DatabaseLimits } from '../../server/db/open';

export type DatabaseKind = 'pglite' | 'postgres';
/** Server integration tests run against both databases the product supports. */
export const DATABASE_KINDS: DatabaseKind[] = ['pglite', 'postgres'];

/** How a test opens its copy: the server's limits, and (PostgreSQL) the pool's size, 5 by default. */
export interface TestDatabaseOptions {
  limits?: DatabaseLimits;
  maxConnections?: number;
  /**
   * Which template to copy: `demo` (the shipped pages, the default) or `crud` (the shipped pages and
   * tenantExpertPage.ts, as the crud tests' startCrudApp serves them).
   */
  template?: TemplateName;
}

export type TemplateName = 'demo' | 'crud';

/** A private copy of the migrated, demo-seeded database; `close()` throws the copy away. */
export async function openTestDatabase(kind: DatabaseKind, opts: TestDatabaseOptions = {}): Promise<Database> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-pglite-test-'));
    fs.cpSync(inject('pgliteTemplateDirs')[opts.template ?? 'demo'], dir, { recursive: true });
    fs.rmSync(path.join(dir, 'lossdesk.lock'), { force: true });
    const database = await openPglite(dir, opts.limits);
    return {
      ...database,
      async close() {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const copy = await createPostgresDatabase('t', inject('postgresTemplateDbs')[opts.template ?? 'demo']);
  const database = await openPostgres(copy.url, opts.maxConnections ?? 5, opts.limits);
  return {
    ...database,
    async close() {
      await database.close();
      await copy.drop();
    },
  };
}

/**
 * A new database on the test PostgreSQL server (a copy of `template`, or empty without one), with its
 * URL and a `drop()` that removes it whoever is still connected.
 */
export async function createPostgresDatabase(prefix: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
        break;
      } catch (err) {
        // Two workers copying the template at the same moment: PostgreSQL asks one to wait.
        if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
