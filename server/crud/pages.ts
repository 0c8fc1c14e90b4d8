import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { conditionPageErrors } from './rowConditionPages';
import { checkDictionaryReferences } from '../../runtime/schema/dictionaryReferences';
import { loadPageSchema, type CompiledPage } from '../../runtime/schema/loadPageSchema';
import { formatSchemaError, type SchemaError } from '../../runtime/schema/schemaError';
import { applyEntityTables, readTable, type ApplyReport, type EntityField, type EntityTable, type ListShape } from './ddl';
import type { CompiledField } from '../../runtime/schema/compiledPageTypes';
import { isServedByModule } from './servedPages';

/**
 * The entity pages the server serves: every document under schemas/pages/ — in examples/ only the
 * 示例 pages (module `examples`; the others there document the language) — loaded through the runtime's own loader, so the
 * server and the web app read one and the same compiled page.
 *
 *   const pages = loadEntityPages();             // throws PageLoadError listing every broken file
 *   await applyPageTables(db, pages);            // after migrateToLatest
 *   await app.register(entityRoutes, { prefix: apiBase, pages });
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PAGES_DIR = path.join(root, 'schemas/pages');
/** The folder of the 示例 pages, beside documents that only show the language (module other than `examples`). */
const EXAMPLES_DIR = 'examples';

/**
 * Tables whose names start so belong to our own migrations (sys_*, and the online designers' onl_*):
 * their page may read them, never change them.
 */
export const SYSTEM_TABLE_PREFIXES = ['sys_', 'onl_'] as const;

/** Every broken page document, one line each (`file#pointer message`); the server does not start. */
export class PageLoadError extends Error {
  constructor(readonly errors: readonly SchemaError[]) {
    super(`页面定义有误，服务无法启动：\n${errors.map((e) => `  ${formatSchemaError(e)}`).join('\n')}`);
    this.name = 'PageLoadError';
  }
}

function pageFiles(dir: string, top = true): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return top && entry.name === EXAMPLES_DIR ? pageFiles(full, false).filter(isExamplePage) : pageFiles(full, false);
      return entry.name.endsWith('.json') ? [full] : [];
    })
    .sort();
}

/** A document of examples/ that is a 示例 page (module `examples`), not a copy of another module's page. */
function isExamplePage(file: string): boolean {
  try {
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { entity?: { module?: unknown } };
    return doc.entity?.module === EXAMPLES_DIR;
  } catch {
    // Broken JSON is reported by the load, as for any page.
    return true;
  }
}

/** Loads one page file; the source is its path relative to the repository (as in every error). */
export function loadPageFile(file: string): { page?: CompiledPage; errors: SchemaError[] } {
  const source = path.relative(root, file).split(path.sep).join('/');
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    return { errors: [{ source, pointer: '', message: `不是合法的 JSON：${err instanceof Error ? err.message : String(err)}` }] };
  }
  const result = loadPageSchema(doc, source);
  if (!result.ok) return { errors: [...result.errors] };
  // The menu names a page `schema/<module>/<entity>` and the browser fetches that file, so a
  // document must live at pages/<module>/<entity>.json.
  const { module, name } = result.page.entity;
  const expected = `${module}/${name}.json`;
  if (!source.endsWith(`/${expected}`)) {
    return { errors: [{ source, pointer: '/entity', message: `页面文件应位于 schemas/pages/${expected}（与 entity.module 和 entity.name 一致）` }] };
  }
  return { page: result.page, errors: [] };
}

/**
 * Loads every page of `dir` (default schemas/pages). Any error in any file fails the whole load
 * with all errors listed: a server must not start with a page missing. Two pages may not share an
 * API path or a table.
 */
export function loadEntityPages(dir: string = PAGES_DIR): CompiledPage[] {
  const pages: CompiledPage[] = [];
  const errors: SchemaError[] = [];
  for (const file of pageFiles(dir)) {
    const loaded = loadPageFile(file);
    if (loaded.page) pages.push(loaded.page);
    errors.push(...loaded.errors);
  }
  const byPath = new Map<string, CompiledPage>();
  const byTable = new Map<string, CompiledPage>();
  for (const page of pages) {
    const samePath = byPath.get(page.entity.apiPath);
    if (samePath) errors.push({ source: page.source, pointer: '/entity', message: `接口路径 ${page.entity.apiPath} 与 ${samePath.source} 重复` });
    byPath.set(page.entity.apiPath, page);
    // A page served by a module only describes what its module answers; the table stays the generic page's.
    if (isServedByModule(page)) continue;
    const sameTable = byTable.get(page.entity.table);
    if (sameTable) errors.push({ source: page.source, pointer: '/entity/table', message: `表 ${page.entity.table} 与 ${sameTable.source} 重复` });
    byTable.set(page.entity.table, page);
  }
  // A dictionary that would show a password or an ID number to whoever opens its page.
  errors.push(...checkDictionaryReferences(pages.map((page) => ({ source: page.source, doc: page.document }))));
  // Views and scopes may name a child page; scopedBy names an owner page.
  errors.push(...conditionPageErrors(pages));
  if (errors.length > 0) throw new PageLoadError(errors);
  return pages;
}

