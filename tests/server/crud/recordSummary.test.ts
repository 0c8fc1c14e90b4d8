/**
 * 案件详情's figures (receive.json recordPage.summary, GET /receive/receive/recordSummary?id=): costs
 * by 费用大类, labour cost (工时 × the staff member's position 小时费用), 公估费 / 已开票 / 待开票 —
 * behind receive:list, each figure over another page only for holders of that page's list code and
 * only over the rows of the caller's tenant; and 案件成员 refuses the same user twice in one case.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMissingPageMenus } from '../../../server/crud/pageMenus';
import { DATABASE_KINDS } from '../../support/database';
import { login } from '../support/app';
import { signedInCrudApp } from './support';

type Rec = Record<string, unknown>;
interface Figure {
  key: string;
  title: string;
  value: number;
  groups?: { value: string | null; text: string; amount: number }[];
}

describe.each(DATABASE_KINDS)('case detail figures (%s)', (kind) => {
  const server = signedInCrudApp(kind);
  // The case's sub-pages get their menu items (and admin their codes) as at a real start.
  beforeAll(async () => {
    await addMissingPageMenus(server.database.db, server.pages);
  });
  const { get, send } = server;
  let caseId = '';

  const newCase = async (receiveName: string): Promise<string> => {
    // In zhangsan's department, so the 部门经理 may see it under his data rule.
    const added = await send('POST', '/receive/receive/add', { receiveName, trustDate: '2026-03-01', feeAmount: 5000, departId: '00000000000000000000000000a01a02' });
    expect(added.success, added.message).toBe(true);
    const found = await get<{ records: Rec[] }>(`/receive/receive/list?receiveName=${encodeURIComponent(receiveName)}`);
    return String(found.result.records[0].id);
  };
  const cost = (receiveId: string, costCategory: string, amount: number) =>
    send('POST', '/cost/caseCost/add', { receiveId, costCategory, currency: 'CNY', amount, occurDate: '2026-03-02', costStatus: 'draft' });
  const summary = (id: string, token?: string) => get<Figure[]>(`/receive/receive/recordSummary?id=${id}`, token);
  const figure = (figures: Figure[], key: string) => figures.find((f) => f.key === key);

  it('sums the case costs by 费用大类, labour as hours × position cost, and 公估费 less 已开票', async () => {
    caseId = await newCase(`详情汇总案件${kind}`);
    for (const [category, amount] of [['expert', 1200.5], ['expert', 300], ['travel', 88.8]] as const) {
      const answer = await cost(caseId, category, amount);
      expect(answer.success, answer.message).toBe(true);
    }
    const hourType = await server.database.db.selectFrom('mnt_working_hour_type' as never).select(sql<string>`id`.as('id')).executeTakeFirstOrThrow();
    // lisi is a 高级公估师 (400 元/小时), wangwu a 财务专员 (120 元/小时).
    for (const [staffUser, hours] of [['lisi', 2.5], ['wangwu', 1], ['lisi', 1]] as const) {
      const answer = await send('POST', '/cost/workHour/add', { caseId, hourType: (hourType as { id: string }).id, staffUser, workDate: '2026-03-03', hours });
      expect(answer.success, answer.message).toBe(true);
    }
    await sql`UPDATE biz_receive SET invoiced_amount = 1800 WHERE id = ${caseId}`.execute(server.database.db);

    const answer = await summary(caseId);
    expect(answer.success, answer.message).toBe(true);
    const figures = answer.result;
    expect(figure(figures, 'costs')).toEqual({
      key: 'costs',
      title: '案件费用',
      value: 1589.3,
      groups: [
        { value: 'expert', text: '专家费', amount: 1500.5 },
        { value: 'travel', text: '差旅交通', amount: 88.8 },
      ],
    });
    expect(figure(figures, 'labour')?.value).toBe(3.5 * 400 + 120);
    expect(figure(figures, 'fee')?.value).toBe(5000);
    expect(figure(figures, 'invoiced')?.value).toBe(1800);
    expect(figure(figures, 'toInvoice')).toMatchObject({ title: '待开票', value: 3200 });
  });

  it('counts only the rows of the caller tenant', async () => {
    // A cost row of another tenant naming the same case id (as a forged import could) is not summed.
    await sql`INSERT INTO biz_case_cost (id, tenant_id, receive_id, cost_category, currency, amount, occur_date, cost_status, create_by)
      VALUES (${randomUUID().replaceAll('-', '')}, 77, ${caseId}, 'expert', 'CNY', 99999, '2026-03-02', 'draft', 'admin')`.execute(server.database.db);
    const figures = (await summary(caseId)).result;
    expect(figure(figures, 'costs')?.value).toBe(1589.3);
  });

  it('answers 510 without receive:list, leaves out figures over pages the user may not list, and 未找到 for an unknown case', async () => {
    const refused = await server.app.inject({ method: 'GET', url: `/insurance/receive/receive/recordSummary?id=${caseId}`, headers: {} });
    expect(refused.statusCode).toBe(401);
    // zhangsan (部门经理) holds receive:list and workHour:list; with caseCost:list switched off he gets no cost figure.
    const zhangsan = (await login(server.app, 'zhangsan')).token;
    await sql`UPDATE sys_permission SET status = '0' WHERE perms = 'caseCost:list'`.execute(server.database.db);
    try {
      const his = await summary(caseId, zhangsan);
      expect(his.success, his.message).toBe(true);
      expect(his.result.map((f) => f.key)).toEqual(['labour', 'fee', 'invoiced', 'toInvoice']);
    } finally {
      await sql`UPDATE sys_permission SET status = '1' WHERE perms = 'caseCost:list'`.execute(server.database.db);
    }
    // Without receive:list: 510.
    await sql`UPDATE sys_permission SET status = '0' WHERE perms = 'receive:list'`.execute(server.database.db);
    try {
      expect(await summary(caseId, zhangsan)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    } finally {
      await sql`UPDATE sys_permission SET status = '1' WHERE perms = 'receive:list'`.execute(server.database.db);
    }
    expect(await summary('no-such-case')).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('案件成员: the same user twice in one case is refused in Chinese; in another case they may be a member', async () => {
    const member = { receiveId: caseId, userName: 'lisi', memberRole: 'handler', joinDate: '2026-03-01' };
    expect((await send('POST', '/receive/receiveMember/add', member)).success).toBe(true);
    const again = await send('POST', '/receive/receiveMember/add', { ...member, memberRole: 'assistant' });
    expect(again).toMatchObject({ success: false });
    expect(again.message).toContain('该用户已是本案成员');
    const other = await newCase(`另一案件${kind}`);
    expect((await send('POST', '/receive/receiveMember/add', { ...member, receiveId: other })).success).toBe(true);
    const listed = await get<{ records: Rec[] }>(`/receive/receiveMember/list?receiveId=${caseId}`);
    expect(listed.result.records.map((r) => r.userName)).toEqual(['lisi']);
  });
});
