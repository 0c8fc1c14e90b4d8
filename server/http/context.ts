import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { DB } from '../db/types';
import type { DictionaryCache } from '../sys/dict/dictionaryCache';
import type { SecretBox } from '../secrets/secretBox';
import type { DataSources } from '../sys/dataSource/dataSources';

// What every handler can reach through `request.server` / the plugin instance (decorated once in
// server/app.ts, on the root instance, so every area plugin sees them).
declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    appConfig: ServerConfig;
    dictionaries: DictionaryCache;
    /** The key of the secrets kept at rest (server/secrets), loaded on first use. */
    secrets: () => SecretBox;
    /** pg pools of the 数据源 by code (server/sys/dataSource), for online reports. */
    dataSources: DataSources;
    /** The time in epoch ms for sessions and text-message codes; tests pass a clock they move (buildApp `clock`). */
    now: () => number;
  }
}

export {};
