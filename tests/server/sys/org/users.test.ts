import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../support/database';
import { body, get, login, startTestApp, type TestApp } from '../../support/app';

interface PickerUser {
  id: string;
  username: string;
  realname: string;
  sex: number;
  birthday: string | null;
  phone: string | null;
  email: string | null;
  orgCodeTxt: string;
  status: number;
}

interface UserPage {
  records: PickerUser[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

interface DepartNode {
  id: string;
  orgCode: string;
  children: DepartNode[] | null;
}

const FORBIDDEN_KEYS = ['password', 'salt', 'loginFailCount', 'lockedUntil', 'login_fail_count'];

function expectNoSecrets(users: readonly object[]) {
  for (const user of users) for (const key of FORBIDDEN_KEYS) expect(user).not.toHaveProperty(key);
}

describe.each(DATABASE_KINDS)('user directory for the user picker (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  const departIds = new Map<string, string>();
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = (await login(t.app, 'wangwu')).token;
    const tree = body<DepartNode[]>(await get(t.app, '/sys/sysDepart/queryTreeList', token)).result;
    const walk = (nodes: DepartNode[] | null) => {
      for (const node of nodes ?? []) {
        departIds.set(node.orgCode, node.id);
        walk(node.children);
      }
    };
    walk(tree);
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (query: string) => {
    const answer = body<UserPage>(await get(t.app, `/sys/user/queryUserComponentData?${query}`, token));
    expect(answer.success, answer.message).toBe(true);
    expectNoSecrets(answer.result.records);
    return answer.result;
  };

  it('lists the users one may pick, without the frozen one, with their department names', async () => {
    const all = await page('column=username&order=asc');
    expect(all.records.map((u) => u.username)).toEqual(['admin', 'lisi', 'wangwu', 'zhangsan']);
    expect(all).toMatchObject({ total: 4, size: 10, current: 1, pages: 1 });
    const zhangsan = all.records.find((u) => u.username === 'zhangsan');
    expect(zhangsan).toMatchObject({ realname: '张三', sex: 1, birthday: '1978-08-20', phone: '13911110001', orgCodeTxt: '车险理赔部,财产险理赔部' });
    expect(zhangsan?.email).toBe('zhangsan@huatai-gg.example.com');
  });

  it('filters by account and real name (contains), and by department with its sub-departments', async () => {
    expect((await page('username=i&column=username&order=asc')).records.map((u) => u.username)).toEqual(['admin', 'lisi']);
    expect((await page('username=an&column=username&order=asc')).records.map((u) => u.username)).toEqual(['wangwu', 'zhangsan']);
    expect((await page(`realname=${encodeURIComponent('李')}`)).records.map((u) => u.username)).toEqual(['lisi']);
    expect((await page('username=%25')).total).toBe(0);
    const claims = await page(`departId=${departIds.get('A01A01')}&column=username&order=asc`);
    expect(claims.records.map((u) => u.username)).toEqual(['lisi', 'zhangsan']);
    // A01 is the company: its own admin plus everyone in the departments below it, each once; zhaoliu is frozen.
    const company = await page(`departId=${departIds.get('A01')}&column=username&order=asc`);
    expect(company.records.map((u) => u.username)).toEqual(['admin', 'lisi', 'wangwu', 'zhangsan']);
    expect((await page(`departId=${departIds.get('A02')}`)).total).toBe(0);
    const unknown = body(await get(t.app, '/sys/user/queryUserComponentData?departId=nope', token));
    expect(unknown).toMatchObject({ success: false, message: '未找到对应部门' });
  });

  it('pages and sorts on allowed columns only', async () => {
    const first = await page('pageNo=1&pageSize=3&column=realname&order=desc');
    const second = await page('pageNo=2&pageSize=3&column=realname&order=desc');
    expect(first).toMatchObject({ total: 4, size: 3, pages: 2 });
    expect(first.records).toHaveLength(3);
    expect(second.records).toHaveLength(1);
    const names = [...first.records, ...second.records].map((u) => u.username);
    expect(new Set(names).size).toBe(4);
    expect((await page('column=username&order=desc')).records.map((u) => u.username)).toEqual(['zhangsan', 'wangwu', 'lisi', 'admin']);
    expect((await page('pageSize=5000')).size).toBe(100);

    for (const column of ['password', 'id;drop table sys_user', 'realname desc, (select 1)']) {
      const refused = body(await get(t.app, `/sys/user/queryUserComponentData?column=${encodeURIComponent(column)}`, token));
      expect(refused.success).toBe(false);
      expect(refused.message).toContain('请注意，将要排序的列字段不存在');
    }
    const badPage = body(await get(t.app, '/sys/user/queryUserComponentData?pageSize=0', token));
    expect(badPage.success).toBe(false);
  });

  it('resolves stored values by usernames or ids, in their order, frozen users included', async () => {
    const byNames = body<PickerUser[]>(await get(t.app, '/sys/user/getMultiUser?ids=zhaoliu,lisi,nobody', token));
    expect(byNames.success).toBe(true);
    expect(byNames.result.map((u) => [u.username, u.realname, u.status])).toEqual([
      ['zhaoliu', '赵六', 2],
      ['lisi', '李四', 1],
    ]);
    expectNoSecrets(byNames.result);
    const ids = byNames.result.map((u) => u.id).reverse().join(',');
    const byIds = body<PickerUser[]>(await get(t.app, `/sys/user/getMultiUser?ids=${ids}`, token));
    expect(byIds.result.map((u) => u.realname)).toEqual(['李四', '赵六']);
    const mixed = body<PickerUser[]>(await get(t.app, `/sys/user/getMultiUser?ids=admin,${byNames.result[1].id},admin`, token));
    expect(mixed.result.map((u) => u.username)).toEqual(['admin', 'lisi']);
    const tooMany = Array.from({ length: 201 }, (_, i) => `u${i}`).join(',');
    expect(body(await get(t.app, `/sys/user/getMultiUser?ids=${tooMany}`, token))).toMatchObject({ success: false, message: '一次最多查询200个用户' });
  });

  it('lists the users of a department and the departments below it', async () => {
    const answer = body<PickerUser[]>(await get(t.app, `/sys/user/queryUserByDepId?id=${departIds.get('A01A02')}`, token));
    expect(answer.result.map((u) => u.username)).toEqual(['zhangsan']);
    expectNoSecrets(answer.result);
    const company = body<PickerUser[]>(await get(t.app, `/sys/user/queryUserByDepId?id=${departIds.get('A01')}&realname=${encodeURIComponent('王')}`, token));
    expect(company.result.map((u) => u.username)).toEqual(['wangwu']);
    expect(body(await get(t.app, '/sys/user/queryUserByDepId?id=nope', token))).toMatchObject({ success: false, message: '未找到对应部门' });
  });

  it('refuses every call without a session', async () => {
    for (const url of ['/sys/user/queryUserComponentData', '/sys/user/getMultiUser?ids=admin', `/sys/user/queryUserByDepId?id=x`]) {
      const response = await get(t.app, url);
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('admin@');
    }
  });
});
