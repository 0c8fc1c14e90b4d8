import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { fixturePage } from '../../support/fixturePages';
import { API, login } from '../support/app';
import { signedInCrudApp } from './support';

type Rec = Record<string, unknown>;
type Node = Rec & { children?: Node[] };

/**
 * Pages that name their tree picker and cascade endpoints and fields their own way
 * (tests/fixtures/pages): the server serves them from the documents, as it serves the customer tree
 * and the areas, with no code that knows either page.
 */
describe.each(DATABASE_KINDS)('tree picker and cascade endpoints declared by a page, on %s', (kind) => {
  const server = signedInCrudApp(kind, [fixturePage('clientTree'), fixturePage('region')]);
  const { get } = server;

  beforeAll(async () => {
    const db = server.database.db;
    const clients: [string, string, string, string, number][] = [
      ['c1', '华东集团', 'HD001', 'root', 1],
      ['c2', '华东杭州分公司', 'HD002', 'c1', 2],
      ['c3', '华东宁波分公司', 'HD003', 'c1', 3],
      ['c4', '西部公司', 'XB_01', 'root', 4],
      ['c5', '孤儿公司', 'GE001', 'gone', 5],
      ...Array.from({ length: 60 }, (_, i): [string, string, string, string, number] => [`b${i}`, `批量委托人${String(i).padStart(2, '0')}`, `PL${i}`, 'root', 10 + i]),
    ];
    for (const [id, title, no, parent, sort] of clients) {
      await sql`INSERT INTO tst_client_tree (id, client_title, client_no, parent_id, sort_no) VALUES (${id}, ${title}, ${no}, ${parent}, ${sort})`.execute(db);
    }
    const regions: [string, string, number, string, string][] = [
      ['10', '北区', 1, '0', 'Y'],
      ['20', '南区', 1, '0', 'Y'],
      ['30', '孤区', 1, '0', 'N'],
      ['11', '北一', 2, '10', 'N'],
      ['12', '北二', 2, '10', 'N'],
      ['21', '南一', 2, '20', 'N'],
    ];
    for (const [id, name, depth, parent, kids] of regions) {
      await sql`INSERT INTO tst_region (id, region_name, depth, parent_code, has_kids) VALUES (${id}, ${name}, ${depth}, ${parent}, ${kids})`.execute(db);
    }
  });

  describe('picker.tree load and search', () => {
    it('load answers the whole tree: roots with their children nested, in list order', async () => {
      const answer = await get<Node[]>('/test/clientTree/wholeTree');
      expect(answer.success).toBe(true);
      const roots = answer.result;
      // A node whose parent is not among the rows (c5) is shown as a root rather than lost.
      expect(roots.slice(0, 3).map((r) => r.id)).toEqual(['c1', 'c4', 'c5']);
      expect(roots).toHaveLength(63);
      const group = roots[0];
      expect(group.clientTitle).toBe('华东集团');
      expect(group.children?.map((c) => c.clientTitle)).toEqual(['华东杭州分公司', '华东宁波分公司']);
      expect(roots[1].children).toBeUndefined();
    });

    it('search matches keyWord in every search field, ordered by the text field, at most 50', async () => {
      const byTitle = await get<Rec[]>(`/test/clientTree/findClients?keyWord=${encodeURIComponent('华东')}`);
      expect(byTitle.result.map((r) => r.clientTitle)).toEqual(['华东宁波分公司', '华东杭州分公司', '华东集团'].sort());
      const byNumber = await get<Rec[]>('/test/clientTree/findClients?keyWord=HD002');
      expect(byNumber.result.map((r) => r.id)).toEqual(['c2']);
      // LIKE wildcards in the keyword are plain characters.
      const underscore = await get<Rec[]>('/test/clientTree/findClients?keyWord=_');
      expect(underscore.result.map((r) => r.id)).toEqual(['c4']);
      expect((await get<Rec[]>(`/test/clientTree/findClients?keyWord=${encodeURIComponent('%')}`)).result).toEqual([]);
      const many = await get<Rec[]>(`/test/clientTree/findClients?keyWord=${encodeURIComponent('批量')}`);
      expect(many.result).toHaveLength(50);
      expect(many.result[0].clientTitle).toBe('批量委托人00');
    });

    it('answers 510 to a user without the page list permission, 401 without a session', async () => {
      const wangwu = (await login(server.app, 'wangwu')).token;
      for (const url of ['/test/clientTree/wholeTree', '/test/clientTree/findClients?keyWord=a']) {
        expect(await get(url, wangwu)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
        expect((await server.app.inject({ method: 'GET', url: `${API}${url}` })).statusCode).toBe(401);
      }
      const lisi = (await login(server.app, 'lisi')).token;
      expect((await get('/test/clientTree/wholeTree', lisi)).success).toBe(true);
    });
  });

  describe('entity.tree.cascade', () => {
    it('the map endpoint answers the whole map below id, parent → {child: name} by the name field', async () => {
      const answer = await get<{ records: Record<string, Record<string, string>> }>('/test/region/regionMap?id=0');
      expect(answer.result.records).toEqual({
        '0': { '10': '北区', '20': '南区', '30': '孤区' },
        '10': { '11': '北一', '12': '北二' },
        '20': { '21': '南一' },
      });
      expect((await get('/test/region/regionMap?id=999')).result).toEqual({ records: {} });
    });

    it('the map endpoint answers the rows under pid, or the root, like childList (which stays)', async () => {
      const children = await get<Rec[]>('/test/region/regionMap?pid=10');
      expect(children.result.map((r) => r.regionName)).toEqual(['北一', '北二']);
      const roots = await get<Rec[]>('/test/region/regionMap');
      expect(roots.result.map((r) => r.id).sort()).toEqual(['10', '20', '30']);
      expect((await get<Rec[]>('/test/region/childList?pid=20')).result.map((r) => r.id)).toEqual(['21']);
    });

    it('a level endpoint answers the children of pid, else every row of its level', async () => {
      expect((await get<Rec[]>('/test/region/prefecture?pid=20')).result.map((r) => r.regionName)).toEqual(['南一']);
      const level2 = (await get<Rec[]>('/test/region/prefecture')).result;
      expect(level2.map((r) => r.id).sort()).toEqual(['11', '12', '21']);
      expect(level2.every((r) => r.depth === 2)).toBe(true);
    });

    it("a region an area field of another page holds is in use: the field's options.area.page names the page", async () => {
      await sql`UPDATE tst_client_tree SET region_code = '21' WHERE id = 'c4'`.execute(server.database.db);
      expect(await server.send('DELETE', '/test/region/delete?id=21')).toMatchObject({ success: false, message: '该记录被1条委托人引用，不能删除' });
      expect((await get<Rec[]>('/test/region/prefecture?pid=20')).result.map((r) => r.id)).toEqual(['21']);
    });

    it('answers 510 to a user without the page list permission', async () => {
      const wangwu = (await login(server.app, 'wangwu')).token;
      for (const url of ['/test/region/regionMap?id=0', '/test/region/prefecture']) {
        expect(await get(url, wangwu)).toMatchObject({ success: false, code: 510 });
      }
    });
  });
});
