import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import { readConfig } from '../../../server/config';
import { openPostgres, type Database } from '../../../server/db/open';
import { createPostgresDatabase } from '../../support/database';
import { API } from './app';

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
  const copy = await createPostgresDatabase('t', inject('postgresTemplateDbs').demo);
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

export interface SharedNodes {
  shared: SharedPostgres;
  /** Listening API nodes on the shared database (port 0), one per connection. */
  nodes: FastifyInstance[];
  close(): Promise<void>;
}

/** `count` listening API nodes (demo data, no captcha) on one PostgreSQL database. */
export async function startSharedNodes(count: number, options: Pick<BuildAppOptions, 'pages'> & { heartbeatSchedules?: BuildAppOptions['heartbeatSchedule'][] } = {}): Promise<SharedNodes> {
  const shared = await openSharedPostgres(count);
  const config = readConfig({ DEMO: 'on', CAPTCHA: 'off', WEB_DIR: '', API_BASE: API });
  const nodes: FastifyInstance[] = [];
  const close = async () => {
    for (const node of nodes) await node.close();
    await shared.close();
  };
  try {
    for (const [i, database] of shared.databases.entries()) {
      nodes.push(await buildApp({ config, database, pages: options.pages, heartbeatSchedule: options.heartbeatSchedules?.[i] }));
    }
    for (const node of nodes) await node.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await close();
    throw err;
  }
  return { shared, nodes, close };
}
