import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/open';
import { addMenus } from '../../../server/db/migrations/0035_settings_third_accounts';
import { DATABASE_KINDS, openTestDatabase } from '../../support/database';

const COMPONENTS = ['schema/sys/setting', 'schema/sys/thirdAccount'];
const CODES = ['setting:edit', 'setting:exportXls', 'setting:list', 'thirdAccount:delete', 'thirdAccount:exportXls', 'thirdAccount:list'];

describe.each(DATABASE_KINDS)('migration 0035: 系统设置 and 第三方账号 in a database seeded before (%s)', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const db = database.db;
    // Back to what an older seed wrote: neither item nor its buttons.
    const items = await db.selectFrom('sys_permission').select('id').where('component', 'in', COMPONENTS).execute();
    const buttons = await db.selectFrom('sys_permission').select('id').where('parent_id', 'in', items.map((i) => i.id)).execute();
    const ids = [...items, ...buttons].map((r) => r.id);
    await db.deleteFrom('sys_role_permission').where('permission_id', 'in', ids).execute();
    await db.deleteFrom('sys_permission').where('id', 'in', ids).execute();
  }, 120_000);
  afterAll(async () => database?.close());

  it('adds both items under 系统管理 (第三方账号 hidden), their buttons granted to the roles holding 用户管理', async () => {
    await addMenus(database.db as never);
    await addMenus(database.db as never);
    const items = await sql<{ name: string; url: string; hidden: boolean; parent: string }>`
      SELECT p.name, p.url, p.hidden, parent.url AS parent FROM sys_permission p JOIN sys_permission parent ON parent.id = p.parent_id
      WHERE p.component IN (${sql.join(COMPONENTS)}) ORDER BY p.url`.execute(database.db);
    expect(items.rows).toEqual([
      { name: '系统设置', url: '/isystem/setting', hidden: false, parent: '/isystem' },
      { name: '第三方账号', url: '/isystem/third-account', hidden: true, parent: '/isystem' },
    ]);
    const granted = await sql<{ perms: string; roles: string }>`
      SELECT p.perms, string_agg(r.role_code, ',' ORDER BY r.role_code) AS roles
      FROM sys_permission p JOIN sys_role_permission rp ON rp.permission_id = p.id JOIN sys_role r ON r.id = rp.role_id
      WHERE p.perms IN (${sql.join(CODES)}) GROUP BY p.perms ORDER BY p.perms`.execute(database.db);
    expect(granted.rows).toEqual(CODES.map((perms) => ({ perms, roles: 'admin' })));
  });
});
