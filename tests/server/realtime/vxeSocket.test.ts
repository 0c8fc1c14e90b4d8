import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { readConfig } from '../../../server/config';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, login, startTestApp, type TestApp } from '../support/app';
import { connectNotice, wsOrigin, type NoticeClient } from '../support/noticeClient';
import { openSharedPostgres, type SharedPostgres } from '../support/sharedPostgres';

/** Long enough for a stray message to arrive on a socket that should stay quiet. */
const QUIET_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const HEART_BEAT = JSON.stringify({ type: 'heart_beat', data: '' });
const updateRow = (row: Record<string, unknown>, senderId: string, socketKey = 'expertGrid') =>
  JSON.stringify({ type: 'update_vxe_table', data: { socketKey, args: [row, senderId] } });

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

  it('closes with 1008 without a token, with an unknown one, or with another user’s', async () => {
    expect((await open(lisi.id, 'maintenance.expert').closed).code).toBe(1008);
    expect((await open(lisi.id, 'maintenance.expert', 'not-a-session-token').closed).code).toBe(1008);
    const borrowed = await open(wangwu.id, 'maintenance.expert', lisi.token).closed;
    expect(borrowed).toEqual({ code: 1008, reason: 'Token失效，请重新登录!' });
  });

  it('answers the heartbeat and echoes the token as protocol', async () => {
    const client = await joined(open(lisi.id, 'maintenance.expert', lisi.token));
    expect(client.socket.protocol).toBe(lisi.token);
    client.socket.send(HEART_BEAT);
    expect(JSON.parse(await client.next())).toEqual({ type: 'heart_beat', data: true });
  });

  it("passes a row change to the other clients of the page, not back to the sender nor to other pages", async () => {
    const lisiPage = await joined(open(lisi.id, 'maintenance.expert', lisi.token));
    const wangwuPage = await joined(open(wangwu.id, 'maintenance.expert', wangwu.token));
    const otherPage = await joined(open(wangwu.id, 'receive.receive', wangwu.token));

    lisiPage.socket.send(updateRow({ id: 'e1', expertName: '王工' }, '_jet-aaaaaa-'));
    expect(JSON.parse(await wangwuPage.next())).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: 'expertGrid', args: [{ id: 'e1', expertName: '王工' }, '_jet-aaaaaa-'] },
    });

    wangwuPage.socket.send(updateRow({ id: 'e2', expertName: '李工' }, '_jet-bbbbbb-'));
    expect(JSON.parse(await lisiPage.next()).data.args[0]).toEqual({ id: 'e2', expertName: '李工' });

    await sleep(QUIET_MS);
    expect(lisiPage.pending()).toEqual([]);
    expect(wangwuPage.pending()).toEqual([]);
    expect(otherPage.pending()).toEqual([]);
  });

  it('passes common_send_date to the page, keeping only its key and args', async () => {
    const sender = await joined(open(lisi.id, 'maintenance.expert', lisi.token));
    const receiver = await joined(open(lisi.id, 'maintenance.expert', lisi.token));
    sender.socket.send(JSON.stringify({ type: 'common_send_date', data: { key: 'reload', args: [1, '二'], extra: 'x' } }));
    expect(JSON.parse(await receiver.next())).toEqual({ type: 'common_send_date', data: { key: 'reload', args: [1, '二'] } });
  });

  it('drops garbage, unknown types, bad shapes, binary frames and oversized messages, and stays open', async () => {
    const sender = await joined(open(lisi.id, 'maintenance.expert', lisi.token));
    const receiver = await joined(open(wangwu.id, 'maintenance.expert', wangwu.token));
    for (const bad of [
      'not json',
      'null',
      '[1,2]',
      JSON.stringify({ type: 'drop_table', data: {} }),
      JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'g', args: 'not a list' } }),
      JSON.stringify({ type: 'update_vxe_table', data: { args: [] } }),
      JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'k'.repeat(101), args: [] } }),
      updateRow({ id: 'e1', memo: '长'.repeat(3000) }, 's'),
    ]) {
      sender.socket.send(bad);
    }
    sender.socket.send(Buffer.from(updateRow({ id: 'e1' }, 's')), { binary: true });
    await sleep(QUIET_MS);
    expect(receiver.pending()).toEqual([]);

    // Still connected and still relaying.
    sender.socket.send(updateRow({ id: 'e1', expertName: '好' }, 's'));
    expect(JSON.parse(await receiver.next()).data.args[0]).toEqual({ id: 'e1', expertName: '好' });
    sender.socket.send(HEART_BEAT);
    expect(JSON.parse(await sender.next())).toEqual({ type: 'heart_beat', data: true });
  });

  it('refuses a page id with characters outside the allowed set instead of upgrading', async () => {
    const client = open(lisi.id, encodeURIComponent('a b'), lisi.token);
    await expect(client.opened).rejects.toThrow(/握手被拒绝: HTTP 200/);
  });

  it('ends the socket at the next heartbeat once the session is logged out', async () => {
    const session = await login(t.app, 'lisi');
    const client = await joined(open(lisi.id, 'maintenance.expert', session.token));
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
  let shared: SharedPostgres;
  let nodes: FastifyInstance[];
  const clients: NoticeClient[] = [];

  beforeAll(async () => {
    shared = await openSharedPostgres(2);
    const config = readConfig({ DEMO: 'on', CAPTCHA: 'off', WEB_DIR: '', API_BASE: API });
    nodes = [];
    for (const database of shared.databases) nodes.push(await buildApp({ config, database }));
    for (const node of nodes) await node.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    for (const node of nodes ?? []) await node.close();
    await shared?.close();
  });

  const connectTo = (node: FastifyInstance, userId: string, pageId: string, token: string) => {
    const client = connectNotice(`${wsOrigin(node)}${API}/vxeSocket/${userId}/${pageId}`, token);
    clients.push(client);
    return joined(client);
  };

  it('delivers a row change sent to one node to the same page on the other, and nowhere else', async () => {
    const [first, second] = nodes;
    const lisi = await login(first, 'lisi');
    const wangwu = await login(second, 'wangwu');
    const onFirst = await connectTo(first, lisi.userInfo.id, 'maintenance.expert', lisi.token);
    const onSecond = await connectTo(second, wangwu.userInfo.id, 'maintenance.expert', wangwu.token);
    const elsewhere = await connectTo(second, wangwu.userInfo.id, 'receive.receive', wangwu.token);

    onFirst.socket.send(updateRow({ id: 'e9', expertName: '跨节点' }, 'first'));
    expect(JSON.parse(await onSecond.next()).data.args).toEqual([{ id: 'e9', expertName: '跨节点' }, 'first']);
    onSecond.socket.send(updateRow({ id: 'e9', expertName: '回传' }, 'second'));
    expect(JSON.parse(await onFirst.next()).data.args).toEqual([{ id: 'e9', expertName: '回传' }, 'second']);

    await sleep(QUIET_MS);
    expect(onFirst.pending()).toEqual([]);
    expect(onSecond.pending()).toEqual([]);
    expect(elsewhere.pending()).toEqual([]);
  });
});
