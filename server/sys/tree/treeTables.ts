import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import type { DB } from '../../db/types';
import { BusinessError } from '../../http/envelope';
import { parseTreeCondition } from './treeConditions';

/** Children of one node; a level with more is not a tree people pick from. */
const MAX_CHILDREN = 1000;

export const TREE_NOT_ALLOWED_MESSAGE = '树表或字段不在允许范围内';

/**
 * One tree a page declares (a treeSelect's dictTable + pidField + hasChildField, or a linkDown's
 * table/textColumn/valueColumn/pidColumn). All names are the page files' own, checked at start
 * against the columns of the page that owns the table.
 */
export interface TreeSource {
  table: string;
  text: string;
  code: string;
  pid: string;
  hasChild?: string;
  /** Columns a condition may filter on: the owning page's declared and system columns, sensitive ones left out. */
  columns: ReadonlySet<string>;
  tenantScoped: boolean;
  /** The list codes of the pages declaring this tree: holding one of them is what reading it takes. */
  listCodes: ReadonlySet<string>;
  /** Order of siblings: the owning page's default sort, then the value. */
  orderColumn: string;
  orderDirection: 'asc' | 'desc';
}

export interface TreeNode {
  key: string;
  value: string;
  title: string;
  label: string;
  isLeaf: boolean;
  leaf: boolean;
}

export interface TreeDataQuery {
  pid: string;
  tableName: string;
  text: string;
  code: string;
  pidField: string;
  hasChildField?: string;
  condition?: string;
}

function columnsOf(page: CompiledPage): Set<string> {
  return new Set([...page.systemFields, ...page.fields].map((f) => f.column));
}

/** Columns a condition may test: an equality on a password or an ID number would tell its value. */
function filterableColumnsOf(page: CompiledPage): Set<string> {
  return new Set([...page.systemFields, ...page.fields].filter((f) => !f.sensitive).map((f) => f.column));
}

/**
 * The allow-list of /sys/dict/loadTreeData: exactly the trees the page documents declare, each
 * readable by who holds the list code of a page declaring it (their labels come from
 * /sys/dict/loadDictItem as declared table dictionaries, see server/sys/dict/pageDictionaries.ts). A declaration naming a table no page owns, or a column that
 * page does not have, stops the server at start (the page is wrong, not the request).
 */
export class TreeTables {
  private readonly sources: TreeSource[] = [];

  constructor(pages: readonly CompiledPage[]) {
    const owners = new Map(pages.map((p) => [p.entity.table, p]));
    for (const page of pages) {
      for (const field of page.fields) {
        const declared = declaredTree(field.options);
        if (!declared) continue;
        const at = `${page.source}#${field.pointer}/options`;
        const owner = owners.get(declared.table);
        if (!owner) throw new Error(`${at}: 树表 ${declared.table} 不是任何页面的表`);
        const columns = columnsOf(owner);
        for (const column of [declared.text, declared.code, declared.pid, declared.hasChild]) {
          if (column !== undefined && !columns.has(column)) throw new Error(`${at}: 表 ${declared.table} 没有字段 ${column}`);
        }
        const { field: sortField, order } = owner.list.defaultSort;
        this.sources.push({
          ...declared,
          columns: filterableColumnsOf(owner),
          tenantScoped: owner.entity.tenantScoped,
          listCodes: new Set([page.permissions.list]),
          orderColumn: sortField.column,
          orderDirection: order,
        });
      }
    }
  }

  /** The declared tree the request names, with the list codes of every page declaring it; throws when there is none. */
  find(query: Pick<TreeDataQuery, 'tableName' | 'text' | 'code' | 'pidField' | 'hasChildField'>): TreeSource {
    const hasChild = query.hasChildField?.trim() || undefined;
    const matches = this.sources.filter(
      (s) =>
        s.table === query.tableName &&
        s.text === query.text &&
        s.code === query.code &&
        s.pid === query.pidField &&
        (hasChild === undefined || s.hasChild === hasChild),
    );
    const [source] = matches;
    if (!source) throw new BusinessError(TREE_NOT_ALLOWED_MESSAGE);
    const listCodes = new Set(matches.flatMap((m) => [...m.listCodes]));
    return { ...source, listCodes, ...(hasChild === undefined ? { hasChild: undefined } : {}) };
  }

  /** The children of `pid` as tree nodes, siblings in the owning page's order. An unknown pid has none. */
  async children(db: Kysely<DB>, source: TreeSource, pid: string, condition: string | undefined, tenantId: number): Promise<TreeNode[]> {
    const filters = parseTreeCondition(condition, source.columns);
    const where: RawBuilder<SqlBool>[] = [sql<SqlBool>`CAST(t.${sql.ref(source.pid)} AS text) = ${pid}`];
    if (source.tenantScoped) where.push(sql<SqlBool>`t.tenant_id = ${tenantId}`);
    for (const [column, value] of filters) where.push(sql<SqlBool>`CAST(t.${sql.ref(column)} AS text) = ${String(value)}`);
    // The has-child flag when the caller names it (JeecgBoot's hasChildField), else a look at the rows.
    const hasChildren = source.hasChild
      ? sql<boolean>`COALESCE(CAST(t.${sql.ref(source.hasChild)} AS text), '') IN ('1', 'Y', 'y', 'true')`
      : sql<boolean>`EXISTS (SELECT 1 FROM ${sql.table(source.table)} AS c WHERE CAST(c.${sql.ref(source.pid)} AS text) = CAST(t.${sql.ref(source.code)} AS text))`;
    const direction = source.orderDirection === 'desc' ? sql`DESC` : sql`ASC`;
    const { rows } = await sql<{ value: string; text: string | null; has_children: boolean }>`
      SELECT CAST(t.${sql.ref(source.code)} AS text) AS value, CAST(t.${sql.ref(source.text)} AS text) AS text,
             ${hasChildren} AS has_children
      FROM ${sql.table(source.table)} AS t
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY t.${sql.ref(source.orderColumn)} ${direction}, 1
      LIMIT ${MAX_CHILDREN}`.execute(db);
    return rows.map((r) => treeNode(r.value, r.text ?? '', !r.has_children));
  }
}

export function treeNode(value: string, text: string, leaf: boolean): TreeNode {
  return { key: value, value, title: text, label: text, isLeaf: leaf, leaf };
}

type DeclaredTree = Pick<TreeSource, 'table' | 'text' | 'code' | 'pid' | 'hasChild'>;

function declaredTree(options: CompiledPage['fields'][number]['options']): DeclaredTree | undefined {
  if (options.treeSelect) {
    const [table, text, code] = options.treeSelect.dictTable.split(',');
    return { table, text, code, pid: options.treeSelect.pidField, hasChild: options.treeSelect.hasChildField };
  }
  if (options.linkDown) {
    const { table, textColumn, valueColumn, pidColumn } = options.linkDown;
    return { table, text: textColumn, code: valueColumn, pid: pidColumn };
  }
  return undefined;
}
