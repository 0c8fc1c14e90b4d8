/**
 * The database's character classification (LC_CTYPE) as far as text search cares. pg_trgm takes its
 * trigrams from the letters and digits the classification knows: under `C` or `POSIX` a Chinese
 * character is neither, so a trigram index holds nothing for Chinese text and every 包含 query on a
 * Chinese name reads the whole table. PGlite is `C.UTF-8`; a PostgreSQL database is whatever it was
 * created with, so the start says when it cannot serve Chinese searches from an index.
 */
import { sql, type Kysely } from 'kysely';

export interface CharacterTypes {
  ctype: string;
  /** Whether pg_trgm can take trigrams from Chinese text in this database. */
  indexesChinese: boolean;
}

export function characterTypesOf(ctype: string): CharacterTypes {
  return { ctype, indexesChinese: !/^(C|POSIX)$/i.test(ctype.trim()) };
}

export async function readCharacterTypes<T>(db: Kysely<T>): Promise<CharacterTypes> {
  const row = await sql<{ ctype: string }>`SELECT datctype AS ctype FROM pg_database WHERE datname = current_database()`.execute(db);
  return characterTypesOf(row.rows[0]?.ctype ?? 'C');
}

/** The start's warning for a database whose classification leaves Chinese out of the trigram indexes. */
export function chineseSearchWarning({ ctype }: CharacterTypes): string {
  return `数据库的 LC_CTYPE 为 ${ctype}：三元组索引（pg_trgm）不收录中文，中文的包含查询将逐行读表；` +
    '请以 UTF-8 的 LC_CTYPE 建库（如 createdb -T template0 -E UTF8 --lc-ctype=C.UTF-8）';
}
