/**
 * The case lifecycle declared in receive.json's `workflow`, served by POST /receive/receive/transition:
 * each transition allowed and refused per role, refusals naming the case's current state, required
 * fields and reasons, the state never written through add or edit, progress entry + data-log
 * version + notices per transition, batch all or nothing, system transitions for other server code,
 * and two managers approving one case at once (one wins, the other is told). Also 投诉 (a form written
 * onto the row) and 案件费用's approval.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { PageDocument } from '../../../runtime/generated/page';
import { loadPageSchema } from '../../../runtime/schema/loadPageSchema';
import { workflowProblems } from '../../../server/crud/workflow/workflowChecks';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../../server/db/transaction';
import { applySystemTransition } from '../../../server/crud/workflow/systemTransition';
import { dynamic } from '../../../server/crud/entity/store';
import { DATABASE_KINDS } from '../../support/database';
import ExcelJS from 'exceljs';
import { API, authHeaders, body, login } from '../support/app';
import { multipart, signedInCrudApp } from './support';

type Rec = Record<string, unknown>;
const NO_PERMISSION = '没有权限，请联系管理员授权';
const DEPART = '00000000000000000000000000a01a02';

describe.each(DATABASE_KINDS)('case workflow (%s)', (kind) => {
  const server = signedInCrudApp(kind);
  const tokens: Record<string, string> = {};
  const token = async (user: string) => (tokens[user] ??= (await login(server.app, user)).token);
  // The biz_ tables are the pages' (no generated types): read them untyped, as the store does.
  const db = () => dynamic(server.database.db);

  let serial = 0;
  /** A new case registered by lisi (公估师 see what they register) and its id and number; `fields` beside the required ones. */
  const newCase = async (fields: Rec = {}): Promise<{ id: string; number: string }> => {
    const name = `流程测试案件${kind}${++serial}`;
    const added = await server.send('POST', '/receive/receive/add', { receiveName: name, trustDate: '2026-11-20', ...fields }, await token('lisi'));
    expect(added.success, added.message).toBe(true);
    const row = await db().selectFrom('biz_receive').select(['id', 'receive_number']).where('receive_name', '=', name).executeTakeFirstOrThrow();
    return { id: row.id as string, number: row.receive_number as string };
  };
  const stateOf = async (id: string) => (await db().selectFrom('biz_receive').select('receive_status').where('id', '=', id).executeTakeFirstOrThrow()).receive_status;
  const setState = (id: string, state: string) => db().updateTable('biz_receive').set({ receive_status: state }).where('id', '=', id).execute();
  const move = async (user: string, id: string, transition: string, extra: Rec = {}) =>
    server.send('POST', '/receive/receive/transition', { id, transition, ...extra }, await token(user));
  /** A case ready for every step: handler lisi, department, fee. */
  const readyCase = (state: string) => newCase({ handler: 'lisi', departId: DEPART, feeAmount: 8000 }).then(async (c) => (await setState(c.id, state), c));

  it('starts every added case at 新建 whatever the client sends, and refuses changing 案件状态 through edit', async () => {
    const c = await newCase({ receiveStatus: 'over' });
    expect(await stateOf(c.id)).toBe('new');
    const refused = await server.send('PUT', '/receive/receive/edit', { id: c.id, receiveName: '改名', receiveStatus: 'over' }, await token('lisi'));
    expect(refused).toMatchObject({ success: false, message: '案件状态不能直接修改（当前为「新建」），请使用流程操作' });
    expect(await stateOf(c.id)).toBe('new');
    // The form sends the stored state back unchanged: that edit passes.
    const kept = await server.send('PUT', '/receive/receive/edit', { id: c.id, receiveName: `${c.number}改名`, receiveStatus: 'new' }, await token('lisi'));
    expect(kept.success, kept.message).toBe(true);
  });

  it('starts imported cases at 新建 too, whatever the workbook says', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('案件');
    sheet.addRow(['案件']);
    sheet.addRow(['导入']);
    sheet.addRow(['案件名称', '案件状态', '委托日期']);
    sheet.addRow([`导入的案件${kind}`, '已结案', '2026-11-20']);
    const upload = multipart([{ field: 'file', name: '案件.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) }]);
    const answer = body(await server.app.inject({ method: 'POST', url: `${API}/receive/receive/importExcel`, payload: upload.payload, headers: { ...authHeaders(server.admin), ...upload.headers } }));
    expect(answer.success, answer.message).toBe(true);
    const row = await db().selectFrom('biz_receive').select('receive_status').where('receive_name', '=', `导入的案件${kind}`).executeTakeFirstOrThrow();
    expect(row.receive_status).toBe('new');
  });

  it('受理 needs 主办公估师 and 承办部门; lisi accepts, the handler is told, a progress entry and a version are written', async () => {
    const c = await newCase();
    expect(await move('lisi', c.id, 'accept')).toMatchObject({ success: false, message: `案件「${c.number}」的主办公估师、承办部门未填写，不能执行「受理」` });
    await server.send('PUT', '/receive/receive/edit', { id: c.id, handler: 'zhangsan', departId: DEPART });
    const versionsBefore = (await db().selectFrom('sys_data_log').select('id').where('data_id', '=', c.id).execute()).length;
    const done = await move('lisi', c.id, 'accept');
    expect(done).toMatchObject({ success: true, message: '「受理」操作成功' });
    expect(await stateOf(c.id)).toBe('handle');
    const progress = await db().selectFrom('biz_receive_progress').selectAll().where('receive_id', '=', c.id).execute();
    expect(progress).toHaveLength(1);
    expect(progress[0]).toMatchObject({ action: '受理', from_status: 'new', to_status: 'handle', receive_number: c.number, create_by: 'lisi', content: '新建 → 处理中' });
    const versions = await db().selectFrom('sys_data_log').select(['data_version', 'data_content']).where('data_id', '=', c.id).orderBy('data_version').execute();
    expect(versions).toHaveLength(versionsBefore + 1);
    expect(JSON.parse(String(versions.at(-1)?.data_content))).toMatchObject({ receiveStatus: 'handle' });
    const zhangsan = await db().selectFrom('sys_user').select('id').where('username', '=', 'zhangsan').executeTakeFirstOrThrow();
    const notice = await db().selectFrom('sys_announcement').select(['titile', 'user_ids', 'msg_abstract']).where('titile', '=', `案件「${c.number}」已受理`).executeTakeFirst();
    expect(notice).toMatchObject({ user_ids: `${zhangsan.id},` });
    expect(notice?.msg_abstract).toContain('执行了「受理」：新建 → 处理中');
  });

  it('提交结案审批 needs 公估费 and tells the managers; only a manager approves or sends back, with a reason', async () => {
    const c = await newCase({ handler: 'lisi', departId: DEPART });
    await setState(c.id, 'handle');
    expect(await move('lisi', c.id, 'submit')).toMatchObject({ success: false, message: `案件「${c.number}」的公估费未填写，不能执行「提交结案审批」` });
    await server.send('PUT', '/receive/receive/edit', { id: c.id, feeAmount: 12000 });
    expect(await move('wangwu', c.id, 'submit')).toMatchObject({ success: false, code: 510, message: NO_PERMISSION });
    expect(await move('lisi', c.id, 'submit')).toMatchObject({ success: true });
    expect(await stateOf(c.id)).toBe('approve');
    const managers = await db().selectFrom('sys_announcement').select('titile').where('titile', '=', `案件「${c.number}」已提交结案审批，请处理`).execute();
    expect(managers.length).toBeGreaterThan(0);

    for (const user of ['lisi', 'wangwu']) {
      expect(await move(user, c.id, 'approve'), user).toMatchObject({ success: false, code: 510, message: NO_PERMISSION });
      expect(await move(user, c.id, 'reject', { reason: '材料不全' }), user).toMatchObject({ success: false, code: 510 });
    }
    expect(await move('zhangsan', c.id, 'reject')).toMatchObject({ success: false, message: '请填写原因' });
    expect(await move('zhangsan', c.id, 'reject', { reason: '   ' })).toMatchObject({ success: false, message: '请填写原因' });
    expect(await move('zhangsan', c.id, 'reject', { reason: '损失清单缺少签字' })).toMatchObject({ success: true, message: '「退回」操作成功' });
    expect(await stateOf(c.id)).toBe('handle');
    const entry = await db().selectFrom('biz_receive_progress').selectAll().where('receive_id', '=', c.id).where('action', '=', '退回').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ from_status: 'approve', to_status: 'handle', content: '损失清单缺少签字', create_by: 'zhangsan' });
    const told = await db().selectFrom('sys_announcement').select('msg_abstract').where('titile', '=', `案件「${c.number}」已退回`).executeTakeFirstOrThrow();
    expect(told.msg_abstract).toContain('原因：损失清单缺少签字');
  });

  it('refuses a stale or illegal transition naming the case’s current state, and a case that does not exist', async () => {
    const c = await readyCase('handle');
    expect(await move('zhangsan', c.id, 'approve')).toMatchObject({ success: false, message: `案件「${c.number}」当前状态为「处理中」，不能执行「通过」` });
    expect(await move('admin', c.id, 'archive')).toMatchObject({ success: false, message: `案件「${c.number}」当前状态为「处理中」，不能执行「归档」` });
    // The page was read while the case was 结案审批; it has moved since.
    expect(await move('lisi', c.id, 'submit', { expectedState: 'approve' })).toMatchObject({ success: false, message: `案件「${c.number}」当前状态为「处理中」，不能执行「提交结案审批」` });
    expect(await move('admin', 'no-such-case', 'submit')).toMatchObject({ success: false, message: '未找到对应数据' });
    // System transitions are run by the server only.
    expect(await move('admin', c.id, 'invoiced')).toMatchObject({ success: false, message: '流程操作 invoiced 不存在' });
    expect(await server.send('POST', '/receive/receive/transition', { ids: `${c.id},${c.id}x`, transition: 'submit' }, await token('lisi'))).toMatchObject({ success: false, message: '「提交结案审批」不能批量执行' });
  });

  it('approves a batch all or nothing', async () => {
    const a = await readyCase('approve');
    const b = await readyCase('approve');
    const stale = await readyCase('handle');
    const refused = await server.send('POST', '/receive/receive/transition', { ids: [a.id, b.id, stale.id].join(','), transition: 'approve' }, await token('zhangsan'));
    expect(refused).toMatchObject({ success: false, message: `案件「${stale.number}」当前状态为「处理中」，不能执行「通过」` });
    expect([await stateOf(a.id), await stateOf(b.id)]).toEqual(['approve', 'approve']);
    expect(await db().selectFrom('biz_receive_progress').select('id').where('receive_id', 'in', [a.id, b.id]).execute()).toHaveLength(0);
    const done = await server.send('POST', '/receive/receive/transition', { ids: `${a.id},${b.id}`, transition: 'approve' }, await token('zhangsan'));
    expect(done).toMatchObject({ success: true, message: '已对 2 条记录执行「通过」' });
    expect([await stateOf(a.id), await stateOf(b.id)]).toEqual(['over', 'over']);
  });

  it('申请开票 by the handler, 已开票 and back by the server (applySystemTransition), 归档 by a manager', async () => {
    const c = await readyCase('over');
    expect(await move('wangwu', c.id, 'requestReceipt')).toMatchObject({ success: false, code: 510 });
    expect(await move('lisi', c.id, 'requestReceipt')).toMatchObject({ success: true });
    expect(await stateOf(c.id)).toBe('wait_receipt');
    const system = (transition: string) =>
      inTransaction(server.database.db, (trx) => applySystemTransition(trx, { page: 'receive/receive', id: c.id, transition, actor: 'wangwu', note: '发票 FP001 已关联' }));
    expect(await system('invoiced')).toBe(true);
    expect(await stateOf(c.id)).toBe('receipted');
    expect(await system('invoiced')).toBe(false);
    const entry = await db().selectFrom('biz_receive_progress').selectAll().where('receive_id', '=', c.id).where('action', '=', '已开票').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ from_status: 'wait_receipt', to_status: 'receipted', content: '发票 FP001 已关联', create_by: 'wangwu' });
    // Rolled back with its caller: nothing stays.
    await expect(
      inTransaction(server.database.db, async (trx) => {
        expect(await applySystemTransition(trx, { page: 'receive/receive', id: c.id, transition: 'uninvoiced', actor: 'wangwu' })).toBe(true);
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(await stateOf(c.id)).toBe('receipted');
    await expect(inTransaction(server.database.db, (trx) => applySystemTransition(trx, { page: 'receive/receive', id: c.id, transition: 'archive', actor: 'admin' }))).rejects.toThrow('不是系统操作');
    expect(await move('lisi', c.id, 'archive')).toMatchObject({ success: false, code: 510 });
    expect(await move('zhangsan', c.id, 'archive')).toMatchObject({ success: true });
    expect(await stateOf(c.id)).toBe('old');
  });

  it.runIf(kind === 'postgres')('lets one of two managers approving one case at once win; the other is told its state', async () => {
    const c = await readyCase('approve');
    const first = (await login(server.app, 'zhangsan')).token;
    const second = (await login(server.app, 'admin')).token;
    const answers = await Promise.all(
      [first, second].map((t) => server.send('POST', '/receive/receive/transition', { id: c.id, transition: 'approve' }, t)),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.find((a) => !a.success)).toMatchObject({ message: `案件「${c.number}」当前状态为「已结案」，不能执行「通过」` });
    expect(await stateOf(c.id)).toBe('over');
    expect(await db().selectFrom('biz_receive_progress').select('id').where('receive_id', '=', c.id).execute()).toHaveLength(1);
  });

  it.runIf(kind === 'postgres')('refuses an approval whose case another manager moved while it waited for the row', async () => {
    const c = await readyCase('approve');
    const manager = await token('zhangsan');
    let locked = () => {};
    let release = () => {};
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The other manager's transaction has moved the case and holds its row, not yet committed.
    const other = inTransaction(server.database.db, async (trx) => {
      await sql`UPDATE biz_receive SET receive_status = 'over' WHERE id = ${c.id}`.execute(trx);
      locked();
      await gate;
    });
    await holding;
    // This one still reads 结案审批 (the other has not committed) and waits for the row at its UPDATE.
    const answer = server.send('POST', '/receive/receive/transition', { id: c.id, transition: 'approve' }, manager);
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await other;
    expect(await answer).toMatchObject({ success: false, message: `案件「${c.number}」当前状态为「已结案」，不能执行「通过」` });
    expect(await db().selectFrom('biz_receive_progress').select('id').where('receive_id', '=', c.id).execute()).toHaveLength(0);
  });

  it('投诉: 处理 asks for 处理意见, 办结 writes the result and the close date', async () => {
    // In zhangsan's department: a manager decides on the cases he may see.
    const c = await newCase({ departId: DEPART });
    const added = await server.send('POST', '/receive/complaint/add', { receiveId: c.id, source: (await firstDictValue('complaint_source')), content: '查勘不及时', complaintStatus: 'closed' });
    expect(added.success, added.message).toBe(true);
    const complaint = await db().selectFrom('biz_complaint').select(['id', 'complaint_status']).where('receive_id', '=', c.id).executeTakeFirstOrThrow();
    expect(complaint.complaint_status).toBe('registered');
    const handle = (extra: Rec, user = 'zhangsan') => token(user).then((t) => server.send('POST', '/receive/complaint/transition', { id: complaint.id, ...extra }, t));
    expect(await handle({ transition: 'handle' })).toMatchObject({ success: false, message: '请填写处理意见' });
    expect(await handle({ transition: 'handle', handleNote: '已联系投诉人' }, 'lisi')).toMatchObject({ success: false, code: 510 });
    expect(await handle({ transition: 'handle', handleNote: '已联系投诉人' })).toMatchObject({ success: true });
    expect(await handle({ transition: 'close', values: { result: '已道歉并加快查勘' } })).toMatchObject({ success: true });
    const row = await db().selectFrom('biz_complaint').selectAll().where('id', '=', complaint.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ complaint_status: 'closed', handle_note: '已联系投诉人', result: '已道歉并加快查勘' });
    expect(row.close_date).not.toBeNull();
  });

  // The adjuster gets caseCost:submit once a 费用 menu of theirs opens the caseCost page (views, menus.json); admin submits here.
  it('案件费用: a cost is submitted, a manager approves or rejects it with a reason', async () => {
    const c = await newCase({ departId: DEPART });
    const added = await server.send('POST', '/cost/caseCost/add', { receiveId: c.id, costCategory: 'expert', currency: 'CNY', amount: 3000, occurDate: '2026-11-20', costStatus: 'paid' }, await token('admin'));
    expect(added.success, added.message).toBe(true);
    const cost = await db().selectFrom('biz_case_cost').select(['id', 'cost_status']).where('receive_id', '=', c.id).executeTakeFirstOrThrow();
    expect(cost.cost_status).toBe('draft');
    const costMove = async (user: string, transition: string, extra: Rec = {}) =>
      server.send('POST', '/cost/caseCost/transition', { id: cost.id, transition, ...extra }, await token(user));
    expect(await costMove('wangwu', 'submit')).toMatchObject({ success: false, code: 510 });
    expect(await costMove('admin', 'submit')).toMatchObject({ success: true, message: '「提交审批」操作成功' });
    expect(await costMove('lisi', 'approve')).toMatchObject({ success: false, code: 510 });
    expect(await costMove('zhangsan', 'reject')).toMatchObject({ success: false, message: '请填写原因' });
    expect(await costMove('zhangsan', 'reject', { reason: '发票不符' })).toMatchObject({ success: true });
    expect(await costMove('admin', 'submit')).toMatchObject({ success: true });
    expect(await costMove('zhangsan', 'approve')).toMatchObject({ success: true });
    expect(await costMove('zhangsan', 'approve')).toMatchObject({ success: false, message: expect.stringContaining('当前状态为「已审批」，不能执行「通过」') });
  });

  it('stops the start when a workflow names a state its dictionary lacks or a progress page not loaded', async () => {
    const doc = JSON.parse(fs.readFileSync(path.resolve('schemas/pages/receive/receive.json'), 'utf8')) as PageDocument;
    const workflow = doc.workflow as NonNullable<PageDocument['workflow']>;
    doc.workflow = { ...workflow, progress: { page: 'receive/noProgress', link: 'receiveId' }, transitions: [...workflow.transitions, { key: 'lose', title: '遗失', from: ['handle'], to: 'lost' }] };
    const loaded = loadPageSchema(doc, 'schemas/pages/receive/receive.json');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const others = server.pages.filter((p) => p.source !== 'schemas/pages/receive/receive.json' && p.workflow === undefined);
    expect((await workflowProblems(server.app.dictionaries, [loaded.page, ...others])).map((e) => `${e.pointer} ${e.message}`)).toEqual([
      '/workflow/transitions/8 流程操作「遗失」的状态 lost 不在数据字典 receive_status 中',
      '/workflow/progress/page 进度页面 receive/noProgress 不存在',
    ]);
    expect(await workflowProblems(server.app.dictionaries, server.pages)).toEqual([]);
  });

  async function firstDictValue(code: string): Promise<string> {
    const { rows } = await sql<{ item_value: string }>`SELECT i.item_value FROM sys_dict_item i JOIN sys_dict d ON d.id = i.dict_id WHERE d.dict_code = ${code} ORDER BY i.sort_order LIMIT 1`.execute(db());
    return rows[0].item_value;
  }
});
