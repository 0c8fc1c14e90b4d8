import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { DB } from '../db/types';
import type { DictionaryCache } from '../sys/dict/dictionaryCache';

// What every handler can reach through `request.server` / the plugin instance (decorated once in
// server/app.ts, on the root instance, so every area plugin sees them).
declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    appConfig: ServerConfig;
    dictionaries: DictionaryCache;
  }
}

export {};
