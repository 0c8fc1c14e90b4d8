import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installAuthGuard } from '../../../server/auth/guard';
import { ok } from '../../../server/http/envelope';
import { requireInputSchemas } from '../../../server/http/routeSchema';
import type { MenuItem } from '../../../server/sys/menu';
import { DATABASE_KINDS } from '../../support/database';
import { API, body, get, login, startTestApp, type TestApp } from '../support/app';

interface PermissionResult {
  menu: MenuItem[];
  auth: Array<{ action: string; type: string; describe: string }>;
  allAuth: Array<{ action: string; status: string; type: string; describe: string }>;
  sysSafeMode: boolean;
}

function titles(items: MenuItem[]): string[] {
  return items.map((i) => i.meta.title);
}

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [i, ...flatten(i.children ?? [])]);
}

describe('route registration', () => {
  it('refuses a route that declares neither anonymous nor a permission', async () => {
    const app = Fastify();
    installAuthGuard(app);
    expect(() => app.get('/forgotten', async () => 'open by accident')).toThrow(
      '路由 GET /forgotten 未声明访问规则：请设置 config.anonymous: true 或 config.permission',
    );
    await app.close();
  });

  it('refuses a route without an input schema', async () => {
    const app = Fastify();
    requireInputSchemas(app);
    expect(() => app.get('/x', { config: { anonymous: true } }, async () => 'x')).toThrow(
      '路由 GET /x 未声明输入的 JSON Schema',
    );
    await app.close();
  });
});

describe.each(DATABASE_KINDS)('menu and permissions (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let lisi: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    // A route guarded by a button permission, to exercise the 510 path.
    t.app.get(
      `${API}/test/user-add`,
      { config: { permission: 'user:add' }, schema: { querystring: { type: 'object' } } },
      async () => ok('allowed'),
    );
    admin = (await login(t.app, 'admin')).token;
    lisi = (await login(t.app, 'lisi')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function permissionsOf(token: string): Promise<PermissionResult> {
    const response = await get(t.app, '/sys/permission/getUserPermissionByToken', token);
    // Sent as JSON text kept per set of grants: the same type as an answer Fastify serialises.
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const envelope = body<PermissionResult>(response);
    expect(envelope.success).toBe(true);
    return envelope.result;
  }

  it('gives admin the whole menu, home first, in sort order', async () => {
    const { menu, sysSafeMode } = await permissionsOf(admin);
    expect(sysSafeMode).toBe(false);
    expect(menu[0]).toMatchObject({
      path: '/dashboard/analysis',
      component: 'dashboard/Analysis',
      name: 'dashboard-analysis',
      route: '1',
      meta: { title: '首页', icon: 'HomeOutlined', componentName: 'Analysis', keepAlive: false, internalOrExternal: false },
    });
    expect(titles(menu)).toContain('系统管理');
    const system = menu.find((m) => m.meta.title === '系统管理') as MenuItem;
    expect(system).toMatchObject({ path: '/isystem', component: 'layouts/RouteView', redirect: '/isystem/user' });
    expect(titles(system.children ?? []).slice(0, 3)).toEqual(['用户管理', '角色管理', '菜单管理']);
    expect(system.children?.[0]).not.toHaveProperty('redirect');
    for (const item of flatten(menu)) {
      expect(item).not.toHaveProperty('hidden', false);
      expect(item).not.toHaveProperty('alwaysShow', false);
    }
  });

  it('turns external links into md5 paths with meta.url', async () => {
    const { menu } = await permissionsOf(admin);
    const link = flatten(menu).find((m) => m.meta.title === '金融监管总局') as MenuItem;
    expect(link.path).toMatch(/^[0-9a-f]{32}$/);
    expect(link.meta).toMatchObject({ url: 'https://www.nfra.gov.cn/', internalOrExternal: true });
  });

  it('shows an adjuster fewer menus and buttons than admin', async () => {
    const forAdmin = await permissionsOf(admin);
    const forLisi = await permissionsOf(lisi);
    expect(titles(forLisi.menu)).not.toContain('系统管理');
    expect(titles(forLisi.menu)[0]).toBe('首页');
    expect(flatten(forLisi.menu).length).toBeLessThan(flatten(forAdmin.menu).length);

    const lisiActions = forLisi.auth.map((a) => a.action);
    expect(lisiActions).toEqual(expect.arrayContaining(['receive:add', 'receive:edit']));
    expect(lisiActions).not.toContain('receive:approve');
    expect(lisiActions).not.toContain('user:add');
    const adminActions = forAdmin.auth.map((a) => a.action);
    expect(adminActions).toEqual(expect.arrayContaining(['user:add', 'receive:approve', 'caseCost:approve']));
    for (const item of forLisi.auth) expect(item).toEqual({ action: expect.any(String), type: expect.any(String), describe: expect.any(String) });

    // allAuth lists every button whoever asks.
    expect(forLisi.allAuth).toEqual(forAdmin.allAuth);
    expect(forAdmin.allAuth.map((a) => a.action)).toEqual(expect.arrayContaining(['user:add', 'receive:approve']));
    expect(forAdmin.allAuth[0]).toEqual({
      action: expect.any(String),
      status: expect.any(String),
      type: expect.any(String),
      describe: expect.any(String),
    });
  });

  it('leaves out buttons whose rule is disabled (status 0) from auth but not from allAuth', async () => {
    await t.database.db.updateTable('sys_permission').set({ status: '0' }).where('perms', '=', 'receive:add').execute();
    try {
      const forLisi = await permissionsOf(lisi);
      expect(forLisi.auth.map((a) => a.action)).not.toContain('receive:add');
      expect(forLisi.allAuth).toContainEqual(expect.objectContaining({ action: 'receive:add', status: '0' }));
    } finally {
      await t.database.db.updateTable('sys_permission').set({ status: '1' }).where('perms', '=', 'receive:add').execute();
    }
  });

  it('hides a parent whose children are all hidden', async () => {
    const { menu } = await permissionsOf(admin);
    const report = menu.find((m) => m.meta.title === '统计报表') as MenuItem;
    const childIds = (report.children ?? []).map((c) => c.id);
    await t.database.db.updateTable('sys_permission').set({ hidden: true }).where('id', 'in', childIds).execute();
    try {
      const after = (await permissionsOf(admin)).menu.find((m) => m.meta.title === '统计报表') as MenuItem;
      expect(after.hidden).toBe(true);
      expect(after.meta.hideMenu).toBe(true);
      expect(after.children?.every((c) => c.hidden === true)).toBe(true);
    } finally {
      await t.database.db.updateTable('sys_permission').set({ hidden: false }).where('id', 'in', childIds).execute();
    }
  });

  it('answers 510 when the permission code is missing, and lets its holder through', async () => {
    const refused = await get(t.app, '/test/user-add', lisi);
    expect(refused.statusCode).toBe(200);
    expect(body(refused)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    expect(body(await get(t.app, '/test/user-add', admin))).toMatchObject({ success: true, result: 'allowed' });
    expect((await get(t.app, '/test/user-add')).statusCode).toBe(401);
  });
});
