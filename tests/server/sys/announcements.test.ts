import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { body, get, login, send, startTestApp, type TestApp } from '../support/app';

interface Announcement {
  id: string;
  anntId: string;
  titile: string;
  sendTime: string;
  priority: string;
  msgCategory: string;
  msgContent: string;
  sender: string;
  readFlag: string;
}

interface Notices {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}

describe.each(DATABASE_KINDS)('announcements (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const notices = async (token: string) => body<Notices>(await get(t.app, '/sys/annountCement/listByUser', token)).result;

  it('lists published notices for everyone and messages addressed to the user', async () => {
    const lisi = (await login(t.app, 'lisi')).token;
    const forLisi = await notices(lisi);
    expect(forLisi.anntMsgTotal).toBe(2);
    expect(forLisi.anntMsgList.map((a) => a.titile)).toEqual(['年度公估报告质量检查安排', '关于启用公估业务管理系统的通知']);
    expect(forLisi.anntMsgList.map((a) => a.titile)).not.toContain('第三季度费用报销截止时间提醒（草稿）');
    expect(forLisi.sysMsgTotal).toBe(2);
    expect(forLisi.sysMsgList.map((a) => a.titile)).toContain('请尽快提交结案审批材料');
    const first = forLisi.anntMsgList[0];
    expect(first).toMatchObject({ msgCategory: '1', priority: 'M', readFlag: '0', anntId: first.id });
    expect(first.sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first).not.toHaveProperty('userIds');

    // wangwu is not among the addressees of the personal message.
    const wangwu = (await login(t.app, 'wangwu')).token;
    const forWangwu = await notices(wangwu);
    expect(forWangwu.sysMsgList.map((a) => a.titile)).not.toContain('请尽快提交结案审批材料');
    expect(forWangwu.sysMsgTotal).toBe(1);
  });

  it('marks a notice read for the current user only (PUT and POST)', async () => {
    const lisi = (await login(t.app, 'lisi')).token;
    const admin = (await login(t.app, 'admin')).token;
    const before = await notices(lisi);
    const target = before.anntMsgList[0];
    const marked = body(await send(t.app, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: target.id }, lisi));
    expect(marked.success).toBe(true);
    const after = await notices(lisi);
    expect(after.anntMsgTotal).toBe(before.anntMsgTotal - 1);
    expect(after.anntMsgList.map((a) => a.id)).not.toContain(target.id);
    expect((await notices(admin)).anntMsgList.map((a) => a.id)).toContain(target.id);
    // Marking again is harmless.
    expect(body(await send(t.app, 'POST', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: target.id }, lisi)).success).toBe(true);
  });

  it('answers notices through the rich-text policy: no <style>, no script, no climbing picture paths', async () => {
    const hostile =
      '<style>body{display:none}</style><p style="color: #ff0000; position: fixed">公告正文</p><script>alert(1)</script>' +
      '<img src="/sys/common/static/../../sys/user/list"><img src="/sys/common/static/jeditor/20261123/ab_a.png">';
    await t.database.db
      .insertInto('sys_announcement')
      .values({ id: 'hostile-notice', titile: '样式公告', msg_content: hostile, msg_category: '1', msg_type: 'ALL', send_status: '1', del_flag: '0', priority: 'L', sender: 'admin', send_time: new Date().toISOString() })
      .execute();
    const lisi = (await login(t.app, 'lisi')).token;
    const listed = (await notices(lisi)).anntMsgList.find((a) => a.id === 'hostile-notice');
    const shown = body<Announcement>(await get(t.app, '/sys/annountCement/queryById?id=hostile-notice', lisi)).result;
    for (const content of [listed?.msgContent, shown.msgContent]) {
      expect(content).toBe('<p style="color:#ff0000">公告正文</p><img /><img src="/sys/common/static/jeditor/20261123/ab_a.png" />');
    }
  });

  it('shows one notice to those it is addressed to', async () => {
    const lisi = (await login(t.app, 'lisi')).token;
    const wangwu = (await login(t.app, 'wangwu')).token;
    const personal = (await notices(lisi)).sysMsgList.find((a) => a.titile === '请尽快提交结案审批材料') as Announcement;
    const shown = body<Announcement>(await get(t.app, `/sys/annountCement/queryById?id=${personal.id}`, lisi));
    expect(shown).toMatchObject({ success: true, result: { titile: '请尽快提交结案审批材料', sender: 'zhangsan' } });
    expect(shown.result.msgContent).toContain('<p>');
    expect(shown.result.msgContent).not.toContain('<style');
    expect(body(await get(t.app, `/sys/annountCement/queryById?id=${personal.id}`, wangwu))).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect(
      body(await send(t.app, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: personal.id }, wangwu)),
    ).toMatchObject({ success: false, message: '未找到对应数据' });
  });
});
