import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../support/database';
import { API, authHeaders, body, get, login, send, startTestApp, type TestApp } from '../../support/app';

interface DepartNode {
  id: string;
  departName: string;
  orgCode: string;
  parentId: string;
  memo: string | null;
  children: DepartNode[] | null;
}

const COMPANY = '00000000000000000000000000000a01';
const FINANCE = '00000000000000000000000000a01a03';
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

function find(nodes: readonly DepartNode[] | null, name: string): DepartNode | undefined {
  for (const node of nodes ?? []) {
    if (node.departName === name) return node;
    const inside = find(node.children, name);
    if (inside) return inside;
  }
  return undefined;
}

describe.each(DATABASE_KINDS)('部门管理 (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let lisi: string;
  const remove = (url: string, token: string) => t.app.inject({ method: 'DELETE', url: `${API}${url}`, headers: authHeaders(token) });
  const tree = async () => body<DepartNode[]>(await get(t.app, '/sys/sysDepart/queryTreeList', admin)).result;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await login(t.app, 'admin')).token;
    lisi = (await login(t.app, 'lisi')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives a new department the next org code under its parent, and a first-level one the next root code', async () => {
    const added = body<{ id: string; orgCode: string }>(
      await send(t.app, 'POST', '/sys/sysDepart/add', { departName: '理赔二部', parentId: COMPANY, orgCategory: '2', mobile: '010-66001299', memo: '新设' }, admin),
    );
    expect(added).toMatchObject({ success: true, message: '添加成功！', result: { orgCode: 'A01A05' } });
    const node = find(await tree(), '理赔二部');
    expect(node).toMatchObject({ orgCode: 'A01A05', parentId: COMPANY, memo: '新设' });

    const sub = body<{ orgCode: string }>(await send(t.app, 'POST', '/sys/sysDepart/add', { departName: '理赔二部一组', parentId: added.result.id }, admin));
    expect(sub.result.orgCode).toBe('A01A05A01');
    const root = body<{ orgCode: string }>(await send(t.app, 'POST', '/sys/sysDepart/add', { departName: '华泰公估广州分公司', orgCategory: '1' }, admin));
    expect(root.result.orgCode).toBe('A03');
    // The picker's tree shows the new department to anybody signed in.
    const seenByLisi = body<DepartNode[]>(await get(t.app, '/sys/sysDepart/queryTreeList', lisi)).result;
    expect(find(seenByLisi, '理赔二部一组')?.orgCode).toBe('A01A05A01');
  });

  it('refuses a second department of the same name under one parent, and an unknown parent', async () => {
    expect(body(await send(t.app, 'POST', '/sys/sysDepart/add', { departName: '财务部', parentId: COMPANY }, admin))).toMatchObject({
      success: false,
      message: '同一上级下已有部门「财务部」',
    });
    expect(body(await send(t.app, 'POST', '/sys/sysDepart/add', { departName: '无主部门', parentId: 'nope' }, admin))).toMatchObject({
      success: false,
      message: '上级部门不存在或已删除',
    });
  });

  it('edits a department, keeping its place and code', async () => {
    const answer = body(await send(t.app, 'PUT', '/sys/sysDepart/edit', { id: FINANCE, departName: '财务结算部', orgCategory: '2', address: '12 层' }, admin));
    expect(answer).toMatchObject({ success: true, message: '编辑成功!' });
    expect(find(await tree(), '财务结算部')).toMatchObject({ orgCode: 'A01A03', parentId: COMPANY });
    expect(body(await send(t.app, 'PUT', '/sys/sysDepart/edit', { id: 'missing', departName: 'x' }, admin))).toMatchObject({
      success: false,
      message: '未找到对应部门',
    });
  });

  it('refuses to delete a department with sub-departments or users, naming them', async () => {
    expect(body(await remove(`/sys/sysDepart/delete?id=${COMPANY}`, admin))).toMatchObject({
      success: false,
      message: expect.stringMatching(/^部门「华泰公估有限公司」下还有下级部门（车险理赔部、财产险理赔部、财务结算部等\d+个），不能删除$/),
    });
    const answer = body(await remove(`/sys/sysDepart/delete?id=${FINANCE}`, admin));
    expect(answer).toMatchObject({ success: false, message: expect.stringMatching(/^部门「财务结算部」下还有\d+名用户（.+），不能删除$/) });
    expect(find(await tree(), '财务结算部')).toBeDefined();
  });

  it('deletes a department without sub-departments or users, and a branch as one batch', async () => {
    const lone = body<{ id: string }>(await send(t.app, 'POST', '/sys/sysDepart/add', { departName: '临时项目组', parentId: COMPANY }, admin)).result;
    expect(body(await remove(`/sys/sysDepart/delete?id=${lone.id}`, admin))).toMatchObject({ success: true, message: '删除成功!' });
    expect(find(await tree(), '临时项目组')).toBeUndefined();
    // Codes are never given twice: the next department does not reuse the deleted one's.
    const next = body<{ orgCode: string }>(await send(t.app, 'POST', '/sys/sysDepart/add', { departName: '审计部', parentId: COMPANY }, admin)).result;
    expect(next.orgCode).toBe('A01A07');

    const parent = find(await tree(), '理赔二部')!;
    const child = find(await tree(), '理赔二部一组')!;
    expect(body(await remove(`/sys/sysDepart/deleteBatch?ids=${parent.id}`, admin)).success).toBe(false);
    expect(body(await remove(`/sys/sysDepart/deleteBatch?ids=${parent.id},${child.id}`, admin))).toMatchObject({ success: true });
    expect(find(await tree(), '理赔二部')).toBeUndefined();
  });

  it('answers 510 to a user without the codes (lisi, 公估师)', async () => {
    expect(body(await send(t.app, 'POST', '/sys/sysDepart/add', { departName: '越权部门' }, lisi))).toMatchObject(NO_PERMISSION);
    expect(body(await send(t.app, 'PUT', '/sys/sysDepart/edit', { id: FINANCE, departName: '越权' }, lisi))).toMatchObject(NO_PERMISSION);
    expect(body(await remove(`/sys/sysDepart/delete?id=${FINANCE}`, lisi))).toMatchObject(NO_PERMISSION);
    expect(body(await remove(`/sys/sysDepart/deleteBatch?ids=${FINANCE}`, lisi))).toMatchObject(NO_PERMISSION);
    expect(body(await get(t.app, '/sys/addressList/list', lisi))).toMatchObject(NO_PERMISSION);
  });

  it('answers one department for the edit form (queryById), 510 without depart:list', async () => {
    const answer = body<DepartNode>(await get(t.app, `/sys/sysDepart/queryById?id=${FINANCE}`, admin));
    expect(answer).toMatchObject({ success: true, result: { id: FINANCE, orgCode: 'A01A03', parentId: COMPANY } });
    expect(body(await get(t.app, '/sys/sysDepart/queryById?id=missing', admin))).toMatchObject({ success: false, message: '未找到对应部门' });
    expect(body(await get(t.app, `/sys/sysDepart/queryById?id=${FINANCE}`, lisi))).toMatchObject(NO_PERMISSION);
  });

  it('answers my departments with what lies below them', async () => {
    const mine = body<DepartNode[]>(await get(t.app, '/sys/sysDepart/queryMyDeptTreeList', lisi));
    expect(mine.success).toBe(true);
    expect(mine.result.length).toBeGreaterThan(0);
    const zhangsan = (await login(t.app, 'zhangsan')).token;
    expect(body<DepartNode[]>(await get(t.app, '/sys/sysDepart/queryMyDeptTreeList', zhangsan)).result.length).toBeGreaterThan(0);
  });

  it('lists the address book of a department subtree (姓名, 职务, 手机, 邮箱), searchable by name', async () => {
    type Entry = { realname: string; postName: string | null; phone: string | null; email: string | null; departNames: string };
    const all = body<{ records: Entry[]; total: number }>(await get(t.app, `/sys/addressList/list?departId=${COMPANY}&pageSize=50`, admin)).result;
    expect(all.total).toBeGreaterThan(1);
    const finance = body<{ records: Entry[] }>(await get(t.app, `/sys/addressList/list?departId=${FINANCE}`, admin)).result.records;
    expect(finance.length).toBeGreaterThan(0);
    expect(finance.every((e) => e.departNames.includes('财务结算部'))).toBe(true);
    expect(Object.keys(finance[0]).sort()).toEqual(['departNames', 'email', 'id', 'phone', 'post', 'postName', 'realname', 'username', 'workNo']);
    const name = finance[0].realname;
    const found = body<{ records: Entry[] }>(await get(t.app, `/sys/addressList/list?realname=*${encodeURIComponent(name.slice(0, 1))}*`, admin)).result.records;
    expect(found.some((e) => e.realname === name)).toBe(true);
  });
});
