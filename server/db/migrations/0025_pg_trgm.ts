import { sql, type Kysely } from 'kysely';

// Trigram indexes (GIN, gin_trgm_ops) serve a list's `LIKE '%x%'` query fields; the entity DDL
// derives them from the page documents (server/crud/ddl/listIndexes.ts). PGlite loads the extension
// on every open (server/db/open.ts); pg_trgm is a trusted extension on PostgreSQL 13+, so the
// database owner may create it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
}