export function isSystemTable(page: CompiledPage): boolean {
  return SYSTEM_TABLE_PREFIXES.some((prefix) => page.entity.table.startsWith(prefix));
}

const QUERY_INDEX_MODE: Readonly<Record<string, ListShape['query'][number]['mode']>> = {
  eq: 'eq',
  ne: 'eq',
  in: 'eq',
  like: 'like',
  left_like: 'like',
  right_like: 'like',
  ge: 'range',
  gt: 'range',
  le: 'range',
  lt: 'range',
  range: 'range',
};

/** A field the list can filter or sort on by its own column (link fields have none, encrypted ones say nothing). */
const indexable = (field: CompiledField) => !field.link && !field.encrypted;

/** How the page's list reads its table, for the list indexes the DDL layer derives (ddl/listIndexes.ts). */
export function listShapeOf(page: CompiledPage): ListShape {
  const { list } = page;
  return {
    tenantScoped: page.entity.tenantScoped,
    sortColumn: list.defaultSort.field.column,
    sortable: list.columns.filter((c) => c.sortable && indexable(c.field)).map((c) => c.field.column),
    query: list.query
      .filter((q) => indexable(q.field) && Object.hasOwn(QUERY_INDEX_MODE, q.mode))
      .map((q) => ({ column: q.field.column, mode: QUERY_INDEX_MODE[q.mode], text: q.field.type === 'string' || q.field.type === 'text' })),
  };
}

/** The DDL layer's description of a page's table (declared fields; the standard columns are implicit). */
export function entityTableOf(page: CompiledPage): EntityTable {
  const tree = page.entity.tree;
  // A link field's keys live in its link table, not in a column of this one.
  const fields: EntityField[] = page.fields.filter((f) => !f.link).map((f) => {
    const literal = typeof f.default === 'object' ? undefined : f.default;
    return {
      column: f.column,
      kind: f.type,
      ...(f.length !== undefined ? { length: f.length } : {}),
      ...(f.precision !== undefined ? { precision: f.precision, scale: f.scale } : {}),
      required: f.required,
      unique: f.unique,
      ...(literal !== undefined && literal !== '' ? { defaultValue: literal } : {}),
    };
  });
  return {
    table: page.entity.table,
    fields,
    // Unique fields get their index from `unique`; only the other declared indexes are listed.
    indexes: page.indexes
      .filter((index) => !(index.unique && index.fields.length === 1 && index.fields[0].unique))
      .map((index) => ({ columns: [...index.columns], unique: index.unique, name: index.name })),
    list: listShapeOf(page),
    ...(tree
      ? { tree: { parentColumn: tree.parentField.column, ...(tree.hasChildField ? { hasChildColumn: tree.hasChildField.column } : {}) } }
      : {}),
  };
}

/**
 * A page over one of our system tables must find every column it declares (and tenant_id when it is
 * tenant-scoped); such a table is never altered from a page.
 */
async function checkSystemTable<T>(db: Kysely<T>, page: CompiledPage): Promise<string[]> {
  const state = await readTable(db, page.entity.table);
  if (!state) return [`${page.source}: 系统表 ${page.entity.table} 不存在`];
  const columns = new Set(state.columns.map((c) => c.name));
  return [...page.fields, ...page.systemFields]
    .filter((f) => !f.link && !columns.has(f.column))
    .map((f) => `${page.source}${f.pointer ? `#${f.pointer}` : ''}: 系统表 ${page.entity.table} 没有字段 ${f.column}（${f.label}）`);
}

/** Every link field's table must exist with an id and the two columns it names (they come from migrations). */
async function checkLinkTables<T>(db: Kysely<T>, page: CompiledPage): Promise<string[]> {
  const problems: string[] = [];
  for (const field of page.fields) {
    if (!field.link) continue;
    const state = await readTable(db, field.link.table);
    const columns = new Set(state?.columns.map((c) => c.name) ?? []);
    for (const column of ['id', field.link.ownerColumn, field.link.valueColumn]) {
      if (!columns.has(column)) problems.push(`${page.source}#${field.pointer}/link: 关联表 ${field.link.table} 没有列 ${column}（${field.label}）`);
    }
  }
  return problems;
}

/**
 * Creates and evolves the tables of the pages (one transaction, see server/crud/ddl), skipping the
 * system tables, whose columns are only checked. Throws with every missing column listed.
 */
export async function applyPageTables<T>(db: Kysely<T>, pages: readonly CompiledPage[]): Promise<ApplyReport> {
  const problems: string[] = [];
  const generic = pages.filter((p) => !isServedByModule(p));
  for (const page of generic.filter(isSystemTable)) problems.push(...(await checkSystemTable(db, page)));
  for (const page of generic) problems.push(...(await checkLinkTables(db, page)));
  if (problems.length > 0) throw new Error(`页面与系统表不一致，服务无法启动：\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return applyEntityTables(db, generic.filter((p) => !isSystemTable(p)).map(entityTableOf));
}
