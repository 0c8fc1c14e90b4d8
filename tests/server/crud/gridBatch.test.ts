import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMissingPageMenus } from '../../../server/crud/pageMenus';
import { loadEntityPages } from '../../../server/crud/pages';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

type Rec = Record<string, unknown>;
const URL = `${API}/cost/workHour/saveBatch`;

describe.each(DATABASE_KINDS)('grid page batch save (工时登记) on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;
  let caseId: string;
  let typeId: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    // As main.ts does at start: the new page gets its menu item and buttons, granted to admin.
    await addMissingPageMenus(ctx.database.db, loadEntityPages());
    admin = (await login(ctx.app, 'admin')).token;
    const one = async (table: string) =>
      (await sql<{ id: string }>`SELECT id FROM ${sql.table(table)} ORDER BY id LIMIT 1`.execute(ctx.database.db)).rows[0].id;
    caseId = await one('biz_receive');
    typeId = await one('mnt_working_hour_type');
  }, 120_000);
  afterAll(async () => ctx?.close());

  const save = (payload: Rec, token = admin) => ctx.app.inject({ method: 'POST', url: URL, payload, headers: authHeaders(token) });
  // The rows these saves wrote (admin's); the demo firm's hours are its staff's.
  const stored = async () =>
    (
      await sql<{ id: string; remark: string | null; hours: string; order_num: number }>`
        SELECT id, remark, CAST(hours AS text) AS hours, order_num FROM cost_work_hour WHERE staff_user = 'admin' ORDER BY order_num, remark`.execute(ctx.database.db)
    ).rows;
  const row = (remark: string, extra: Rec = {}): Rec => ({
    caseId,
    hourType: typeId,
    staffUser: 'admin',
    workDate: '2026-11-02',
    hours: 2.5,
    remark,
    ...extra,
  });

  it('stores new rows with server ids in one save; the temporary ids never reach the table', async () => {
    const res = body<{ addedIds: string[] }>(
      await save({
        added: [
          { row: 1, values: row('查勘', { id: 'row_abc_tmp1', orderNum: 1 }) },
          { row: 2, values: row('报告', { orderNum: 2, hours: 4 }) },
        ],
        updated: [],
        removedIds: [],
      }),
    );
    expect(res).toMatchObject({ success: true, message: '保存成功！' });
    expect(res.result.addedIds).toHaveLength(2);
    const rows = await stored();
    expect(rows.map((r) => [r.remark, Number(r.hours), r.order_num])).toEqual([
      ['查勘', 2.5, 1],
      ['报告', 4, 2],
    ]);
    expect(rows.map((r) => r.id)).toEqual(res.result.addedIds);
    expect(rows.some((r) => r.id.includes('tmp'))).toBe(false);
  });

  it('refuses the whole save when one row is bad, naming row, field and message, and writes nothing', async () => {
    const before = await stored();
    const res = await save({
      added: [
        { row: 3, values: row('合格的新行', { orderNum: 3 }) },
        { row: 4, values: row('超时', { orderNum: 4, hours: 30 }) },
        { row: 5, values: row('缺员工', { orderNum: 5, staffUser: '' }) },
      ],
      updated: [{ row: 1, values: { id: before[0].id, remark: '已改' } }],
      removedIds: [before[1].id],
    });
    const answer = body<{ errors: Rec[] }>(res);
    expect(answer.success).toBe(false);
    expect(answer.message).toBe('第4行：工时(小时)：工时在0到24小时之间；第5行：请选择员工');
    expect(answer.result.errors).toEqual([
      { row: 4, field: 'hours', label: '工时(小时)', message: '工时在0到24小时之间' },
      { row: 5, field: 'staffUser', label: '员工', message: '请选择员工' },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('updates, reorders and removes existing rows together', async () => {
    const [first, second] = await stored();
    const res = await save({
      added: [{ row: 1, values: row('新增在顶部', { orderNum: 1 }) }],
      updated: [{ row: 2, values: { id: first.id, remark: '查勘（改）', orderNum: 2 } }],
      removedIds: [second.id],
    });
    expect(body(res).success).toBe(true);
    expect((await stored()).map((r) => [r.remark, r.order_num])).toEqual([
      ['新增在顶部', 1],
      ['查勘（改）', 2],
    ]);
  });

  it('refuses an update of a record that does not exist', async () => {
    const answer = body(await save({ added: [], updated: [{ row: 1, values: { id: 'nope', remark: 'x' } }], removedIds: [] }));
    expect(answer).toMatchObject({ success: false, message: '第1行：记录：未找到对应数据' });
  });

  it('needs the codes of what the save does: a user without workHour:add gets 510', async () => {
    // wangwu (财务) holds no 工时 code; adjusters and managers record hours.
    const wangwu = (await login(ctx.app, 'wangwu')).token;
    const answer = body(await save({ added: [{ row: 1, values: row('无权') }], updated: [], removedIds: [] }, wangwu));
    expect(answer).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
  });

  it('names row and field of a refusal only the server can see: a value of a dictionary row deleted meanwhile', async () => {
    const answer = body<{ errors: Rec[] }>(
      await save({ added: [{ row: 2, values: row('类型已删', { orderNum: 9, hourType: 'deleted-type-id' }) }], updated: [], removedIds: [] }),
    );
    expect(answer).toMatchObject({ success: false, code: 500 });
    expect(answer.message).toMatch(/^第2行：工时类型：/);
    expect(answer.result.errors).toEqual([{ row: 2, field: 'hourType', label: '工时类型', message: expect.any(String) }]);
    expect(answer.message).toContain(String(answer.result.errors[0].message));
  });

  it('passes saved changes to the other open grids of the page and tenant (update_vxe_table with the sender id)', async () => {
    const got: string[] = [];
    const otherTenant: string[] = [];
    const leave = await ctx.app.gridLiveHub.add('cost.workHour', { id: 'other-grid', tenantId: 0, readyState: 1, send: (text) => got.push(text) });
    const leaveOther = await ctx.app.gridLiveHub.add('cost.workHour', { id: 'tenant-7-grid', tenantId: 7, readyState: 1, send: (text) => otherTenant.push(text) });
    try {
      const [first] = await stored();
      expect(body(await save({ added: [], updated: [{ row: 1, values: { id: first.id, hours: 7 } }], removedIds: [], senderId: 'row_sender' })).success).toBe(true);
      for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(got).toHaveLength(1);
      const message = JSON.parse(got[0]) as { type: string; data: { socketKey: string; args: [Rec, string] } };
      expect(message.type).toBe('update_vxe_table');
      expect(message.data.socketKey).toBe('grid');
      expect(message.data.args[0]).toMatchObject({ id: first.id, hours: 7, remark: '新增在顶部' });
      expect(message.data.args[1]).toBe('row_sender');
      // A grid open in another tenant hears nothing of this tenant's rows.
      expect(otherTenant).toEqual([]);
    } finally {
      leave();
      leaveOther();
    }
  });

  it('tells the other open grids about new and deleted rows too, in order (remove, update, add), with the sender id so the saving grid ignores its echo', async () => {
    const got: string[] = [];
    const leave = await ctx.app.gridLiveHub.add('cost.workHour', { id: 'other-grid', tenantId: 0, readyState: 1, send: (text) => got.push(text) });
    try {
      const [first, second] = await stored();
      const res = body<{ addedIds: string[] }>(
        await save({
          added: [{ row: 2, values: row('实时新增', { orderNum: 2 }) }],
          updated: [{ row: 1, values: { id: second.id, orderNum: 1 } }],
          removedIds: [first.id],
          senderId: 'row_sender',
        }),
      );
      expect(res.success).toBe(true);
      for (let i = 0; i < 100 && got.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
      const messages = got.map((text) => JSON.parse(text) as { type: string; data: { socketKey: string; args: [Rec, string, string] } });
      expect(messages.map((m) => [m.type, m.data.socketKey, m.data.args[2], m.data.args[1]])).toEqual([
        ['update_vxe_table', 'grid', 'remove', 'row_sender'],
        ['update_vxe_table', 'grid', 'update', 'row_sender'],
        ['update_vxe_table', 'grid', 'add', 'row_sender'],
      ]);
      expect(messages[0].data.args[0]).toEqual({ id: first.id });
      expect(messages[1].data.args[0]).toMatchObject({ id: second.id, orderNum: 1 });
      // The new row as the list serves it: its server id and its dictionary texts.
      expect(messages[2].data.args[0]).toMatchObject({ id: res.result.addedIds[0], remark: '实时新增', orderNum: 2, staffUser: 'admin' });
      expect(messages[2].data.args[0]).toHaveProperty('staffUser_dictText');
    } finally {
      leave();
    }
  });

  it('a refused save tells nobody', async () => {
    const got: string[] = [];
    const leave = await ctx.app.gridLiveHub.add('cost.workHour', { id: 'other-grid', tenantId: 0, readyState: 1, send: (text) => got.push(text) });
    try {
      const [first] = await stored();
      const answer = body(await save({ added: [{ row: 2, values: row('超时', { hours: 99 }) }], updated: [], removedIds: [first.id], senderId: 'row_sender' }));
      expect(answer.success).toBe(false);
      await new Promise((r) => setTimeout(r, 200));
      expect(got).toEqual([]);
    } finally {
      leave();
    }
  });
});
