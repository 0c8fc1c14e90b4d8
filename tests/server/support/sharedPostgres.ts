import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../../../server/db/open';

export interface SharedPostgres {
  /** Independent connections (pools) to one private copy of the demo database, one per API node. */
  databases: Database[];
  close(): Promise<void>;
}

/**
 * Opens `nodes` Database objects on the same PostgreSQL database, as several API nodes behind a load
 * balancer would: the copy is made like tests/support/database.ts does and dropped on close.
 */
export async function openSharedPostgres(nodes: number): Promise<SharedPostgres> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateDb')}`);
        break;
      } catch (err) {
        // Another worker is copying the template at the same moment: PostgreSQL asks us to wait.
        if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const databases: Database[] = [];
  const close = async () => {
    await Promise.all(databases.map((d) => d.close()));
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
  try {
    for (let i = 0; i < nodes; i++) databases.push(await openPostgres(url, 3));
  } catch (err) {
    await close();
    throw err;
  }
  return { databases, close };
}
