import { sql, type Kysely, type RawBuilder } from 'kysely';
import { BusinessError } from '../../http/envelope';
import type { DB } from '../../db/types';
import { dictItem, type DictItem } from './dictItem';
import { escapeLike } from '../../crud/query/conditions';

/**
 * The system tables and columns any signed-in user may read through a table dictionary code
 * (`table,text,code`): names and codes the org pickers show anyway — no password, phone or e-mail.
 * Page tables are served only as their page documents declare them (./pageDictionaries.ts);
 * everything else — `sys_user,password,id`, sys_session, … — is refused.
 * Each table may add a fixed condition written here, never one sent by a client.
 */
const ALLOWED_TABLES: Record<string, { columns: readonly string[]; condition: RawBuilder<unknown> }> = {
  sys_user: { columns: ['realname', 'username', 'id', 'work_no'], condition: sql`del_flag = 0` },
  sys_depart: { columns: ['depart_name', 'org_code', 'id'], condition: sql`del_flag = '0'` },
  sys_position: { columns: ['name', 'code', 'id'], condition: sql`true` },
  sys_role: { columns: ['role_name', 'role_code', 'id'], condition: sql`true` },
  sys_category: { columns: ['name', 'code', 'id'], condition: sql`true` },
  // 用户管理's 所属租户: tenant names, as department names are (a frozen one too: its users keep it).
  sys_tenant: { columns: ['name', 'id'], condition: sql`true` },
};

export const NOT_ALLOWED_MESSAGE = '字典表或字段不在允许范围内';
export const BAD_DICT_CODE_MESSAGE = '字典Code格式不正确！';
export const NO_CONDITION_MESSAGE = '表字典不支持查询条件';

export interface TableDictionary {
  table: string;
  text: string;
  code: string;
  /** The fixed row condition of an allow-listed system table, or a page table's tenant; never the client's. */
  condition: RawBuilder<unknown>;
}

/** The names a table dictionary code gives, as sent (not yet trusted); undefined for an ordinary dict code. */
export interface TableDictionaryName {
  table: string;
  text: string;
  code: string;
}

/** A dict code with commas names a table dictionary; undefined for an ordinary dict code. Refuses a malformed one. */
export function tableDictionaryName(dictCode: string): TableDictionaryName | undefined {
  if (!dictCode.includes(',')) return undefined;
  const parts = dictCode.split(',').map((p) => p.trim());
  if (parts.length > 3) throw new BusinessError(NO_CONDITION_MESSAGE);
  if (parts.length !== 3 || parts.some((p) => p === '')) throw new BusinessError(BAD_DICT_CODE_MESSAGE);
  const [table, text, code] = parts;
  return { table, text, code };
}

/** The allow-listed system dictionary the names give, or undefined. The names used in SQL are the allow-list's own strings. */
export function systemTableDictionary(name: TableDictionaryName): TableDictionary | undefined {
  const table = Object.keys(ALLOWED_TABLES).find((t) => t === name.table);
  if (table === undefined) return undefined;
  const { columns, condition } = ALLOWED_TABLES[table];
  const text = columns.find((c) => c === name.text);
  const code = columns.find((c) => c === name.code);
  return text && code ? { table, text, code, condition } : undefined;
}

/** A table dictionary of the system allow-list; undefined for an ordinary dict code, refused for anything else. */
export function parseTableDictionary(dictCode: string): TableDictionary | undefined {
  const name = tableDictionaryName(dictCode);
  if (!name) return undefined;
  const system = systemTableDictionary(name);
  if (!system) throw new BusinessError(NOT_ALLOWED_MESSAGE);
  return system;
}

export async function tableDictItems(
  db: Kysely<DB>,
  dict: TableDictionary,
  opts: { keyword?: string; limit: number },
): Promise<DictItem[]> {
  const { table, text, code } = dict;
  const keyword = opts.keyword?.trim();
  const search = keyword
    ? sql`AND CAST(${sql.ref(text)} AS text) ILIKE ${`%${escapeLike(keyword)}%`} ESCAPE '\\'`
    : sql``;
  const { rows } = await sql<{ value: string; text: string }>`
    SELECT CAST(${sql.ref(code)} AS text) AS value, CAST(${sql.ref(text)} AS text) AS text
    FROM ${sql.table(table)}
    WHERE ${dict.condition} ${search}
    ORDER BY 2, 1
    LIMIT ${opts.limit}`.execute(db);
  return rows.map((r) => dictItem(r.value, r.text ?? ''));
}

/** The texts of the given codes, in the order asked (unknown codes are left out). */
export async function tableDictTexts(db: Kysely<DB>, dict: TableDictionary, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const { table, text, code } = dict;
  const { rows } = await sql<{ value: string; text: string }>`
    SELECT CAST(${sql.ref(code)} AS text) AS value, CAST(${sql.ref(text)} AS text) AS text
    FROM ${sql.table(table)}
    WHERE ${dict.condition}
      AND CAST(${sql.ref(code)} AS text) IN (${sql.join(keys)})`.execute(db);
  const byValue = new Map(rows.map((r) => [r.value, r.text ?? '']));
  return keys.filter((k) => byValue.has(k)).map((k) => byValue.get(k) as string);
}
