import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Kysely } from 'kysely';
import { addDictionaries, pointMenusAtPages } from '../../../server/db/migrations/0015_messages';
import { DATABASE_KINDS } from '../../support/database';
import { API, body, get, login, send, startTestApp, type TestApp } from '../support/app';
import { connectNotice, wsOrigin, type NoticeClient } from '../support/noticeClient';

interface Page<T> {
  records: T[];
  total: number;
}
interface AnnouncementRow {
  id: string;
  titile: string;
  sendStatus: string;
  sender: string | null;
}
interface Reader {
  username: string;
  realname: string;
  readFlag: string;
  readFlag_dictText: string;
  readTime: string | null;
}
interface MyNotice {
  anntId: string;
  titile: string;
  readFlag: string;
}
interface MessageRow {
  id: string;
  esReceiver: string;
  esType: string;
  esSendStatus: string;
  esSendStatus_dictText: string;
  esResult: string | null;
  esSendNum: number;
  esContent: string;
  templateCode: string;
}

/** Long enough for a stray message to arrive on a socket that should stay quiet. */
const QUIET_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(DATABASE_KINDS)('系统通告, 消息模板, 消息 (%s)', (kind) => {
  let t: TestApp;
  let origin: string;
  let admin: string;
  let lisi: { id: string; token: string };
  let wangwu: { id: string; token: string };
  const clients: NoticeClient[] = [];
  const openBell = async (user: { id: string; token: string }) => {
    const client = connectNotice(`${origin}${API}/websocket/${user.id}`, user.token);
    clients.push(client);
    await client.opened;
    // The session check finishes after the handshake; the heartbeat's answer proves registration.
    client.socket.send('HeartBeat');
    expect(await client.next()).toBe('HeartBeat');
    return client;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = wsOrigin(t.app);
    admin = (await login(t.app, 'admin')).token;
    const a = await login(t.app, 'lisi');
    const b = await login(t.app, 'wangwu');
    lisi = { id: a.userInfo.id, token: a.token };
    wangwu = { id: b.userInfo.id, token: b.token };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async <T>(url: string, token = admin) => body<Page<T>>(await get(t.app, url, token)).result;
  const addAnnouncement = async (values: Record<string, unknown>) => {
    const added = body(await send(t.app, 'POST', '/sys/annountCement/add', { priority: 'M', msgCategory: '1', ...values }, admin));
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    const rows = await list<AnnouncementRow>(`/sys/annountCement/list?titile=${encodeURIComponent(String(values.titile))}`);
    expect(rows.records).toHaveLength(1);
    return rows.records[0];
  };
  const myNotices = async (token: string, readFlag = '') =>
    (await list<MyNotice>(`/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=100&readFlag=${readFlag}`, token)).records;

  it('adds a draft that nobody sees until it is released to the chosen users, whose bells hear it at once', async () => {
    const draft = await addAnnouncement({ titile: '给李四的通告', msgType: 'USER', userIds: lisi.id, msgContent: '<p>请查收</p><script>alert(1)</script>' });
    expect(draft).toMatchObject({ sendStatus: '0', sender: null });
    expect((await myNotices(lisi.token)).map((n) => n.titile)).not.toContain('给李四的通告');
    // The editor reads the draft with its content through the rich-text policy.
    const shown = body<{ msgContent: string; userIds: string }>(await get(t.app, `/sys/annountCement/queryById?id=${draft.id}`, admin));
    expect(shown.result).toMatchObject({ msgContent: '<p>请查收</p>', userIds: lisi.id });
    expect(body(await get(t.app, `/sys/annountCement/queryById?id=${draft.id}`, lisi.token))).toMatchObject({ success: false, message: '未找到对应数据' });

    const lisiBell = await openBell(lisi);
    const wangwuBell = await openBell(wangwu);
    const released = body(await get(t.app, `/sys/annountCement/doReleaseData?id=${draft.id}`, admin));
    expect(released).toMatchObject({ success: true, message: '该系统通知发布成功' });
    expect(JSON.parse(await lisiBell.next())).toEqual({ cmd: 'user', msgId: draft.id, msgTxt: '给李四的通告' });
    await sleep(QUIET_MS);
    expect(wangwuBell.pending()).toEqual([]);

    const row = (await list<AnnouncementRow>('/sys/annountCement/list?titile=给李四的通告')).records[0];
    expect(row).toMatchObject({ sendStatus: '1', sender: '管理员' });
    expect((await myNotices(lisi.token, '0')).map((n) => n.titile)).toContain('给李四的通告');
    expect((await myNotices(wangwu.token)).map((n) => n.titile)).not.toContain('给李四的通告');
  });

  it('lists who read it; 我的消息 keeps a read notice under 已读', async () => {
    const annt = await addAnnouncement({ titile: '全员阅读测试', msgType: 'ALL' });
    expect(body(await get(t.app, `/sys/annountCement/doReleaseData?id=${annt.id}`, admin)).success).toBe(true);
    const readers = async () => body<Reader[]>(await get(t.app, `/sys/annountCement/readers?id=${annt.id}`, admin)).result;
    const before = await readers();
    expect(before.map((r) => r.username)).toEqual(expect.arrayContaining(['admin', 'lisi', 'wangwu', 'zhangsan']));
    expect(before.every((r) => r.readFlag === '0' && r.readFlag_dictText === '未读')).toBe(true);

    expect(body(await send(t.app, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: annt.id }, lisi.token)).success).toBe(true);
    const after = await readers();
    expect(after.find((r) => r.username === 'lisi')).toMatchObject({ readFlag: '1', readFlag_dictText: '已读', realname: '李四' });
    expect(after.find((r) => r.username === 'lisi')?.readTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(after.find((r) => r.username === 'wangwu')).toMatchObject({ readFlag: '0', readTime: null });

    // Read once, it leaves the bell but stays in 我的消息 under 已读 (and 全部), not under 未读.
    const unreadInBell = body<{ anntMsgList: Array<{ id: string }> }>(await get(t.app, '/sys/annountCement/listByUser', lisi.token)).result;
    expect(unreadInBell.anntMsgList.map((a) => a.id)).not.toContain(annt.id);
    expect((await myNotices(lisi.token, '1')).find((n) => n.anntId === annt.id)).toMatchObject({ readFlag: '1' });
    expect((await myNotices(lisi.token)).map((n) => n.anntId)).toContain(annt.id);
    expect((await myNotices(lisi.token, '0')).map((n) => n.anntId)).not.toContain(annt.id);
  });

  it('revokes a released notice: the bells reload and it is gone from the receivers', async () => {
    const annt = await addAnnouncement({ titile: '将撤销的通告', msgType: 'ALL' });
    expect(body(await get(t.app, `/sys/annountCement/doReovkeData?id=${annt.id}`, admin))).toMatchObject({ success: false, message: '该通告尚未发布，无需撤销' });
    expect(body(await get(t.app, `/sys/annountCement/doReleaseData?id=${annt.id}`, admin)).success).toBe(true);
    expect((await myNotices(wangwu.token)).map((n) => n.anntId)).toContain(annt.id);
    const bell = await openBell(wangwu);
    expect(body(await get(t.app, `/sys/annountCement/doReovkeData?id=${annt.id}`, admin))).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    expect(JSON.parse(await bell.next())).toMatchObject({ cmd: 'topic', msgId: annt.id });
    expect((await myNotices(wangwu.token)).map((n) => n.anntId)).not.toContain(annt.id);
    expect((await list<AnnouncementRow>('/sys/annountCement/list?titile=将撤销的通告')).records[0].sendStatus).toBe('2');
  });

  it('refuses to release a notice for chosen users without users, and unknown ids', async () => {
    const annt = await addAnnouncement({ titile: '没有接收人', msgType: 'USER', userIds: '' });
    expect(body(await get(t.app, `/sys/annountCement/doReleaseData?id=${annt.id}`, admin))).toMatchObject({ success: false, message: '请先选择接收通告的用户' });
    expect(body(await get(t.app, '/sys/annountCement/doReleaseData?id=nosuchid', admin))).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(body(await get(t.app, '/sys/annountCement/readers?id=nosuchid', admin))).toMatchObject({ success: false, message: '未找到对应数据' });
    // Edit and delete through the generic endpoints.
    expect(body(await send(t.app, 'PUT', '/sys/annountCement/edit', { id: annt.id, titile: '没有接收人（改）', priority: 'H', msgCategory: '1', msgType: 'ALL' }, admin))).toMatchObject({ success: true });
    expect((await list<AnnouncementRow>('/sys/annountCement/list?titile=没有接收人（改）')).total).toBe(1);
    const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/sys/annountCement/delete?id=${annt.id}`, headers: { 'X-Access-Token': admin } });
    expect(body(deleted)).toMatchObject({ success: true });
  });

  const addTemplate = async (values: Record<string, unknown>) => {
    expect(body(await send(t.app, 'POST', '/sys/message/sysMessageTemplate/add', values, admin))).toMatchObject({ success: true });
    return (await list<{ id: string }>(`/sys/message/sysMessageTemplate/list?templateCode=${String(values.templateCode)}`)).records[0];
  };
  const messages = async (templateCode: string) =>
    (await list<MessageRow>(`/sys/message/sysMessage/list?templateCode=${templateCode}&column=createTime&order=desc`)).records;

  it('keeps template codes unique and fills ${name} placeholders; a system message reaches the bell', async () => {
    const template = await addTemplate({ templateCode: 'case_assigned', templateName: '案件分配提醒', templateType: '4', templateContent: '${name}您好，案件${caseNo}已分配给您。', templateTestJson: '{"name":"李四","caseNo":"GA001"}' });
    const again = body(await send(t.app, 'POST', '/sys/message/sysMessageTemplate/add', { templateCode: 'case_assigned', templateName: '重复', templateType: '4', templateContent: 'x' }, admin));
    expect(again.success).toBe(false);

    const bell = await openBell(lisi);
    const sent = body(await send(t.app, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { id: template.id, receiver: 'lisi', testData: '{"name":"李四","caseNo":"GA2026-07"}' }, admin));
    expect(sent).toMatchObject({ success: true, message: '消息发送成功！' });
    expect(JSON.parse(await bell.next())).toMatchObject({ cmd: 'user', msgTxt: '案件分配提醒' });
    const notices = body<{ sysMsgList: Array<{ titile: string; msgContent: string }> }>(await get(t.app, '/sys/annountCement/listByUser', lisi.token)).result;
    expect(notices.sysMsgList.find((n) => n.titile === '案件分配提醒')?.msgContent).toBe('<p>李四您好，案件GA2026-07已分配给您。</p>');
    const [recorded] = await messages('case_assigned');
    expect(recorded).toMatchObject({ esReceiver: 'lisi', esType: '4', esSendStatus: '1', esSendStatus_dictText: '成功', esResult: null, esSendNum: 1, esContent: '李四您好，案件GA2026-07已分配给您。' });

    // Without test data the template's own; by code as JeecgBoot clients send it.
    expect(body(await send(t.app, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'case_assigned', receiver: 'lisi' }, admin)).success).toBe(true);
    expect((await messages('case_assigned'))[0].esContent).toBe('李四您好，案件GA001已分配给您。');

    // A missing value or bad JSON is refused before anything is sent or recorded.
    expect(body(await send(t.app, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { id: template.id, receiver: 'lisi', testData: '{"name":"李四"}' }, admin))).toMatchObject({ success: false, message: '缺少占位符的值：caseNo' });
    expect(body(await send(t.app, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { id: template.id, receiver: 'lisi', testData: '{name' }, admin))).toMatchObject({ success: false, message: '测试数据不是合法的 JSON' });
    expect(await messages('case_assigned')).toHaveLength(2);

    // An unknown receiver is a failed send, recorded with its reason.
    const unknown = body(await send(t.app, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { id: template.id, receiver: 'nobody' }, admin));
    expect(unknown).toMatchObject({ success: false, message: '消息发送失败：接收人 nobody 不是系统用户' });
    expect((await messages('case_assigned'))[0]).toMatchObject({ esReceiver: 'nobody', esSendStatus: '2', esResult: '接收人 nobody 不是系统用户' });
  });

  it('sends e-mail through the enabled 邮箱配置; a failed SMTP send is recorded as 失败 with the reason, and 重发 tries again', async () => {
    const deadPort = await closedPort();
    const config = { configName: '通知邮箱', smtpHost: '127.0.0.1', sslEnabled: 'N', smtpPort: deadPort, account: 'notice@lossdesk.test', password: 'secret', senderName: '公估通知', enabled: 'Y' };
    expect(body(await send(t.app, 'POST', '/maintenance/emailConfig/add', config, admin))).toMatchObject({ success: true });
    const template = await addTemplate({ templateCode: 'mail_hello', templateName: '邮件问候', templateType: '2', templateContent: '${name}您好：这是一封测试邮件。' });

    const failed = body(await send(t.app, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { id: template.id, receiver: 'lisi@lossdesk.test', testData: '{"name":"李四"}' }, admin));
    expect(failed.success).toBe(false);
    expect(failed.message).toMatch(/^消息发送失败：邮件发送失败：.*ECONNREFUSED/);
    const [row] = await messages('mail_hello');
    expect(row).toMatchObject({ esReceiver: 'lisi@lossdesk.test', esType: '2', esSendStatus: '2', esSendStatus_dictText: '失败', esSendNum: 1 });
    expect(row.esResult).toMatch(/ECONNREFUSED/);

    // Now a real SMTP server listens there: 重发 delivers the recorded message.
    const received: ParsedMail[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onAuth: (_auth, _session, callback) => callback(null, { user: 'notice' }),
      onData: (stream, _session, callback) => {
        void simpleParser(stream).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(deadPort, '127.0.0.1', resolve));
    try {
      expect(body(await send(t.app, 'POST', '/sys/message/sysMessage/resend', { id: row.id }, admin))).toMatchObject({ success: true, message: '重发成功！' });
      await expect.poll(() => received.length).toBe(1);
      expect(received[0].subject).toBe('邮件问候');
      expect(received[0].text?.trim()).toBe('李四您好：这是一封测试邮件。');
      expect(received[0].to).toMatchObject({ text: 'lisi@lossdesk.test' });
      expect(received[0].from?.text).toContain('notice@lossdesk.test');
      expect((await messages('mail_hello'))[0]).toMatchObject({ id: row.id, esSendStatus: '1', esResult: null, esSendNum: 2 });
      // A username is sent to the user's e-mail address; a user without one is a recorded failure.
      const noEmail = body(await send(t.app, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { id: template.id, receiver: 'nobody', testData: '{"name":"x"}' }, admin));
      expect(noEmail).toMatchObject({ success: false, message: '消息发送失败：接收人 nobody 既不是邮箱地址也不是系统用户' });
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
    expect(body(await send(t.app, 'POST', '/sys/message/sysMessage/resend', { id: 'nosuchid' }, admin))).toMatchObject({ success: false, message: '消息不存在' });
  });

  it('sends 短信 to the server log by default', async () => {
    const template = await addTemplate({ templateCode: 'sms_hello', templateName: '短信问候', templateType: '1', templateContent: '${name}您好' });
    expect(body(await send(t.app, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { id: template.id, receiver: '13800000000', testData: '{"name":"王五"}' }, admin))).toMatchObject({ success: true });
    expect((await messages('sms_hello'))[0]).toMatchObject({ esReceiver: '13800000000', esType: '1', esSendStatus: '1', esContent: '王五您好' });
  });

  it('answers 510 to lisi (公估师) on every endpoint of the three pages', async () => {
    const calls: Array<[string, string, Record<string, unknown>?]> = [
      ['GET', '/sys/annountCement/list'],
      ['POST', '/sys/annountCement/add', { titile: 'x', priority: 'L', msgCategory: '1', msgType: 'ALL' }],
      ['PUT', '/sys/annountCement/edit', { id: 'x', titile: 'x' }],
      ['DELETE', '/sys/annountCement/delete?id=x'],
      ['GET', '/sys/annountCement/doReleaseData?id=x'],
      ['GET', '/sys/annountCement/doReovkeData?id=x'],
      ['GET', '/sys/annountCement/readers?id=x'],
      ['GET', '/sys/message/sysMessageTemplate/list'],
      ['POST', '/sys/message/sysMessageTemplate/add', { templateCode: 'x', templateName: 'x', templateType: '4', templateContent: 'x' }],
      ['PUT', '/sys/message/sysMessageTemplate/edit', { id: 'x' }],
      ['DELETE', '/sys/message/sysMessageTemplate/delete?id=x'],
      ['POST', '/sys/message/sysMessageTemplate/sendMsg', { id: 'x', receiver: 'lisi' }],
      ['GET', '/sys/message/sysMessage/list'],
      ['DELETE', '/sys/message/sysMessage/delete?id=x'],
      ['GET', '/sys/message/sysMessage/exportXls'],
      ['POST', '/sys/message/sysMessage/resend', { id: 'x' }],
    ];
    for (const [method, url, payload] of calls) {
      const response = await t.app.inject({ method: method as 'GET', url: `${API}${url}`, payload, headers: { 'X-Access-Token': lisi.token } });
      expect(body(response), `${method} ${url}`).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
  });

  it('a database seeded before points the old 建设中 menus at the pages and adds their buttons for the menu’s roles', async () => {
    const { db } = t.database;
    const codes = ['messageTemplate:list', 'messageTemplate:add', 'messageTemplate:edit', 'messageTemplate:delete', 'messageTemplate:sendMsg'];
    await db.deleteFrom('sys_permission').where('perms', 'in', codes).execute();
    await db.updateTable('sys_permission').set({ component: 'system/SysMessageTemplateList' }).where('component', '=', 'schema/sys/sysMessageTemplate').execute();
    await pointMenusAtPages(db as unknown as Kysely<unknown>);
    await pointMenusAtPages(db as unknown as Kysely<unknown>);
    const rows = await db
      .selectFrom('sys_permission as p')
      .innerJoin('sys_permission as menu', 'menu.id', 'p.parent_id')
      .select(['p.id', 'p.perms', 'menu.component'])
      .where('p.perms', 'in', codes)
      .execute();
    expect(rows.map((r) => r.perms).sort()).toEqual([...codes].sort());
    expect(new Set(rows.map((r) => r.component))).toEqual(new Set(['schema/sys/sysMessageTemplate']));
    const token = (await login(t.app, 'admin')).token;
    expect(body(await get(t.app, '/sys/message/sysMessageTemplate/list', token)).success).toBe(true);
  });

  it('a database seeded before gets the dictionaries of the three pages, once', async () => {
    const { db } = t.database;
    const codes = ['msg_open_type', 'msg_template_type', 'msg_send_status'];
    await db.deleteFrom('sys_dict').where('dict_code', 'in', codes).execute();
    await addDictionaries(db as unknown as Kysely<unknown>);
    await addDictionaries(db as unknown as Kysely<unknown>);
    const items = await db
      .selectFrom('sys_dict as d')
      .innerJoin('sys_dict_item as i', 'i.dict_id', 'd.id')
      .select(['d.dict_code', 'i.item_value', 'i.item_text'])
      .where('d.dict_code', '=', 'msg_send_status')
      .orderBy('i.sort_order')
      .execute();
    expect(items.map((i) => [i.item_value, i.item_text])).toEqual([['0', '未发送'], ['1', '成功'], ['2', '失败']]);
    expect(await db.selectFrom('sys_dict').select('id').where('dict_code', 'in', codes).execute()).toHaveLength(3);
  });
});
