import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { currentUser } from '../auth/guard';
import { cachedAuthRead } from '../auth/authCache';
import { grantedPermissionIds, grantKeyOf } from '../auth/permissions';
import type { DB } from '../db/types';
import { JSON_CONTENT_TYPE, okJsonText } from '../http/envelope';
import { SIGNED_IN } from '../http/routeConfig';
import { buildMenuTree, HOME_MENU_NAME, type AllAuthItem, type AuthItem, type MenuItem, type MenuRow } from './menu';

const MENU_COLUMNS = [
  'p.id', 'p.parent_id', 'p.name', 'p.url', 'p.component', 'p.component_name', 'p.redirect', 'p.menu_type',
  'p.sort_no', 'p.always_show', 'p.icon', 'p.is_route', 'p.keep_alive', 'p.hidden', 'p.hide_tab',
  'p.internal_or_external', 'p.perms', 'p.perms_type', 'p.status',
] as const;

async function grantedRows(db: Kysely<DB>, grantKey: string) {
  return db
    .selectFrom('sys_permission as p')
    .select(MENU_COLUMNS)
    .where('p.del_flag', '=', 0)
    .where('p.id', 'in', grantedPermissionIds(db, grantKey))
    .orderBy('p.sort_no')
    .orderBy('p.id')
    .execute();
}

/** Every user sees the home page, granted or not (JeecgBoot's addIndexPage). */
async function withHomePage(db: Kysely<DB>, rows: MenuRow[]): Promise<MenuRow[]> {
  if (rows.some((r) => r.name === HOME_MENU_NAME && r.menu_type !== 2)) return rows;
  const home = await db
    .selectFrom('sys_permission as p')
    .select(MENU_COLUMNS)
    .where('p.name', '=', HOME_MENU_NAME)
    .where('p.menu_type', 'in', [0, 1])
    .where('p.del_flag', '=', 0)
    .orderBy('p.sort_no')
    .executeTakeFirst();
  return home ? [home, ...rows] : rows;
}

interface GrantedMenu {
  menu: MenuItem[];
  auth: AuthItem[];
  allAuth: AllAuthItem[];
}

/**
 * A set of grants' menu as the answer's JSON text up to its last key: `{"menu":…,"auth":…,"allAuth":…`.
 * It is ≈ 60 kB for a 部门经理, and every user of that set of roles is sent the same; serialised once
 * per cached entry instead of on every request (users bench: a tenth of all requests).
 */
function openMenuJson(granted: GrantedMenu): string {
  const { menu, auth, allAuth } = granted;
  return JSON.stringify({ menu, auth, allAuth }).slice(0, -1);
}

async function menuOf(db: Kysely<DB>, grantKey: string): Promise<GrantedMenu> {
  const rows = await grantedRows(db, grantKey);
  const menu = buildMenuTree(await withHomePage(db, rows));
  const auth: AuthItem[] = rows
    .filter((r) => r.menu_type === 2 && r.status === '1')
    .map((r) => ({ action: r.perms, type: r.perms_type, describe: r.name }));
  const allButtons = await db
    .selectFrom('sys_permission')
    .select(['perms', 'perms_type', 'name', 'status'])
    .where('menu_type', '=', 2)
    .where('del_flag', '=', 0)
    .orderBy('sort_no')
    .orderBy('id')
    .execute();
  const allAuth: AllAuthItem[] = allButtons.map((r) => ({
    action: r.perms,
    status: r.status,
    type: r.perms_type,
    describe: r.name,
  }));
  return { menu, auth, allAuth };
}

export const permissionRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/sys/permission/getUserPermissionByToken',
    {
      config: { permission: SIGNED_IN },
      schema: { querystring: { type: 'object', properties: { _t: { type: 'string' } } } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // The node's auth cache keeps the answer of each set of grants (users with the same roles share
      // it), as JSON text, until a grant, menu or button changes.
      const grantKey = await grantKeyOf(app.db, user.userId);
      const menuJson = await cachedAuthRead(app.db, `menu:${grantKey}`, async () => openMenuJson(await menuOf(app.db, grantKey)));
      // dictVersion: the browser compares it with its 7-day dictionary copy and reads them again when it differs.
      const dictVersion = await app.dictionaries.version();
      reply.type(JSON_CONTENT_TYPE);
      return okJsonText(`${menuJson},"sysSafeMode":false,"dictVersion":${JSON.stringify(dictVersion)}}`);
    },
  );
};
