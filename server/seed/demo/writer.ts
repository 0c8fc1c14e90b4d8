import { CompiledQuery, type Kysely } from 'kysely';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { STANDARD_COLUMN_NAMES } from '../../../runtime/contract/standardColumns';
import type { DB } from '../../db/types';
import { SeedError } from '../documents';
import { DEMO_ENTITIES, type DemoRow, type DemoRows, type DemoTable } from './caseLife';

/** Fields the demo fills when the page has them (another part of the system may not have added them yet). */
const STANDARD: Record<string, string> = {
  id: STANDARD_COLUMN_NAMES.id,
  createBy: STANDARD_COLUMN_NAMES.createBy,
  createTime: STANDARD_COLUMN_NAMES.createTime,
  sysOrgCode: STANDARD_COLUMN_NAMES.sysOrgCode,
};

/** PostgreSQL takes at most 65535 parameters a statement; stay well below. */
const MAX_PARAMETERS = 30_000;

interface TableWriter {
  table: string;
  /** [field name, column] for every field the rows carry and the page has. */
  columns: [string, string][];
}

/** Where each demo table's rows go, read from the pages (the column names are theirs, never typed here). */
export function demoWriters(pages: readonly CompiledPage[]): Map<DemoTable, TableWriter> {
  const byEntity = new Map(pages.map((p) => [`${p.entity.module}/${p.entity.name}`, p]));
  const writers = new Map<DemoTable, TableWriter>();
  for (const [short, entity] of Object.entries(DEMO_ENTITIES) as [DemoTable, string][]) {
    const page = byEntity.get(entity);
    if (!page) throw new SeedError(`演示数据需要页面 ${entity}，但没有加载它`);
    const columns: [string, string][] = [...Object.entries(STANDARD)];
    for (const field of page.fields) if (!field.link) columns.push([field.name, field.column]);
    writers.set(short, { table: page.entity.table, columns });
  }
  return writers;
}

/** True when every page the demo writes is loaded (a test app with a few pages gets no demo cases). */
export function hasDemoPages(pages: readonly CompiledPage[]): boolean {
  const names = new Set(pages.map((p) => `${p.entity.module}/${p.entity.name}`));
  return Object.values(DEMO_ENTITIES).every((e) => names.has(e));
}

function checkFields(short: DemoTable, writer: TableWriter, row: DemoRow): void {
  const known = new Set(writer.columns.map(([field]) => field));
  for (const field of Object.keys(row)) {
    if (!known.has(field)) {
      throw new SeedError(`演示数据的字段 ${DEMO_ENTITIES[short]}.${field} 在页面中不存在`);
    }
  }
}

/** An identifier of our own page files (never a request's), quoted for the statement text. */
const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * Inserts the rows, table by table in the order given, as multi-row INSERTs of bounded size. The
 * statement text is put together here rather than by the query builder: a million cases are tens of
 * millions of values, and a builder node per value costs more than writing them.
 */
export async function writeDemoRows(db: Kysely<DB>, writers: ReadonlyMap<DemoTable, TableWriter>, rows: DemoRows): Promise<void> {
  for (const short of Object.keys(DEMO_ENTITIES) as DemoTable[]) {
    const list = rows[short];
    if (list.length === 0) continue;
    const writer = writers.get(short);
    if (!writer) continue;
    checkFields(short, writer, list[0]);
    const present = writer.columns.filter(([field]) => list.some((r) => field in r));
    const head = `INSERT INTO ${quoted(writer.table)} (${present.map(([, column]) => quoted(column)).join(', ')}) VALUES `;
    const batch = Math.max(1, Math.floor(MAX_PARAMETERS / present.length));
    for (let i = 0; i < list.length; i += batch) {
      const slice = list.slice(i, i + batch);
      const parameters: unknown[] = [];
      const tuples: string[] = [];
      for (const row of slice) {
        const marks: string[] = [];
        for (const [field] of present) {
          parameters.push(row[field] ?? null);
          marks.push(`$${parameters.length}`);
        }
        tuples.push(`(${marks.join(', ')})`);
      }
      await db.executeQuery(CompiledQuery.raw(head + tuples.join(', '), parameters));
    }
  }
}
