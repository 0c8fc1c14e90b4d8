/**
 * 案件 and 发票 as forms (schemas/pages/receive/receive.json, receipt/receipt.json): a new case is
 * numbered by the receive_number rule and stores its parties' keys; the demo cases carry handler,
 * department and experts; adjusters add and edit cases but do not delete them (invoices and their
 * links: tests/server/finance).
 * 承办职务 (the position picker) and 共保公司 (the generic biz picker over 保险公司) store codes, and a
 * picked key that names no row of the page picked from is refused, as a table dictionary's value is.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { login } from '../support/app';
import { signedInCrudApp } from './support';

type Rec = Record<string, unknown>;
interface Page {
  records: Rec[];
  total: number;
}

describe.each(DATABASE_KINDS)('cases and invoices (%s)', (kind) => {
  const server = signedInCrudApp(kind);

  const { get, send: write } = server;

  it('seeds believable cases: handler, department, experts and the insurer name beside its code', async () => {
    const listed = (await get<Page>('/receive/receive/list?pageSize=1000')).result;
    // The demo firm's cases (server/seed/demo), the hand-written ones (ids R0001…) among them.
    expect(listed.total).toBe(300);
    const all = listed.records.filter((c) => /^R\d+$/.test(String(c.id)));
    expect(all).toHaveLength(60);
    const handled = all.filter((c) => c.handler);
    expect(handled.length).toBeGreaterThan(30);
    expect(new Set(handled.map((c) => c.handler))).toEqual(new Set(['lisi', 'zhaoliu', 'zhangsan']));
    expect(all.filter((c) => c.expertIds).length).toBeGreaterThan(20);
    expect(all.filter((c) => c.customerIds).length).toBeGreaterThan(10);
    const first = all.find((c) => c.id === 'R0001');
    expect(first).toMatchObject({ insurerCode: 'GSCX', insurerCode_dictText: '国寿财险', insurerName: '中国人寿财产保险股份有限公司', handler: 'zhangsan' });
    // The department the case names is a department of the organisation chart.
    const departs = await server.database.db.selectFrom('sys_depart').select(['id', 'depart_name']).execute();
    expect(departs.find((d) => d.id === first?.departId)?.depart_name).toBe('财产险理赔部');
  });

  it('numbers a new case with the receive_number rule and keeps the picked parties', async () => {
    const added = await write('POST', '/receive/receive/add', {
      receiveName: '测试案件：仓库火灾',
      receiveStatus: 'new',
      trustDate: '2026-11-20',
      insurerName: '中国平安财产保险股份有限公司',
      insurerCode: 'PAIC',
      customerIds: 'C01,C0101',
      departId: '00000000000000000000000000a01a02',
      handler: 'zhangsan',
      assistants: 'lisi,zhangsan',
      expertIds: 'E01,E07',
      outsourceIds: 'W01',
      areaCode: '310104',
    });
    expect(added.success, added.message).toBe(true);
    const [made] = (await get<Page>(`/receive/receive/list?receiveName=${encodeURIComponent('*仓库火灾*')}&receiveStatus=new`)).result.records;
    // GA + year + 6-digit sequence, continuing after the demo cases' numbers.
    expect(String(made.receiveNumber)).toMatch(/^GA\d{4}\d{6}$/);
    expect(made).toMatchObject({ customerIds: 'C01,C0101', handler: 'zhangsan', assistants: 'lisi,zhangsan', expertIds: 'E01,E07', outsourceIds: 'W01', areaCode: '310104' });
  });

  it('seeds the handler’s post as the case’s 承办职务 and co-insurers on some large cases', async () => {
    const all = (await get<Page>('/receive/receive/list?pageSize=1000')).result.records;
    expect(all.find((c) => c.id === 'R0001')).toMatchObject({ handler: 'zhangsan', positionCode: 'dept_manager' });
    // The seeded cases (ids R0001…); a case added by a test is numbered GG… too.
    for (const c of all.filter((row) => row.handler && /^R\d+$/.test(String(row.id)))) {
      expect(c.positionCode, String(c.receiveNumber)).toBe({ zhangsan: 'dept_manager', lisi: 'senior_adjuster', zhaoliu: 'assistant_adjuster' }[String(c.handler)]);
    }
    expect(all.filter((c) => c.coinsurerCodes).map((c) => c.coinsurerCodes)).toEqual(expect.arrayContaining(['PICC,CPIC', 'GSCX,DDBX']));
  });

  it('keeps 承办职务 (a position code) and 共保公司 (insurance company codes): saved, read back, edited', async () => {
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'biz_receive'`.execute(server.database.db);
    expect(columns.rows.map((c) => c.column_name)).toEqual(expect.arrayContaining(['position_code', 'coinsurer_codes']));

    const added = await write('POST', '/receive/receive/add', {
      receiveName: '测试案件：共保厂房火灾',
      receiveStatus: 'new',
      trustDate: '2026-11-24',
      insurerName: '中国平安财产保险股份有限公司',
      insurerCode: 'PAIC',
      coinsurerCodes: 'PICC,YGCX',
      positionCode: 'senior_adjuster',
    });
    expect(added.success, added.message).toBe(true);
    const [made] = (await get<Page>(`/receive/receive/list?receiveName=${encodeURIComponent('*共保厂房火灾*')}`)).result.records;
    expect(made).toMatchObject({ coinsurerCodes: 'PICC,YGCX', positionCode: 'senior_adjuster' });
    const byId = await get<Rec>(`/receive/receive/queryById?id=${String(made.id)}`);
    expect(byId.result).toMatchObject({ coinsurerCodes: 'PICC,YGCX', positionCode: 'senior_adjuster' });

    const edited = await write('PUT', '/receive/receive/edit', { id: made.id, coinsurerCodes: 'YGCX', positionCode: 'chief_adjuster' });
    expect(edited.success, edited.message).toBe(true);
    expect((await get<Rec>(`/receive/receive/queryById?id=${String(made.id)}`)).result).toMatchObject({
      coinsurerCodes: 'YGCX',
      positionCode: 'chief_adjuster',
      receiveName: '测试案件：共保厂房火灾',
    });
    // Cleared picks store nothing.
    expect((await write('PUT', '/receive/receive/edit', { id: made.id, coinsurerCodes: '', positionCode: '' })).success).toBe(true);
    expect((await get<Rec>(`/receive/receive/queryById?id=${String(made.id)}`)).result).toMatchObject({ coinsurerCodes: null, positionCode: null });
  });

  it('refuses a picked key that is no row, naming the field in Chinese, on add and edit', async () => {
    const base = { receiveName: '测试案件：错误的选择', receiveStatus: 'new', trustDate: '2026-11-25' };
    const position = await write('POST', '/receive/receive/add', { ...base, positionCode: 'night_watchman' });
    expect(position).toMatchObject({ success: false, message: '承办职务：「night_watchman」不是可选的值' });
    // One unknown code among good ones; a name is no code either.
    const insurers = await write('POST', '/receive/receive/add', { ...base, coinsurerCodes: 'PICC,XXBX' });
    expect(insurers).toMatchObject({ success: false, message: '共保公司：「XXBX」不是可选的值' });
    const byName = await write('POST', '/receive/receive/add', { ...base, coinsurerCodes: '人保财险' });
    expect(byName).toMatchObject({ success: false, message: '共保公司：「人保财险」不是可选的值' });
    const both = await write('POST', '/receive/receive/add', { ...base, positionCode: 'ghost', expertIds: 'E01,E99' });
    expect(both.success).toBe(false);
    expect(both.message).toContain('承办职务：「ghost」不是可选的值');
    expect(both.message).toContain('协作专家：「E99」不是可选的值');
    expect((await get<Page>(`/receive/receive/list?receiveName=${encodeURIComponent('测试案件：错误的选择')}`)).result.total).toBe(0);

    const someCase = (await get<Rec>('/receive/receive/queryById?id=R0001')).result;
    const edit = await write('PUT', '/receive/receive/edit', { id: someCase.id, positionCode: 'ghost' });
    expect(edit).toMatchObject({ success: false, message: '承办职务：「ghost」不是可选的值' });
    expect((await get<Rec>(`/receive/receive/queryById?id=${String(someCase.id)}`)).result.positionCode).toBe('dept_manager');

    // A user field names a user (by username), a department field a department (by id).
    const people = await write('POST', '/receive/receive/add', { ...base, handler: 'nobody', assistants: 'lisi,ghost', departId: 'nodep' });
    expect(people.success).toBe(false);
    expect(people.message).toContain('主办公估师：「nobody」不是可选的值');
    expect(people.message).toContain('协办人：「ghost」不是可选的值');
    expect(people.message).toContain('承办部门：「nodep」不是可选的值');

    const link = await write('POST', '/receipt/receiptLink/add', { receiptId: 'F0005', receiveId: 'R9999', amount: 10 });
    expect(link).toMatchObject({ success: false, message: '案件：「R9999」不是可选的值' });
  });

  it('refuses a deleted user or department, by name, as no picker offers them any more', async () => {
    const db = server.database.db;
    const depart = '00000000000000000000000000a01a02';
    await db.updateTable('sys_user').set({ del_flag: 1 }).where('username', '=', 'zhaoliu').execute();
    await db.updateTable('sys_depart').set({ del_flag: '1' }).where('id', '=', depart).execute();
    try {
      const res = await write('POST', '/receive/receive/add', {
        receiveName: '测试案件：已删除的人和部门', receiveStatus: 'new', trustDate: '2026-11-25', handler: 'zhaoliu', departId: depart,
      });
      expect(res.success).toBe(false);
      // Named as the pickers showed them, not by the keys stored.
      expect(res.message).toContain('主办公估师：「赵六」不是可选的值');
      expect(res.message).toContain('承办部门：「财产险理赔部」不是可选的值');
    } finally {
      await db.updateTable('sys_user').set({ del_flag: 0 }).where('username', '=', 'zhaoliu').execute();
      await db.updateTable('sys_depart').set({ del_flag: '0' }).where('id', '=', depart).execute();
    }
    const again = await write('POST', '/receive/receive/add', {
      receiveName: '测试案件：恢复的人和部门', receiveStatus: 'new', trustDate: '2026-11-25', handler: 'zhaoliu', departId: depart,
    });
    expect(again.success, again.message).toBe(true);
  });

  it('lets an adjuster add and edit a case but not delete it', async () => {
    const lisi = (await login(server.app, 'lisi')).token;
    const added = await write('POST', '/receive/receive/add', { receiveName: '李四登记的案件', receiveStatus: 'new', trustDate: '2026-11-21', handler: 'lisi' }, lisi);
    expect(added.success, added.message).toBe(true);
    const [made] = (await get<Page>(`/receive/receive/list?receiveName=${encodeURIComponent('李四登记的案件')}`, lisi)).result.records;
    const edited = await write('PUT', '/receive/receive/edit', { id: made.id, expertIds: 'E02' }, lisi);
    expect(edited.success, edited.message).toBe(true);
    expect(await write('DELETE', `/receive/receive/delete?id=${String(made.id)}`, undefined, lisi)).toMatchObject({ success: false, code: 510 });
  });

  it('holds the amounts rule for every demo invoice', async () => {
    const all = (await get<Page>('/receipt/receipt/list?pageSize=1000')).result.records;
    expect(all.length).toBeGreaterThan(250);
    for (const r of all) {
      expect(Number(r.refAmount) + Number(r.waitAmount), String(r.number)).toBeCloseTo(Number(r.amount), 2);
    }
    // Reversed invoices: the red one carries the negative amount and names its original.
    const reds = all.filter((r) => r.redFlag === '1' && !String(r.number).startsWith('T'));
    expect(reds.length).toBeGreaterThan(5);
    for (const red of reds) {
      const original = all.find((r) => r.id === red.origReceiptId);
      expect(Number(red.amount), String(red.number)).toBeCloseTo(-Number(original?.amount), 2);
    }
  });
});
