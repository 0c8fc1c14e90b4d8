import { inject } from 'vitest';
import { openPostgres, type Database } from '../../../server/db/open';
import { createPostgresDatabase } from '../../support/database';

export interface SharedPostgres {
  /** Independent connections (pools) to one private copy of the demo database, one per API node. */
  databases: Database[];
  close(): Promise<void>;
}

/**
 * Opens `nodes` Database objects on the same PostgreSQL database, as several API nodes behind a load
 * balancer would: the copy is made by tests/support/database.ts and dropped on close.
 */
export async function openSharedPostgres(nodes: number): Promise<SharedPostgres> {
  const copy = await createPostgresDatabase('t', inject('postgresTemplateDb'));
  const url = copy.url;
  const databases: Database[] = [];
  const close = async () => {
    await Promise.all(databases.map((d) => d.close()));
    await copy.drop();
  };
  try {
    for (let i = 0; i < nodes; i++) databases.push(await openPostgres(url, 3));
  } catch (err) {
    await close();
    throw err;
  }
  return { databases, close };
}
