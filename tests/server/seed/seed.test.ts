import { verify } from '@node-rs/argon2';
import * as antIcons from '@ant-design/icons';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/open';
import { DEMO_PASSWORD, SeedError, seed } from '../../../server/seed';
import { DATABASE_KINDS, openTestDatabase } from '../../support/database';

const SEEDED_TABLES = [
  'sys_announcement_send', 'sys_announcement', 'sys_check_rule', 'sys_dict_item', 'sys_dict',
  'sys_role_permission', 'sys_permission', 'sys_user_depart', 'sys_user_role', 'sys_user', 'sys_role',
  'sys_position', 'sys_depart',
] as const;

describe.each(DATABASE_KINDS)('demo seed on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const count = async (table: (typeof SEEDED_TABLES)[number]) =>
    Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** The urls of the menus (menu_type 0/1) a role is granted. */
  async function menuUrlsOf(roleCode: string): Promise<string[]> {
    const rows = await database.db
      .selectFrom('sys_role as r')
      .innerJoin('sys_role_permission as rp', 'rp.role_id', 'r.id')
      .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
      .select(['p.url'])
      .where('r.role_code', '=', roleCode)
      .where('p.menu_type', '!=', 2)
      .execute();
    return rows.map((r) => r.url!).sort();
  }

  async function buttonCodesOf(roleCode: string): Promise<string[]> {
    const rows = await database.db
      .selectFrom('sys_role as r')
      .innerJoin('sys_role_permission as rp', 'rp.role_id', 'r.id')
      .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
      .select(['p.perms'])
      .where('r.role_code', '=', roleCode)
      .where('p.menu_type', '=', 2)
      .execute();
    return rows.map((r) => r.perms!).sort();
  }

  async function userByName(username: string) {
    return database.db.selectFrom('sys_user').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  }

  async function departCodesOf(username: string): Promise<string[]> {
    const rows = await database.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_user_depart as ud', 'ud.user_id', 'u.id')
      .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
      .select('d.org_code')
      .where('u.username', '=', username)
      .execute();
    return rows.map((r) => r.org_code).sort();
  }

  it('creates the firm: two companies with their departments, positions with hourly cost, four roles', async () => {
    const departs = await database.db.selectFrom('sys_depart').selectAll().orderBy('org_code').execute();
    const byCode = new Map(departs.map((d) => [d.org_code, d]));
    expect([...byCode.keys()]).toEqual(['A01', 'A01A01', 'A01A02', 'A01A03', 'A01A04', 'A02', 'A02A01']);
    expect(byCode.get('A01')).toMatchObject({ depart_name: '华泰公估有限公司', parent_id: null, org_category: '1' });
    expect(byCode.get('A01A01')).toMatchObject({ depart_name: '车险理赔部', parent_id: byCode.get('A01')!.id, org_category: '2' });
    expect(byCode.get('A01A03')!.depart_name).toBe('财务部');
    expect(byCode.get('A02A01')).toMatchObject({ depart_name: '上海理赔部', parent_id: byCode.get('A02')!.id });
    for (const d of departs) expect(d.id).toMatch(/^[0-9a-f]{32}$/);

    const positions = await database.db.selectFrom('sys_position').select(['name', 'hour_cost']).execute();
    const cost = Object.fromEntries(positions.map((p) => [p.name, Number(p.hour_cost)]));
    expect(cost).toMatchObject({ 首席公估师: 600, 高级公估师: 400, 公估师: 250, 助理公估师: 150, 财务专员: 120 });

    const roles = await database.db.selectFrom('sys_role').select(['role_code', 'role_name']).orderBy('role_code').execute();
    expect(roles).toEqual([
      { role_code: 'adjuster', role_name: '公估师' },
      { role_code: 'admin', role_name: '管理员' },
      { role_code: 'finance', role_name: '财务' },
      { role_code: 'manager', role_name: '部门经理' },
    ]);
  });

  it('creates the five demo users of the contract with their roles and departments', async () => {
    expect(await count('sys_user')).toBe(5);
    const roles = await database.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
      .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
      .select(['u.username', 'u.realname', 'r.role_code'])
      .orderBy('u.username')
      .execute();
    expect(roles).toEqual([
      { username: 'admin', realname: '管理员', role_code: 'admin' },
      { username: 'lisi', realname: '李四', role_code: 'adjuster' },
      { username: 'wangwu', realname: '王五', role_code: 'finance' },
      { username: 'zhangsan', realname: '张三', role_code: 'manager' },
      { username: 'zhaoliu', realname: '赵六', role_code: 'adjuster' },
    ]);
    expect(await departCodesOf('admin')).toEqual(['A01']);
    expect(await departCodesOf('zhangsan')).toEqual(['A01A01', 'A01A02']);
    expect(await departCodesOf('lisi')).toEqual(['A01A01']);
    expect(await departCodesOf('wangwu')).toEqual(['A01A03']);
    expect(await departCodesOf('zhaoliu')).toEqual(['A01A02']);
    // The current department is the first one listed.
    expect((await userByName('zhangsan')).org_code).toBe('A01A01');
    expect((await userByName('zhaoliu')).status).toBe(2);
    expect((await userByName('lisi')).status).toBe(1);
    const lisi = await userByName('lisi');
    expect(lisi.phone).toMatch(/^1[3-9]\d{9}$/);
    expect(lisi.post).toBe('senior_adjuster');
  });

  it('stores argon2id hashes under which every demo user signs in with 123456', async () => {
    const users = await database.db.selectFrom('sys_user').select(['username', 'password']).execute();
    for (const user of users) {
      expect(user.password, user.username).toMatch(/^\$argon2id\$/);
      expect(await verify(user.password, DEMO_PASSWORD), user.username).toBe(true);
      expect(await verify(user.password, '654321'), user.username).toBe(false);
    }
    // Each account has its own salt: no two share a hash string.
    expect(new Set(users.map((u) => u.password)).size).toBe(users.length);
  });

  it('seeds the whole menu with unique urls and unique permission codes', async () => {
    const rows = await database.db.selectFrom('sys_permission').selectAll().execute();
    const menus = rows.filter((r) => r.menu_type !== 2);
    const buttons = rows.filter((r) => r.menu_type === 2);
    const urls = menus.map((m) => m.url);
    expect(urls.every((u) => typeof u === 'string' && u.length > 0)).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    const codes = buttons.map((b) => b.perms);
    expect(new Set(codes).size).toBe(codes.length);

    const top = menus.filter((m) => m.parent_id === null).sort((a, b) => Number(a.sort_no) - Number(b.sort_no));
    expect(top.every((m) => m.menu_type === 0)).toBe(true);
    expect(top[0]).toMatchObject({ name: '首页', url: '/dashboard/analysis', component: 'dashboard/Analysis' });
    expect(top.map((m) => m.name)).toEqual(
      expect.arrayContaining(['案件管理', '费用管理', '发票管理', '知识库', '基础数据', '统计报表', '系统管理', '系统监控', '在线开发', '异常页']),
    );
    expect(menus.filter((m) => m.parent_id !== null).every((m) => m.menu_type === 1)).toBe(true);

    const byUrl = new Map(menus.map((m) => [m.url!, m]));
    for (const url of ['/receive/handle', '/receive/new', '/receive/over', '/receive/personal', '/receive/old',
      '/receive/wait-receipt', '/receive/approve', '/receive/progress', '/receive/member', '/maintenance/expert',
      '/report/share', '/isystem/user', '/monitor/redis', '/online/cgform', '/online/cgreport']) {
      expect(byUrl.has(url), url).toBe(true);
    }
    expect(menus.filter((m) => m.parent_id === byUrl.get('/maintenance')!.id)).toHaveLength(18);
    expect(menus.filter((m) => m.parent_id === byUrl.get('/report')!.id)).toHaveLength(8);
    expect(byUrl.get('/receive/handle')).toMatchObject({ component: 'schema/receive/receive/handle', keep_alive: true });
    expect(byUrl.get('/online/cgformList/:code')).toMatchObject({
      component: 'modules/online/cgform/auto/OnlCgformAutoList', hidden: true,
    });
    expect(byUrl.get('/online/cgreport/:code')).toMatchObject({
      component: 'modules/online/cgreport/auto/OnlCgreportAutoList', hidden: true,
    });
    expect(byUrl.get('/isps/userAnnouncement')).toMatchObject({ component: 'isps/UserAnnouncement', hidden: true });
    expect(byUrl.get('/exception/404')!.component).toBe('exception/404');
    const httpItems = menus.filter((m) => /^https?:\/\//.test(m.url!));
    expect(httpItems.some((m) => m.internal_or_external)).toBe(true);
    expect(httpItems.some((m) => !m.internal_or_external && m.component === 'layouts/IframePageView')).toBe(true);

    expect(buttons.find((b) => b.perms === 'user:form:birthday')).toMatchObject({ perms_type: '2' });
    expect(buttons.some((b) => b.status === '0')).toBe(true);
    for (const code of ['user:add', 'user:edit', 'user:delete', 'role:add', 'receive:add', 'receive:edit',
      'receive:delete', 'receive:approve', 'expert:add', 'expert:edit', 'expert:delete', 'caseCost:approve', 'caseCost:pay', 'receipt:add']) {
      expect(codes, code).toContain(code);
    }
  });

  it('keeps the menu tree consistent: leaves, parents and their redirects, icons', async () => {
    const rows = await database.db.selectFrom('sys_permission').selectAll().execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const childCount = new Map<string, number>();
    for (const r of rows) if (r.parent_id) childCount.set(r.parent_id, (childCount.get(r.parent_id) ?? 0) + 1);
    for (const r of rows) {
      if (r.parent_id) expect(byId.has(r.parent_id), r.name).toBe(true);
      expect(r.is_leaf, r.name).toBe(!childCount.has(r.id));
      if (r.menu_type === 2) {
        expect(byId.get(r.parent_id!)!.menu_type, r.perms!).not.toBe(2);
        continue;
      }
      const subMenus = rows.filter((c) => c.parent_id === r.id && c.menu_type !== 2);
      if (subMenus.length > 0) {
        expect(r.component, r.name).toBe('layouts/RouteView');
        expect(subMenus.map((c) => c.url), r.name).toContain(r.redirect);
      }
      if (r.icon) expect(antIcons, r.icon).toHaveProperty(r.icon);
    }
  });

  it('grants admin everything, and the other roles clearly less — never 系统管理 or 系统监控', async () => {
    const allMenus = await database.db.selectFrom('sys_permission').select('url').where('menu_type', '!=', 2).execute();
    const allButtons = await database.db.selectFrom('sys_permission').select('perms').where('menu_type', '=', 2).execute();
    expect(await menuUrlsOf('admin')).toHaveLength(allMenus.length);
    expect(await buttonCodesOf('admin')).toHaveLength(allButtons.length);

    const manager = await menuUrlsOf('manager');
    const adjuster = await menuUrlsOf('adjuster');
    const finance = await menuUrlsOf('finance');
    for (const urls of [manager, adjuster, finance]) {
      expect(urls.some((u) => u === '/isystem' || u.startsWith('/isystem/'))).toBe(false);
      expect(urls.some((u) => u === '/monitor' || u.startsWith('/monitor/'))).toBe(false);
      expect(urls).toContain('/dashboard/analysis');
    }
    expect(manager).toEqual(expect.arrayContaining(['/receive/approve', '/maintenance/expert', '/report/receive', '/cost/approve']));
    expect(adjuster.length).toBeLessThan(manager.length / 1.5);
    expect(finance.length).toBeLessThan(manager.length / 1.5);
    expect(adjuster).not.toContain('/receive/approve');
    // Adjusters read the master data they pick from, and only that part of 基础数据.
    expect(adjuster).toEqual(expect.arrayContaining(['/maintenance', '/maintenance/expert', '/maintenance/insurance-company']));
    expect(adjuster).not.toContain('/maintenance/currency');
    expect(finance).not.toContain('/maintenance');
    expect(adjuster).toContain('/receive');
    expect(finance).toEqual(expect.arrayContaining(['/receipt/list', '/cost/approve', '/report/receipt']));
    expect(finance).not.toContain('/report/share');
  });

  it('grants the buttons of the contract', async () => {
    const adjuster = await buttonCodesOf('adjuster');
    expect(adjuster).toEqual(expect.arrayContaining(['receive:add', 'receive:edit', 'expert:list', 'customer:list']));
    for (const code of ['receive:approve', 'receive:delete', 'expert:add', 'user:add', 'user:edit', 'user:delete', 'receipt:add']) {
      expect(adjuster, code).not.toContain(code);
    }
    const finance = await buttonCodesOf('finance');
    expect(finance).toEqual(expect.arrayContaining(['receipt:add', 'caseCost:approve', 'caseCost:pay', 'caseCost:list', 'receive:list']));
    expect(finance).not.toContain('user:add');
    const manager = await buttonCodesOf('manager');
    expect(manager).toEqual(expect.arrayContaining(['receive:approve', 'expert:add', 'caseCost:approve', 'caseCost:list', 'receive:list']));
    expect(manager).not.toContain('caseCost:pay');
    expect(manager.some((c) => c.startsWith('user:') || c.startsWith('role:'))).toBe(false);
  });

  it('grants every role the pages of its buttons and the parents of its pages', async () => {
    const rows = await database.db
      .selectFrom('sys_role_permission as rp')
      .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
      .select(['rp.role_id', 'p.id', 'p.parent_id', 'p.name'])
      .execute();
    const held = new Set(rows.map((r) => `${r.role_id}/${r.id}`));
    for (const r of rows) {
      if (r.parent_id) expect(held.has(`${r.role_id}/${r.parent_id}`), r.name).toBe(true);
    }
  });

  it('seeds the dictionaries of the spec', async () => {
    const items = await database.db
      .selectFrom('sys_dict as d')
      .innerJoin('sys_dict_item as i', 'i.dict_id', 'd.id')
      .select(['d.dict_code', 'd.type', 'i.item_value', 'i.item_text', 'i.sort_order'])
      .orderBy('d.dict_code')
      .orderBy('i.sort_order')
      .execute();
    const dict = (code: string) => items.filter((i) => i.dict_code === code).map((i) => [i.item_value, i.item_text]);
    expect(dict('sex')).toEqual([['1', '男'], ['2', '女']]);
    expect(dict('user_status')).toEqual([['1', '正常'], ['2', '冻结']]);
    expect(dict('priority').map(([v]) => v)).toEqual(['L', 'M', 'H']);
    expect(dict('msg_category')).toEqual([['1', '通知公告'], ['2', '系统消息']]);
    expect(dict('send_status')).toEqual([['0', '未发布'], ['1', '已发布'], ['2', '已撤销']]);
    expect(dict('yn')).toEqual([['Y', '是'], ['N', '否']]);
    expect(dict('receive_status')).toEqual([
      ['new', '新建'], ['handle', '处理中'], ['approve', '结案审批'], ['over', '已结案'],
      ['wait_receipt', '待开票'], ['receipted', '已开票'], ['old', '历史'],
    ]);
    expect(dict('currency')).toEqual(expect.arrayContaining([['CNY', '人民币'], ['USD', '美元'], ['EUR', '欧元'], ['HKD', '港币']]));
    expect(dict('RECEIPT_TYPE').map(([, t]) => t)).toEqual(expect.arrayContaining(['增值税专用发票', '增值税普通发票']));
    for (const code of ['valid_status', 'org_category', 'menu_type', 'perms_type', 'entrust_type', 'trust_level', 'complaint_status', 'cost_status']) {
      expect(dict(code).length, code).toBeGreaterThan(1);
    }
    const numberTyped = new Set(items.filter((i) => i.type === 1).map((i) => i.dict_code));
    expect([...numberTyped].sort()).toEqual(['area_level', 'menu_type', 'sex', 'user_status']);
  });

  it('seeds published announcements with a send time, a draft without, and user-addressed ones delivered', async () => {
    const rows = await database.db.selectFrom('sys_announcement').selectAll().execute();
    const published = rows.filter((a) => a.send_status === '1');
    expect(published.length).toBeGreaterThanOrEqual(3);
    for (const a of published) {
      expect(a.send_time, a.titile).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(a.sender).toBeTruthy();
    }
    expect(new Set(published.map((a) => a.msg_category))).toEqual(new Set(['1', '2']));
    expect(new Set(published.map((a) => a.priority))).toEqual(new Set(['L', 'M', 'H']));
    expect(rows.filter((a) => a.send_status === '0').every((a) => a.send_time === null)).toBe(true);
    expect(rows.some((a) => a.send_status === '0')).toBe(true);
    expect(rows.find((a) => a.open_type === 'url')!.open_page).toBe('/dashboard/analysis');
    expect(published.every((a) => /<p>/.test(a.msg_content ?? ''))).toBe(true);

    const addressed = rows.find((a) => a.msg_type === 'USER')!;
    const sends = await database.db
      .selectFrom('sys_announcement_send as s')
      .innerJoin('sys_user as u', 'u.id', 's.user_id')
      .select(['u.username', 's.read_flag'])
      .where('s.annt_id', '=', addressed.id)
      .orderBy('u.username')
      .execute();
    expect(sends).toEqual([{ username: 'lisi', read_flag: '0' }, { username: 'zhangsan', read_flag: '0' }]);
    expect(addressed.user_ids!.split(',')).toHaveLength(2);
  });

  it('seeds check rules in JeecgBoot form', async () => {
    const rules = await database.db.selectFrom('sys_check_rule').selectAll().execute();
    const common = rules.find((r) => r.rule_code === 'common')!;
    const parts = JSON.parse(common.rule_json) as { digits: string; pattern: string; message: string }[];
    expect(parts).toEqual([{ digits: '*', pattern: '^.{6,}$', message: expect.stringContaining('6 位以上') }]);
    const receive = JSON.parse(rules.find((r) => r.rule_code === 'receive_number')!.rule_json) as typeof parts;
    expect(receive.length).toBeGreaterThan(1);
    for (const p of [...parts, ...receive]) expect(() => new RegExp(p.pattern)).not.toThrow();
  });

  it('does nothing on a database that already has users', async () => {
    const before = await Promise.all(SEEDED_TABLES.map(count));
    await seed(database.db, { demo: true });
    await seed(database.db, { demo: false, adminPassword: 'another-password' });
    expect(await Promise.all(SEEDED_TABLES.map(count))).toEqual(before);
  });

  it('without demo data seeds only an admin whose password is the one given, and needs that password', async () => {
    await sql`TRUNCATE ${sql.join(SEEDED_TABLES.map((t) => sql.table(t)))} CASCADE`.execute(database.db);
    await expect(seed(database.db, { demo: false })).rejects.toThrow(SeedError);
    await expect(seed(database.db, { demo: false })).rejects.toThrow(/ADMIN_PASSWORD/);
    expect(await count('sys_depart')).toBe(0);

    await seed(database.db, { demo: false, adminPassword: 'Str0ng!pass' });
    const users = await database.db.selectFrom('sys_user').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ username: 'admin', realname: '管理员', org_code: 'A01', status: 1 });
    expect(await verify(users[0].password, 'Str0ng!pass')).toBe(true);
    expect(await verify(users[0].password, DEMO_PASSWORD)).toBe(false);
    expect(await departCodesOf('admin')).toEqual(['A01']);
    expect(await menuUrlsOf('admin')).toContain('/isystem/user');
    expect(await count('sys_announcement')).toBe(0);
    expect(await count('sys_dict')).toBeGreaterThan(10);
    expect(await count('sys_role')).toBe(4);
  });
});
