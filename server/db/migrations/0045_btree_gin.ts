import { sql, type Kysely } from 'kysely';

// A search under a data rule of departments (a 公估师's 案件名称 search: 本部门 or a case naming him)
// read every trigram match of the name — ≈ 58,000 cases in ≈ 35,000 heap blocks at a million — to
// test the department on the row. btree_gin gives GIN an operator class for plain columns, so a
// derived GIN index over (承办部门, name trigrams) intersects the two inside the index
// (server/crud/searchIndexes.ts). PGlite loads the extension on every open (server/db/open.ts);
// btree_gin is a trusted extension on PostgreSQL 13+, so the database owner may create it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
}
