import { sql, type Kysely } from 'kysely';
import type { CompiledDict, CompiledField, CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import type { DB } from '../../db/types';
import { parseTableDictionary } from '../../sys/dict/tableDictionaries';
import type { AllowedKeys } from './validate';
import { isServedByModule } from '../servedPages';

/** Code dictionaries by code (app.dictionaries, or a DictionaryCache over a seed transaction). */
export interface CodeDictionaries {
  /** `executor`: the caller's transaction, which a load must use (see DictionaryCache.all). */
  items(dictCode: string, executor?: Kysely<DB>): Promise<ReadonlyArray<{ value: string; text: string }> | undefined>;
}

export interface DictOption {
  value: string;
  text: string;
}

/** A table dictionary whose names all come from our own allow-list or page files. */
interface TableSource {
  table: string;
  text: string;
  code: string;
}

/** Rows a table dictionary offers to an Excel column (import text → value); more is refused at start. */
const MAX_TABLE_DICT_ITEMS = 50_000;

export const TABLE_DICT_NOT_ALLOWED = (dictCode: string) => `表字典 ${dictCode} 不在允许范围内：只能引用系统表白名单或页面定义的表和字段`;

/**
 * Dictionary values and texts for entity records: code dictionaries from the cache, table
 * dictionaries ('table,text,code') read in one query per field and page. A table dictionary may
 * name a system table of the allow-list (server/sys/dict/tableDictionaries.ts) or the table of a
 * page with columns that page declares; anything else is refused when the pages load.
 */
export class EntityDictionaries {
  /** The pool the dictionaries read through when the caller passes no transaction (records' link fields too). */
  get database(): Kysely<DB> {
    return this.db;
  }

  private readonly entityTables: Map<string, Set<string>>;
  /** Pages by `<module>/<entity>`, as a `picker` field names the page it picks from. */
  private readonly pagesByRef: Map<string, CompiledPage>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly codes: CodeDictionaries,
    pages: readonly CompiledPage[],
  ) {
    this.entityTables = new Map(
      // A page served by a module (servedPages.ts) describes answers, not its table's columns.
      pages.filter((p) => !isServedByModule(p)).map((p) => [p.entity.table, new Set([...p.systemFields, ...p.fields].map((f) => f.column))]),
    );
    this.pagesByRef = new Map(pages.map((p) => [`${p.entity.module}/${p.entity.name}`, p]));
  }

  /**
   * The rows a `picker` field stores keys of: the table of the page it picks from and the column of
   * that page's picker `valueField` (our own page files name both). Undefined for any other field,
   * and for a page that is not served (or has no picker section), which the loader reports.
   */
  pickerSource(field: CompiledField): { table: string; column: string } | undefined {
    const ref = field.widget === 'picker' ? field.options.picker?.page : undefined;
    const target = ref === undefined ? undefined : this.pagesByRef.get(ref);
    return target?.picker ? { table: target.entity.table, column: target.picker.valueField.column } : undefined;
  }

  /** Of the keys a picker field was given, those that name a row of the page it picks from. */
  async pickedKeys(field: CompiledField, keys: readonly string[], db: Kysely<DB> = this.db): Promise<Set<string>> {
    const source = this.pickerSource(field);
    const wanted = [...new Set(keys.filter((k) => k !== ''))];
    const found = new Set<string>();
    if (!source) return found;
    for (let i = 0; i < wanted.length; i += 5000) {
      const { rows } = await sql<{ value: string }>`
        SELECT CAST(${sql.ref(source.column)} AS text) AS value FROM ${sql.table(source.table)}
        WHERE CAST(${sql.ref(source.column)} AS text) IN (${sql.join(wanted.slice(i, i + 5000))})`.execute(db);
      for (const r of rows) found.add(r.value);
    }
    return found;
  }

  /**
   * Of the keys a user or department field was given, those that name a user (by username or id,
   * spec §3) or a department (by id) — with the names of those that name a deleted one, so a
   * refusal says 「财产险理赔部」, not the id nobody saw. Undefined for any other field.
   */
  async orgKeys(field: CompiledField, keys: readonly string[], db: Kysely<DB> = this.db): Promise<AllowedKeys | undefined> {
    if (field.widget !== 'user' && field.widget !== 'depart') return undefined;
    const wanted = [...new Set(keys.filter((k) => k !== ''))];
    const found = new Set<string>();
    const names = new Map<string, string>();
    // Deleted users and departments are offered by no picker (as the table dictionaries filter them).
    const keep = (deleted: boolean, name: string | null, ...aliases: string[]) => {
      for (const alias of aliases) {
        if (!deleted) found.add(alias);
        else if (name) names.set(alias, name);
      }
    };
    for (let i = 0; i < wanted.length; i += 5000) {
      const part = wanted.slice(i, i + 5000);
      if (field.widget === 'user') {
        const rows = await db
          .selectFrom('sys_user')
          .select(['username', 'id', 'realname', 'del_flag'])
          .where((eb) => eb.or([eb('username', 'in', part), eb('id', 'in', part)]))
          .execute();
        for (const row of rows) keep(row.del_flag !== 0, row.realname, row.username, row.id);
      } else {
        const rows = await db.selectFrom('sys_depart').select(['id', 'depart_name', 'del_flag']).where('id', 'in', part).execute();
        for (const row of rows) keep(row.del_flag !== '0', row.depart_name, row.id);
      }
    }
    return Object.assign(found, { names });
  }

  /** The allow-listed source of a table dictionary; throws naming the code when it is not allowed. */
  tableSource(dict: Extract<CompiledDict, { kind: 'table' }>): TableSource {
    const columns = this.entityTables.get(dict.table);
    if (columns) {
      if (!columns.has(dict.textColumn) || !columns.has(dict.valueColumn)) throw new Error(TABLE_DICT_NOT_ALLOWED(dict.dictCode));
      return { table: dict.table, text: dict.textColumn, code: dict.valueColumn };
    }
    let system: TableSource | undefined;
    try {
      system = parseTableDictionary(dict.dictCode);
    } catch {
      system = undefined;
    }
    if (!system) throw new Error(TABLE_DICT_NOT_ALLOWED(dict.dictCode));
    return system;
  }

  /** Every option of a field's dictionary, in dictionary order. */
  async options(field: CompiledField, db: Kysely<DB> = this.db): Promise<DictOption[]> {
    const dict = field.dict;
    if (!dict) return [];
    if (dict.kind === 'code') return [...((await this.codes.items(dict.dictCode, db)) ?? [])].map(({ value, text }) => ({ value, text }));
    const { table, text, code } = this.tableSource(dict);
    const { rows } = await sql<DictOption>`
      SELECT CAST(${sql.ref(code)} AS text) AS value, CAST(${sql.ref(text)} AS text) AS text
      FROM ${sql.table(table)} ORDER BY 2, 1 LIMIT ${MAX_TABLE_DICT_ITEMS}`.execute(db);
    return rows.map((r) => ({ value: r.value, text: r.text ?? '' }));
  }

  /**
   * value → text of several table-dictionary fields at once, by field name: one query (UNION ALL)
   * for a page of records whose rows name a 委托方 and a 专项 instead of one query per field.
   * Fields of another kind, and more keys than one query takes, go through `texts` one by one.
   */
  async tableTexts(wanted: ReadonlyArray<{ field: CompiledField; values: readonly string[] }>, db: Kysely<DB> = this.db): Promise<Map<string, Map<string, string>>> {
    const out = new Map<string, Map<string, string>>();
    const batched: Array<{ field: CompiledField; source: TableSource; keys: string[] }> = [];
    for (const { field, values } of wanted) {
      const keys = [...new Set(values.filter((v) => v !== ''))];
      out.set(field.name, new Map());
      if (keys.length === 0) continue;
      if (field.dict?.kind === 'table') batched.push({ field, source: this.tableSource(field.dict), keys });
      else out.set(field.name, await this.texts(field, keys, db));
    }
    if (batched.length === 1 || batched.reduce((n, b) => n + b.keys.length, 0) > 5000) {
      for (const { field, keys } of batched) out.set(field.name, await this.texts(field, keys, db));
      return out;
    }
    if (batched.length === 0) return out;
    const parts = batched.map(
      ({ source, keys }, i) => sql`
        SELECT ${sql.lit(i)} AS f, CAST(${sql.ref(source.code)} AS text) AS value, CAST(${sql.ref(source.text)} AS text) AS text
        FROM ${sql.table(source.table)} WHERE CAST(${sql.ref(source.code)} AS text) IN (${sql.join(keys)})`,
    );
    const { rows } = await sql<DictOption & { f: number }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
    for (const r of rows) out.get(batched[r.f].field.name)?.set(r.value, r.text ?? '');
    return out;
  }

  /** value → text for the given values (one query for a table dictionary); unknown values are absent. */
  async texts(field: CompiledField, values: readonly string[], db: Kysely<DB> = this.db): Promise<Map<string, string>> {
    const dict = field.dict;
    const wanted = [...new Set(values.filter((v) => v !== ''))];
    if (!dict || wanted.length === 0) return new Map();
    if (dict.kind === 'code') {
      const items = (await this.codes.items(dict.dictCode, db)) ?? [];
      return new Map(items.map((i) => [i.value, i.text]));
    }
    const { table, text, code } = this.tableSource(dict);
    const out = new Map<string, string>();
    // A page of records asks for at most a few hundred keys; an import may ask for thousands.
    for (let i = 0; i < wanted.length; i += 5000) {
      const chunk = wanted.slice(i, i + 5000);
      const { rows } = await sql<DictOption>`
        SELECT CAST(${sql.ref(code)} AS text) AS value, CAST(${sql.ref(text)} AS text) AS text
        FROM ${sql.table(table)} WHERE CAST(${sql.ref(code)} AS text) IN (${sql.join(chunk)})`.execute(db);
      for (const r of rows) out.set(r.value, r.text ?? '');
    }
    return out;
  }
}
