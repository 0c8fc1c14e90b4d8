/**
 * Chinese 包含 queries can be served by the trigram indexes only where the database classifies
 * Chinese characters as letters (LC_CTYPE not C/POSIX). Both databases the tests run on do, as
 * PGlite does and as the README asks of a PostgreSQL database; a start on one that does not warns.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterTypesOf, chineseSearchWarning, readCharacterTypes } from '../../../server/db/characterTypes';
import type { Database } from '../../../server/db/open';
import { DATABASE_KINDS, openTestDatabase } from '../../support/database';

describe('the character classification a start reads', () => {
  it('leaves Chinese out of trigram indexes under C and POSIX only', () => {
    expect(characterTypesOf('C').indexesChinese).toBe(false);
    expect(characterTypesOf('POSIX').indexesChinese).toBe(false);
    expect(characterTypesOf('C.UTF-8').indexesChinese).toBe(true);
    expect(characterTypesOf('zh_CN.UTF-8').indexesChinese).toBe(true);
    expect(chineseSearchWarning(characterTypesOf('C'))).toContain('数据库的 LC_CTYPE 为 C：三元组索引（pg_trgm）不收录中文');
  });
});

describe.each(DATABASE_KINDS)('a test database (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('takes trigrams from Chinese text, so a 包含 query on a Chinese name can read an index', async () => {
    expect((await readCharacterTypes(database.db)).indexesChinese).toBe(true);
    const trigrams = await sql<{ n: number }>`SELECT cardinality(show_trgm('仓库火灾')) AS n`.execute(database.db);
    expect(trigrams.rows[0].n).toBeGreaterThan(0);
  });
});
