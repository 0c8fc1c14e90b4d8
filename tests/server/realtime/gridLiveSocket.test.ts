import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadEntityPages } from '../../../server/crud/pages';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, login, startTestApp, type TestApp } from '../support/app';
import { connectNotice, wsOrigin, type NoticeClient } from '../support/noticeClient';
import { startSharedNodes, type SharedNodes } from '../support/sharedPostgres';

/** Long enough for a stray message to arrive on a socket that should stay quiet. */
const QUIET_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const HEART_BEAT = JSON.stringify({ type: 'heart_beat', data: '' });
const updateRow = (row: Record<string, unknown>, senderId: string, socketKey = 'grid') =>
  JSON.stringify({ type: 'update_vxe_table', data: { socketKey, args: [row, senderId] } });
const common = (key: string, ...args: unknown[]) => JSON.stringify({ type: 'common_send_date', data: { key, args } });
/** Grid pages (schemas/pages/cost): adjusters (lisi) and managers (zhangsan) may list both, finance (wangwu) neither. */
const WORK_HOUR = 'cost.workHour';
const EXPERT_COST = 'cost.expertCost';

/** Opens a grid socket and waits until it is registered (the heartbeat is answered after that). */
async function joined(client: NoticeClient): Promise<NoticeClient> {
  await client.opened;
  client.socket.send(HEART_BEAT);
  expect(JSON.parse(await client.next())).toEqual({ type: 'heart_beat', data: true });
  return client;
}

describe.each(DATABASE_KINDS)('grid live socket /vxeSocket (%s)', (kind) => {
  let t: TestApp;
  let origin: string;
  let lisi: { id: string; token: string };
  let zhangsan: { id: string; token: string };
  let wangwu: { id: string; token: string };
  const clients: NoticeClient[] = [];

  const open = (userId: string, pageId: string, protocol?: string) => {
    const client = connectNotice(`${origin}${API}/vxeSocket/${userId}/${pageId}`, protocol);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = wsOrigin(t.app);
    const a = await login(t.app, 'lisi');
    const b = await login(t.app, 'zhangsan');
    const c = await login(t.app, 'wangwu');
    lisi = { id: a.userInfo.id, token: a.token };
    zhangsan = { id: b.userInfo.id, token: b.token };
    wangwu = { id: c.userInfo.id, token: c.token };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('closes with 1008 without a token, with an unknown one, or with another user’s', async () => {
    expect((await open(lisi.id, WORK_HOUR).closed).code).toBe(1008);
    expect((await open(lisi.id, WORK_HOUR, 'not-a-session-token').closed).code).toBe(1008);
    const borrowed = await open(zhangsan.id, WORK_HOUR, lisi.token).closed;
    expect(borrowed).toEqual({ code: 1008, reason: 'Token失效，请重新登录!' });
  });

  it('closes with 1008 没有权限 for a user who may not list the page, or a page that is no grid page', async () => {
    // wangwu (财务) holds no workHour:list: the socket would hand over every row saved there.
    expect(await open(wangwu.id, WORK_HOUR, wangwu.token).closed).toEqual({ code: 1008, reason: '没有权限，请联系管理员授权' });
    expect(await open(lisi.id, 'maintenance.expert', lisi.token).closed).toEqual({ code: 1008, reason: '没有权限，请联系管理员授权' });
    expect((await open(lisi.id, 'cost.nothing', lisi.token).closed).code).toBe(1008);
  });

  it('answers the heartbeat and echoes the token as protocol', async () => {
    const client = await joined(open(lisi.id, WORK_HOUR, lisi.token));
    expect(client.socket.protocol).toBe(lisi.token);
    client.socket.send(HEART_BEAT);
    expect(JSON.parse(await client.next())).toEqual({ type: 'heart_beat', data: true });
  });

  it('passes common_send_date to the page’s other clients of the tenant, keeping only its key and args', async () => {
    await t.database.db.updateTable('sys_user').set({ rel_tenant_ids: '7' }).where('id', '=', zhangsan.id).execute();
    const sender = await joined(open(lisi.id, WORK_HOUR, lisi.token));
    const receiver = await joined(open(zhangsan.id, WORK_HOUR, zhangsan.token));
    const otherPage = await joined(open(zhangsan.id, EXPERT_COST, zhangsan.token));
    const otherTenant = await joined(open(zhangsan.id, `${WORK_HOUR}?tenantId=7`, zhangsan.token));
    sender.socket.send(JSON.stringify({ type: 'common_send_date', data: { key: 'reload', args: [1, '二'], extra: 'x' } }));
    expect(JSON.parse(await receiver.next())).toEqual({ type: 'common_send_date', data: { key: 'reload', args: [1, '二'] } });
    await sleep(QUIET_MS);
    expect(sender.pending()).toEqual([]);
    expect(otherPage.pending()).toEqual([]);
    expect(otherTenant.pending()).toEqual([]);
  });

  it('drops a row change a client sends: rows reach other grids only from a save the server checked', async () => {
    const sender = await joined(open(lisi.id, WORK_HOUR, lisi.token));
    const receiver = await joined(open(zhangsan.id, WORK_HOUR, zhangsan.token));
    sender.socket.send(updateRow({ id: 'e1', hours: 99 }, '_jet-aaaaaa-'));
    await sleep(QUIET_MS);
    expect(receiver.pending()).toEqual([]);
    sender.socket.send(HEART_BEAT);
    expect(JSON.parse(await sender.next())).toEqual({ type: 'heart_beat', data: true });
  });

  it('drops garbage, unknown types, bad shapes, binary frames and oversized messages, and stays open', async () => {
    const sender = await joined(open(lisi.id, WORK_HOUR, lisi.token));
    const receiver = await joined(open(zhangsan.id, WORK_HOUR, zhangsan.token));
    for (const bad of [
      'not json',
      'null',
      '[1,2]',
      JSON.stringify({ type: 'drop_table', data: {} }),
      JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'g', args: 'not a list' } }),
      JSON.stringify({ type: 'update_vxe_table', data: { args: [] } }),
      JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'k'.repeat(101), args: [] } }),
      common('big', '长'.repeat(3000)),
    ]) {
      sender.socket.send(bad);
    }
    sender.socket.send(Buffer.from(common('binary')), { binary: true });
    await sleep(QUIET_MS);
    expect(receiver.pending()).toEqual([]);

    // Still connected and still relaying.
    sender.socket.send(common('still', '好'));
    expect(JSON.parse(await receiver.next()).data).toEqual({ key: 'still', args: ['好'] });
    sender.socket.send(HEART_BEAT);
    expect(JSON.parse(await sender.next())).toEqual({ type: 'heart_beat', data: true });
  });

  it('refuses a page id with characters outside the allowed set instead of upgrading', async () => {
    const client = open(lisi.id, encodeURIComponent('a b'), lisi.token);
    await expect(client.opened).rejects.toThrow(/握手被拒绝: HTTP 200/);
  });

  it('ends the socket at the next heartbeat once the session is logged out', async () => {
    const session = await login(t.app, 'lisi');
    const client = await joined(open(lisi.id, WORK_HOUR, session.token));
    await t.app.inject({ method: 'POST', url: `${API}/sys/logout`, headers: authHeaders(session.token) });
    client.socket.send(HEART_BEAT);
    expect((await client.closed).code).toBe(1008);
  });

  it('leaves the notice socket working beside it', async () => {
    const notice = connectNotice(`${origin}${API}/websocket/${lisi.id}`, lisi.token);
    clients.push(notice);
    await notice.opened;
    notice.socket.send('HeartBeat');
    expect(await notice.next()).toBe('HeartBeat');
  });
});

