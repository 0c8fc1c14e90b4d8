import { sql } from 'kysely';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { fieldTableDictionaries } from '../../../runtime/schema/dictionaryReferences';
import { BusinessError, NO_PERMISSION_MESSAGE } from '../../http/envelope';
import {
  NOT_ALLOWED_MESSAGE,
  systemTableDictionary,
  tableDictionaryName,
  type TableDictionary,
  type TableDictionaryName,
} from './tableDictionaries';

/** One table dictionary (table, text, code) that page documents declare on a page's table. */
export interface PageDictionary {
  table: string;
  text: string;
  code: string;
  tenantScoped: boolean;
  /** The list codes (`<prefix>:list`) of the pages declaring it: holding one of them is what reading it takes. */
  listCodes: ReadonlySet<string>;
}

/** What /sys/dict/* knows of the caller when a page dictionary is asked for. */
export interface DictionaryCaller {
  /** The caller's permission codes; read only when a page dictionary is asked for. */
  permissionCodes(): Promise<ReadonlySet<string>>;
  tenantId: number;
}

const keyOf = (name: TableDictionaryName) => `${name.table},${name.text},${name.code}`;

/**
 * Who may read which table dictionary through /sys/dict/getDictItems, loadDict and loadDictItem:
 * - an allow-listed system dictionary (sys_user realname/username, sys_depart, …): any signed-in user;
 * - a dictionary on a page's table: only the exact (table, text, code) some page document declares
 *   as a field's dictionary (dictCode, treeSelect, linkDown), and only to a user who holds the list
 *   code of one of the pages declaring it — whoever may list a page may use its query bar and form,
 *   whose selects need it. Otherwise 510 没有权限，请联系管理员授权;
 * - anything else: 字典表或字段不在允许范围内, for everybody.
 * A declaration naming a table no page owns, a column that page lacks, or a sensitive column stops
 * the server at start (the page is wrong, not the request).
 */
export class PageDictionaries {
  private readonly declared = new Map<string, PageDictionary & { listCodes: Set<string> }>();

  constructor(pages: readonly CompiledPage[]) {
    const owners = new Map(pages.map((p) => [p.entity.table, p]));
    for (const page of pages) {
      page.document.fields.forEach((field, i) => {
        for (const dict of fieldTableDictionaries(field)) {
          if (systemTableDictionary(dict)) continue;
          const at = `${page.source}#/fields/${i}${dict.at}`;
          const owner = owners.get(dict.table);
          if (!owner) throw new Error(`${at}: 表字典的表 ${dict.table} 不是任何页面的表`);
          const columns = new Map([...owner.systemFields, ...owner.fields].map((f) => [f.column, f]));
          for (const column of [dict.text, dict.code]) {
            const target = columns.get(column);
            if (!target) throw new Error(`${at}: 表 ${dict.table} 没有字段 ${column}`);
            if (target.sensitive) throw new Error(`${at}: 表字典不能使用敏感字段 ${dict.table}.${column}（${target.label}）`);
          }
          const key = keyOf(dict);
          const entry = this.declared.get(key) ?? {
            table: dict.table,
            text: dict.text,
            code: dict.code,
            tenantScoped: owner.entity.tenantScoped,
            listCodes: new Set<string>(),
          };
          entry.listCodes.add(page.permissions.list);
          this.declared.set(key, entry);
        }
      });
    }
  }

  /** Every declared page dictionary (the system allow-list is not among them). */
  all(): PageDictionary[] {
    return [...this.declared.values()];
  }

  /**
   * The table dictionary a dict code names, once the caller may read it; undefined for an ordinary
   * dict code (the firm's code lists, open to every signed-in user). Throws the refusal otherwise.
   */
  async resolve(dictCode: string, caller: DictionaryCaller): Promise<TableDictionary | undefined> {
    const name = tableDictionaryName(dictCode);
    if (!name) return undefined;
    const system = systemTableDictionary(name);
    if (system) return system;
    const declared = this.declared.get(keyOf(name));
    if (!declared) throw new BusinessError(NOT_ALLOWED_MESSAGE);
    const codes = await caller.permissionCodes();
    if (![...declared.listCodes].some((code) => codes.has(code))) throw new BusinessError(NO_PERMISSION_MESSAGE, 510);
    // The names used in SQL are the page files' own strings, not the client's.
    const { table, text, code } = declared;
    return { table, text, code, condition: declared.tenantScoped ? sql`tenant_id = ${caller.tenantId}` : sql`true` };
  }
}
