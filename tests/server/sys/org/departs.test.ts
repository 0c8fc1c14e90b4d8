import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../support/database';
import { body, get, login, startTestApp, type TestApp } from '../../support/app';

interface DepartNode {
  id: string;
  key: string;
  title: string;
  value: string;
  parentId: string;
  departName: string;
  orgCode: string;
  isLeaf: boolean;
  children: DepartNode[] | null;
}

interface DepartIdNode {
  key: string;
  value: string;
  title: string;
  children: DepartIdNode[] | null;
}

interface SearchHit extends DepartNode {
  parentIds: string[];
  departPath: string;
}

describe.each(DATABASE_KINDS)('department tree for pickers (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    // The tree feeds pickers on business pages: an adjuster without any system-menu right reads it.
    token = (await login(t.app, 'lisi')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the whole tree in display order, leaves without children', async () => {
    const answer = body<DepartNode[]>(await get(t.app, '/sys/sysDepart/queryTreeList', token));
    expect(answer.success).toBe(true);
    const roots = answer.result;
    expect(roots.map((r) => [r.orgCode, r.departName])).toEqual([
      ['A01', '华泰公估有限公司'],
      ['A02', '华泰公估有限公司上海分公司'],
    ]);
    const [company, branch] = roots;
    expect(company).toMatchObject({ key: company.id, value: company.id, title: '华泰公估有限公司', parentId: '', isLeaf: false });
    expect(company.children?.map((c) => c.departName)).toEqual(['车险理赔部', '财产险理赔部', '财务部', '综合管理部']);
    const claims = company.children?.[0];
    expect(claims).toMatchObject({ orgCode: 'A01A01', parentId: company.id, isLeaf: true, children: null });
    expect(branch.children?.map((c) => c.orgCode)).toEqual(['A02A01']);
  });

  it('answers the id tree', async () => {
    const tree = body<DepartIdNode[]>(await get(t.app, '/sys/sysDepart/queryIdTree', token)).result;
    expect(tree).toHaveLength(2);
    expect(tree[0]).toMatchObject({ title: '华泰公估有限公司', key: tree[0].value });
    expect(tree[0].children?.map((c) => c.title)).toEqual(['车险理赔部', '财产险理赔部', '财务部', '综合管理部']);
    expect(Object.keys(tree[0]).sort()).toEqual(['children', 'isLeaf', 'key', 'title', 'value']);
  });

  it('loads one level at a time, saying which nodes have children', async () => {
    const roots = body<DepartNode[]>(await get(t.app, '/sys/sysDepart/queryTreeListSync', token)).result;
    expect(roots.map((r) => [r.orgCode, r.isLeaf, r.children])).toEqual([
      ['A01', false, null],
      ['A02', false, null],
    ]);
    const level = body<DepartNode[]>(await get(t.app, `/sys/sysDepart/queryTreeListSync?pid=${roots[0].id}`, token)).result;
    expect(level.map((r) => [r.orgCode, r.isLeaf])).toEqual([
      ['A01A01', true],
      ['A01A02', true],
      ['A01A03', true],
      ['A01A04', true],
    ]);
    const none = body<DepartNode[]>(await get(t.app, `/sys/sysDepart/queryTreeListSync?pid=${level[0].id}`, token));
    expect(none).toMatchObject({ success: true, result: [] });
  });

  it('searches department names and tells each hit its path', async () => {
    const hits = body<SearchHit[]>(await get(t.app, `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('理赔')}`, token)).result;
    expect(hits.map((h) => h.orgCode)).toEqual(['A01A01', 'A01A02', 'A02A01']);
    const shanghai = hits[2];
    expect(shanghai.departPath).toBe('华泰公估有限公司上海分公司 / 上海理赔部');
    expect(shanghai.parentIds).toHaveLength(1);
    expect(shanghai).toMatchObject({ isLeaf: true, children: null });
  });

  it('finds nothing for text that is no department, wildcards included', async () => {
    for (const keyWord of ['%', '_', '不存在的部门']) {
      const answer = body<SearchHit[]>(await get(t.app, `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent(keyWord)}`, token));
      expect(answer).toMatchObject({ success: true, result: [] });
    }
  });

  it('needs a keyword to search and a session for every call', async () => {
    const missing = body(await get(t.app, '/sys/sysDepart/searchBy', token));
    expect(missing.success).toBe(false);
    for (const url of ['/sys/sysDepart/queryTreeList', '/sys/sysDepart/queryTreeListSync', '/sys/sysDepart/queryIdTree', '/sys/sysDepart/searchBy?keyWord=a']) {
      const response = await get(t.app, url);
      expect(response.statusCode).toBe(401);
    }
  });
});