describe('grid live socket across two API nodes on one PostgreSQL', () => {
  let nodes: FastifyInstance[];
  let started: SharedNodes | undefined;
  const clients: NoticeClient[] = [];

  beforeAll(async () => {
    started = await startSharedNodes(2, { pages: loadEntityPages() });
    ({ nodes } = started);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await started?.close();
  });

  const connectTo = (node: FastifyInstance, userId: string, pageId: string, token: string) => {
    const client = connectNotice(`${wsOrigin(node)}${API}/vxeSocket/${userId}/${pageId}`, token);
    clients.push(client);
    return joined(client);
  };

  it('delivers a message sent to one node to the same page on the other, and nowhere else', async () => {
    const [first, second] = nodes;
    const lisi = await login(first, 'lisi');
    const zhangsan = await login(second, 'zhangsan');
    const onFirst = await connectTo(first, lisi.userInfo.id, WORK_HOUR, lisi.token);
    const onSecond = await connectTo(second, zhangsan.userInfo.id, WORK_HOUR, zhangsan.token);
    const elsewhere = await connectTo(second, zhangsan.userInfo.id, EXPERT_COST, zhangsan.token);

    onFirst.socket.send(common('reload', '跨节点'));
    expect(JSON.parse(await onSecond.next()).data).toEqual({ key: 'reload', args: ['跨节点'] });
    onSecond.socket.send(common('reload', '回传'));
    expect(JSON.parse(await onFirst.next()).data).toEqual({ key: 'reload', args: ['回传'] });

    await sleep(QUIET_MS);
    expect(onFirst.pending()).toEqual([]);
    expect(onSecond.pending()).toEqual([]);
    expect(elsewhere.pending()).toEqual([]);
  });
});
