/**
 * Which stored files the records of a page table use, kept in sys_file_ref (path, table, record,
 * tenant) so the file route answers "may this user see this file?" with an indexed lookup instead
 * of searching every table. The entity store writes a record's references in the transaction that
 * writes the record (insert, update, delete); rows written before this table existed, or before a
 * field became a file field, are read in once at start (fillFileReferences).
 *
 * A record uses a file when a field whose widget stores paths (upload, image, or a grid's upload
 * column) holds it — comma-joined stored paths — or when a rich-text field (editor, markdown)
 * shows it by its static URL (`/sys/common/static/<path>`, perhaps behind the API base).
 */
import { sql, type Kysely } from 'kysely';
import type { CompiledField, CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { isServedByModule } from '../crud/servedPages';
import { isSafeStoredPath, splitPaths, storedPathOfStaticUrl } from '../../runtime/contract/files';
import { readTable } from '../crud/ddl';
import type { DB } from '../db/types';
import { inTransaction } from '../db/transaction';

type FileFieldKind = 'paths' | 'html';

export interface FileField {
  field: CompiledField;
  kind: FileFieldKind;
}

const PATH_WIDGETS = new Set(['upload', 'image']);
const HTML_WIDGETS = new Set(['editor', 'markdown']);
/** A static URL inside HTML or Markdown: up to the quote, space, bracket or query that ends it. */
const STATIC_URL_IN_TEXT = /\/sys\/common\/static\/[^\s"'<>()?#]+/g;
const INSERT_BATCH = 1000;
const SCAN_BATCH = 2000;

/** The fields of a page whose values name stored files. */
export function fileFieldsOf(page: CompiledPage): FileField[] {
  const uploadColumns = new Set((page.document.grid?.columns ?? []).filter((c) => c.type === 'upload').map((c) => c.field));
  const out: FileField[] = [];
  for (const field of page.fields) {
    if (PATH_WIDGETS.has(field.widget) || uploadColumns.has(field.name)) out.push({ field, kind: 'paths' });
    else if (HTML_WIDGETS.has(field.widget)) out.push({ field, kind: 'html' });
  }
  return out;
}

/** The stored paths one value of a file field names (unsafe or foreign ones left out). */
export function storedPathsIn(kind: FileFieldKind, value: unknown): string[] {
  if (typeof value !== 'string' || value === '') return [];
  if (kind === 'paths') return splitPaths(value).map((p) => storedPathOfStaticUrl(p) ?? p).filter(isSafeStoredPath);
  const found: string[] = [];
  for (const match of value.matchAll(STATIC_URL_IN_TEXT)) {
    const stored = storedPathOfStaticUrl(match[0]);
    if (stored) found.push(stored);
  }
  return found;
}

/** One record's stored columns, as the table holds them (column → value). */
export interface RecordColumns {
  id: string;
  tenantId: number | null;
  columns: Readonly<Record<string, unknown>>;
}

interface RefRow {
  entity_table: string;
  record_id: string;
  path: string;
  tenant_id: number | null;
}

/** The references of one page table. */
export class FileReferences {
  readonly fields: readonly FileField[];

  constructor(
    readonly table: string,
    page: CompiledPage,
  ) {
    this.fields = fileFieldsOf(page);
  }

  get tracked(): boolean {
    return this.fields.length > 0;
  }

  /** Sorted file columns: what a scan of the table read (sys_file_ref_scan). */
  get signature(): string {
    return this.fields
      .map((f) => f.field.column)
      .sort()
      .join(',');
  }

  private rowsOf(records: readonly RecordColumns[]): RefRow[] {
    const rows: RefRow[] = [];
    for (const record of records) {
      const paths = new Set(this.fields.flatMap(({ field, kind }) => storedPathsIn(kind, record.columns[field.column])));
      for (const path of paths) rows.push({ entity_table: this.table, record_id: record.id, path, tenant_id: record.tenantId });
    }
    return rows;
  }

  private async insertRows(db: Kysely<DB>, rows: readonly RefRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await db
        .insertInto('sys_file_ref')
        .values(rows.slice(i, i + INSERT_BATCH))
        .onConflict((oc) => oc.columns(['entity_table', 'record_id', 'path']).doNothing())
        .execute();
    }
  }

  /** Records just inserted. */
  async added(db: Kysely<DB>, records: readonly RecordColumns[]): Promise<void> {
    if (this.tracked) await this.insertRows(db, this.rowsOf(records));
  }

  /** Records whose file columns may have changed: their references are replaced. */
  async replaced(db: Kysely<DB>, records: readonly RecordColumns[]): Promise<void> {
    if (!this.tracked || records.length === 0) return;
    await this.removed(db, records.map((r) => r.id));
    await this.insertRows(db, this.rowsOf(records));
  }

  /** Records deleted. */
  async removed(db: Kysely<DB>, ids: readonly string[]): Promise<void> {
    if (!this.tracked) return;
    for (let i = 0; i < ids.length; i += 5000) {
      await db.deleteFrom('sys_file_ref').where('entity_table', '=', this.table).where('record_id', 'in', ids.slice(i, i + 5000)).execute();
    }
  }

  /**
   * Reads every row of the table into sys_file_ref, in one transaction, unless the table was last
   * read with the same file columns; returns whether it read. `scoped`: the table has tenants.
   */
  async fill(db: Kysely<DB>, scoped: boolean): Promise<boolean> {
    if (!this.tracked) {
      // A page whose file fields are gone leaves no stale references behind.
      await db.deleteFrom('sys_file_ref').where('entity_table', '=', this.table).execute();
      await db.deleteFrom('sys_file_ref_scan').where('entity_table', '=', this.table).execute();
      return false;
    }
    const signature = this.signature;
    return inTransaction(db, async (trx) => {
      const scan = await trx.selectFrom('sys_file_ref_scan').select('file_columns').where('entity_table', '=', this.table).forUpdate().executeTakeFirst();
      if (scan?.file_columns === signature) return false;
      await trx.deleteFrom('sys_file_ref').where('entity_table', '=', this.table).execute();
      const columns = [...new Set(this.fields.map((f) => f.field.column))];
      const tenant = scoped ? sql.ref('tenant_id') : sql`NULL`;
      // Batches follow the id's primary key (a varchar: every id sorts after '').
      let after = '';
      for (;;) {
        const { rows } = await sql<Record<string, unknown> & { id: string; tenant: number | null }>`
          SELECT CAST(${sql.ref('id')} AS text) AS id, ${tenant} AS tenant, ${sql.join(columns.map((c) => sql.ref(c)))}
          FROM ${sql.table(this.table)}
          WHERE ${sql.ref('id')} > ${after}
          ORDER BY ${sql.ref('id')}
          LIMIT ${SCAN_BATCH}`.execute(trx);
        if (rows.length === 0) break;
        await this.insertRows(trx, this.rowsOf(rows.map((r) => ({ id: r.id, tenantId: r.tenant === null ? null : Number(r.tenant), columns: r }))));
        after = rows[rows.length - 1].id;
        if (rows.length < SCAN_BATCH) break;
      }
      await trx
        .insertInto('sys_file_ref_scan')
        .values({ entity_table: this.table, file_columns: signature })
        .onConflict((oc) => oc.column('entity_table').doUpdateSet({ file_columns: signature, scanned_at: sql`now()` }))
        .execute();
      return true;
    });
  }
}

/** Is this page's table split by tenant (as the entity store scopes it)? */
export function tenantScopedTable(page: CompiledPage, tableColumns?: ReadonlySet<string>): boolean {
  return page.entity.tenantScoped && (tableColumns ? tableColumns.has('tenant_id') : true);
}

/**
 * At start, after the page tables and the seed: reads the file references of every page table not
 * yet read with its current file columns (a database from before sys_file_ref, a page that gained
 * a file field). Idempotent: a second start reads nothing. Returns the tables read.
 */
export async function fillFileReferences(db: Kysely<DB>, pages: readonly CompiledPage[]): Promise<string[]> {
  const filled: string[] = [];
  // A page served by a module (servedPages.ts) describes answers, not its table: its table's own page reads it.
  for (const page of pages.filter((p) => !isServedByModule(p))) {
    const refs = new FileReferences(page.entity.table, page);
    const columns = await tableColumnsOf(db, page.entity.table);
    if (columns.size === 0) continue;
    if (await refs.fill(db, tenantScopedTable(page, columns))) filled.push(page.entity.table);
  }
  return filled;
}

async function tableColumnsOf(db: Kysely<DB>, table: string): Promise<Set<string>> {
  const state = await readTable(db, table);
  return new Set(state?.columns.map((c) => c.name) ?? []);
}
