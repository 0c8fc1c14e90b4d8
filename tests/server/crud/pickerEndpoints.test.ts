import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { API, login } from '../support/app';
import { signedInCrudApp } from './support';

interface Page<T> {
  records: T[];
  total: number;
}
type Rec = Record<string, unknown>;

/** The endpoints the pickers call beside the generic list (widgets spec §7). */
describe.each(DATABASE_KINDS)('picker endpoints on %s', (kind) => {
  const server = signedInCrudApp(kind);

  const { get } = server;

  describe('GET /receive/receive/porp_list (选择案件)', () => {
    it('lists cases with the case picker parameters: field, filters, parameter, paging and sort', async () => {
      const all = await get<Page<Rec>>('/receive/receive/list?pageSize=1000');
      expect(all.result.total).toBeGreaterThan(2);
      const answer = await get<Page<Rec>>(
        '/receive/receive/porp_list?field=id,receiveNumber,receiveName,receiveStatus,trustDate&parameter=&pageNo=1&pageSize=2&column=receiveNumber&order=asc',
      );
      expect(answer.success).toBe(true);
      expect(answer.result.total).toBe(all.result.total);
      expect(answer.result.records).toHaveLength(2);
      const numbers = all.result.records.map((r) => String(r.receiveNumber)).sort();
      expect(answer.result.records.map((r) => r.receiveNumber)).toEqual(numbers.slice(0, 2));
      expect(answer.result.records[0]).toHaveProperty('receiveStatus_dictText');
    });

    it('filters by case number, name and status like the list', async () => {
      const [sample] = (await get<Page<Rec>>('/receive/receive/list?pageSize=1')).result.records;
      const byNumber = await get<Page<Rec>>(`/receive/receive/porp_list?receiveNumber=${encodeURIComponent(String(sample.receiveNumber))}`);
      expect(byNumber.result.records.map((r) => r.id)).toEqual([sample.id]);
      const name = String(sample.receiveName).slice(0, 2);
      const byName = await get<Page<Rec>>(`/receive/receive/porp_list?receiveName=${encodeURIComponent(`*${name}*`)}`);
      expect(byName.result.records.length).toBeGreaterThan(0);
      expect(byName.result.records.every((r) => String(r.receiveName).includes(name))).toBe(true);
      const byStatus = await get<Page<Rec>>(`/receive/receive/porp_list?receiveStatus=${encodeURIComponent(String(sample.receiveStatus))}&pageSize=100`);
      expect(byStatus.result.records.every((r) => r.receiveStatus === sample.receiveStatus)).toBe(true);
      const none = await get<Page<Rec>>(`/receive/receive/porp_list?receiveNumber=${encodeURIComponent('不存在的案件')}`);
      expect(none.result).toMatchObject({ records: [], total: 0 });
    });

    it('restores a selection by ids (preselection uses the same call)', async () => {
      const records = (await get<Page<Rec>>('/receive/receive/list?pageSize=3')).result.records;
      const ids = records.map((r) => String(r.id));
      const answer = await get<Page<Rec>>(`/receive/receive/porp_list?id=${ids.join(',')}&pageSize=10`);
      expect(answer.result.records.map((r) => String(r.id)).sort()).toEqual([...ids].sort());
    });

    it('answers 510 to a user without the case list permission, 401 without a session', async () => {
      const db = server.database.db;
      // wangwu (财务) holds receive:list only through his role; take it away for this test.
      const grant = await sql<{ role_id: string; permission_id: string }>`
        SELECT rp.role_id, rp.permission_id FROM sys_role_permission rp
        JOIN sys_role r ON r.id = rp.role_id JOIN sys_permission p ON p.id = rp.permission_id
        WHERE r.role_code = 'finance' AND p.perms = 'receive:list'`.execute(db);
      expect(grant.rows).toHaveLength(1);
      const { role_id, permission_id } = grant.rows[0];
      await sql`DELETE FROM sys_role_permission WHERE role_id = ${role_id} AND permission_id = ${permission_id}`.execute(db);
      try {
        const wangwu = (await login(server.app, 'wangwu')).token;
        expect(await get('/receive/receive/porp_list', wangwu)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
        const anonymous = await server.app.inject({ method: 'GET', url: `${API}/receive/receive/porp_list` });
        expect(anonymous.statusCode).toBe(401);
      } finally {
        await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${`t${Date.now()}`}, ${role_id}, ${permission_id})`.execute(db);
      }
    });
  });

  describe('GET /maintenance/area/childList', () => {
    it("answers the whole map for id '86': parent code → {child code: name}", async () => {
      const answer = await get<{ records: Record<string, Record<string, string>> }>('/maintenance/area/childList?id=86');
      expect(answer.success).toBe(true);
      const map = answer.result.records;
      expect(map['86']).toMatchObject({ '110000': '北京市' });
      // Every child listed under a parent that is itself listed (or the root): one tree, no strays.
      const listed = new Set(Object.values(map).flatMap((children) => Object.keys(children)));
      for (const parent of Object.keys(map)) expect(parent === '86' || listed.has(parent)).toBe(true);
      const all = await get<Page<Rec>>('/maintenance/area/list?hasQuery=true&pageSize=1000');
      expect(listed.size).toBe(all.result.total);
      // Provinces, cities, districts: three levels from the root.
      const city = Object.keys(map['110000'])[0];
      expect(Object.keys(map[city] ?? {}).length).toBeGreaterThan(0);
    });

    it('still answers the rows under a parent for pid (the tree list and the lazy path)', async () => {
      const answer = await get<Rec[]>('/maintenance/area/childList?pid=110000');
      expect(answer.success).toBe(true);
      expect(answer.result.length).toBeGreaterThan(0);
      expect(answer.result.every((row) => row.pid === '110000')).toBe(true);
      const roots = await get<Rec[]>('/maintenance/area/childList');
      expect(roots.result.every((row) => row.pid === '86')).toBe(true);
    });

    it('answers an empty map for an unknown id', async () => {
      expect((await get('/maintenance/area/childList?id=999999')).result).toEqual({ records: {} });
    });
  });
});
