import type { Kysely } from 'kysely';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { addMissingPageMenus, type AddedPageMenu } from '../crud/pageMenus';
import { applyPageTables } from '../crud/pages';
import { isServedByModule } from '../crud/servedPages';
import { fillFileReferences } from '../files';
import { seed, type SeedOptions } from '../seed';
import { upgradeSingleCaseInvoices } from '../finance/upgradeLinks';
import { ensureSettings, type InitialSettings } from '../sys/setting/settings';
import { ensureCaseSummary } from '../dashboard/caseSummary';
import { ensureContainsIndexes } from '../crud/containsIndexes';
import { ensureChildLinkIndexes } from '../crud/childLinkIndexes';
import { ensureViewIndexes } from '../crud/viewIndexes';
import { ensureCoveringIndexes } from '../crud/coveringIndexes';
import { migrateToLatest } from './migrate';
import type { DB } from './types';

/** What a start changed, for the log. */
export interface PreparedDatabase {
  migrations: string[];
  /** Entity tables created or altered, as `table(action)`. */
  tables: string[];
  /** Tables whose stored files were read into the file references. */
  referenced: string[];
  menus: AddedPageMenu[];
}

/**
 * Brings a database to what the pages need, in the order a start must follow: system migrations,
 * the 系统设置 rows, the pages' tables, the seed (an empty database only), the file references of rows written before,
 * and — for the served app — a menu item for every page no menu opens yet. The server, the test
 * setups and the benchmarks start through this one function, so they cannot drift apart.
 */
export async function prepareDatabase(
  db: Kysely<DB>,
  opts: { pages: readonly CompiledPage[]; seed: Omit<SeedOptions, 'pages'>; addMenus?: boolean; settings?: InitialSettings },
): Promise<PreparedDatabase> {
  const migrations = await migrateToLatest(db);
  // 系统设置 rows the database lacks, with their first values (REGISTRATION); existing ones stay.
  await ensureSettings(db, opts.settings ?? {});
  const ddl = await applyPageTables(db, opts.pages);
  // Rows of older databases the new tables reshape (an invoice's one case becomes a link).
  await upgradeSingleCaseInvoices(db);
  // 首页's case summary follows the case table from now on (its triggers need the table).
  await ensureCaseSummary(db);
  // Pages served by a named module own no table: no seed rows, no file references.
  const tablePages = opts.pages.filter((page) => !isServedByModule(page));
  await ensureContainsIndexes(db, tablePages);
  await ensureChildLinkIndexes(db, tablePages);
  await ensureViewIndexes(db, tablePages);
  await ensureCoveringIndexes(db, tablePages);
  await seed(db, { ...opts.seed, pages: tablePages });
  const referenced = await fillFileReferences(db, tablePages);
  const menus = opts.addMenus ? await addMissingPageMenus(db, opts.pages) : [];
  return {
    migrations,
    tables: ddl.tables.filter((t) => t.action !== 'unchanged').map((t) => `${t.table}(${t.action})`),
    referenced,
    menus,
  };
}
