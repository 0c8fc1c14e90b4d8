import { hashPassword } from '../auth/password';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { insertAnnouncements } from './announcements';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { insertCheckRules, insertDicts } from './dictionaries';
import { SeedError } from './documents';
import { loadSeedDocument } from './load';
import { insertEntityButtons, insertEntityRows, loadEntitySeeds } from './entities';
import { insertMenus } from './menus';
import { insertDemoOnlineReports } from './onlineReports';
import { generateDemo, hasDemoPages, STARTUP_DEMO_CASES } from './demo';
import { insertDeparts, insertPositions } from './organisation';
import { insertRoles } from './roles';
import { insertRoleDataRules } from './dataRules';
import { insertUsers, PRODUCTION_ADMIN } from './users';
import { inTransaction } from '../db/transaction';

export { SeedError } from './documents';

/** Every demo account signs in with this password (README, demo data contract). */
export const DEMO_PASSWORD = '123456';

/** Serialises seeding when several servers start on one empty PostgreSQL database. */
const SEED_LOCK = 7_420_250_001;

async function hasUsers(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Fills an empty database from schemas/seed/: the organisation, positions, roles, the whole menu with
 * its buttons and role grants, dictionaries and check rules; with `demo` also the demo staff and
 * announcements, otherwise only an `admin` whose password is `adminPassword`. Does nothing when
 * sys_user already has rows; everything else happens in one transaction.
 */
export interface SeedOptions {
  demo: boolean;
  adminPassword?: string;
  /**
   * Entity pages (server/crud/pages.ts), their tables already applied: each page's permission codes
   * get buttons under the menu item `schema/<module>/<entity>`, granted by the roles' button patterns,
   * and with `demo` the rows of schemas/seed/entities/ are inserted through the entity write path.
   */
  pages?: readonly CompiledPage[];
  /**
   * With `demo`: how many demo cases (with their members, progress, costs, hours, invoices,
   * complaints and letters) the seed writes, the hand-written ones of schemas/seed/demo/cases.json
   * first; default STARTUP_DEMO_CASES. 0 leaves the case tables empty (the generator fills them).
   */
  demoCases?: number;
}

export async function seed(db: Kysely<DB>, opts: SeedOptions): Promise<void> {
  if (await hasUsers(db)) return;
  const password = opts.demo ? DEMO_PASSWORD : opts.adminPassword;
  if (!password) {
    throw new SeedError('不带演示数据初始化时必须提供管理员 admin 的初始密码（ADMIN_PASSWORD）');
  }
  // Validate every file before touching the database, so a broken seed leaves it empty.
  const departs = loadSeedDocument('departs').departs;
  const positions = loadSeedDocument('positions').positions;
  const roles = loadSeedDocument('roles').roles;
  const menus = loadSeedDocument('menus').menus;
  const dicts = loadSeedDocument('dicts').dicts;
  const checkRules = loadSeedDocument('check-rules').checkRules;
  const users = opts.demo ? loadSeedDocument('users').users : [PRODUCTION_ADMIN];
  const announcements = opts.demo ? loadSeedDocument('announcements').announcements : [];
  const pages = opts.pages ?? [];
  const entitySeeds = opts.demo && pages.length > 0 ? loadEntitySeeds() : [];
  // One hash per account, each with its own salt: accounts never share a hash string, so one
  // cracked hash says nothing about the others' (argon2id, a few tens of ms each).
  const passwordHashes = new Map<string, string>();
  for (const user of users) passwordHashes.set(user.username, await hashPassword(password));

  await inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (await hasUsers(trx)) return;
    const departIds = await insertDeparts(trx, departs);
    const positionCodes = await insertPositions(trx, positions);
    const permissions = await insertMenus(trx, menus);
    const menuByComponent = await trx
      .selectFrom('sys_permission')
      .select(['id', 'component'])
      .where('menu_type', '!=', 2)
      .where('component', 'like', 'schema/%')
      .execute();
    permissions.push(
      ...(await insertEntityButtons(trx, pages, permissions, new Map(menuByComponent.map((m) => [m.component as string, m.id])))),
    );
    const roleIds = await insertRoles(trx, roles, permissions);
    await insertRoleDataRules(trx, roles, permissions, roleIds);
    await insertDicts(trx, dicts);
    await insertCheckRules(trx, checkRules);
    const userIds = await insertUsers(
      trx,
      users,
      { departs: departIds, roles: roleIds, positions: positionCodes },
      passwordHashes,
    );
    await insertAnnouncements(trx, announcements, userIds);
    // Last: entity rows may refer to users, departments and dictionaries through their dictionaries.
    await insertEntityRows(trx, pages, entitySeeds);
    // Then the cases, written straight into their tables (server/seed/demo): they refer to all of the above.
    const cases = opts.demoCases ?? STARTUP_DEMO_CASES;
    if (opts.demo && cases > 0 && hasDemoPages(pages)) await generateDemo(trx, pages, { cases, withFixedCases: true });
    if (opts.demo && hasDemoPages(pages)) await insertDemoOnlineReports(trx);
  });
}
