import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import type { FastifyInstance } from 'fastify';
import { DATABASE_KINDS } from '../support/database';
import { API, authHeaders, body, get, login, send, startTestApp, type TestApp } from './support/app';
import { connectNotice, wsOrigin, type NoticeClient } from './support/noticeClient';
import { openSharedPostgres, type SharedPostgres } from './support/sharedPostgres';

interface Notices {
  anntMsgList: Array<{ id: string; titile: string }>;
  sysMsgList: Array<{ id: string; titile: string }>;
}

/** Long enough for a stray message to arrive on a socket that should stay quiet. */
const QUIET_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DATABASE_KINDS)('notice socket (%s)', (kind) => {
  let t: TestApp;
  let origin: string;
  let lisi: { id: string; token: string };
  let wangwu: { id: string; token: string };
  const clients: NoticeClient[] = [];

  const open = (userId: string, opts: { protocol?: string; query?: string } = {}) => {
    const client = connectNotice(`${origin}${API}/websocket/${userId}${opts.query ?? ''}`, opts.protocol);
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

  it('closes with 1008 without a token or with an unknown one', async () => {
    expect((await open(lisi.id).closed).code).toBe(1008);
    const wrong = open(lisi.id, { protocol: 'not-a-session-token' });
    expect((await wrong.closed).code).toBe(1008);
    expect((await open(lisi.id, { query: '?token=not-a-session-token' }).closed).code).toBe(1008);
  });

  it("closes with 1008 when the token is another user's", async () => {
    const client = open(wangwu.id, { protocol: lisi.token });
    const { code, reason } = await client.closed;
    expect(code).toBe(1008);
    expect(reason).toBe('Token失效，请重新登录!');
  });

  it('accepts the token as protocol, answers with that protocol and echoes the heartbeat', async () => {
    const client = open(lisi.id, { protocol: lisi.token });
    await client.opened;
    expect(client.socket.protocol).toBe(lisi.token);
    client.socket.send('HeartBeat');
    expect(await client.next()).toBe('HeartBeat');
  });

  it('accepts the token as query parameter', async () => {
    const client = open(lisi.id, { query: `?token=${encodeURIComponent(lisi.token)}` });
    await client.opened;
    client.socket.send('HeartBeat');
    expect(await client.next()).toBe('HeartBeat');
  });

  it("tells the user's other pages when a notice is marked read, and nobody else", async () => {
    const session = await login(t.app, 'lisi');
    const lisiPage = open(lisi.id, { protocol: lisi.token });
    const lisiOtherPage = open(lisi.id, { protocol: session.token });
    const wangwuPage = open(wangwu.id, { protocol: wangwu.token });
    await Promise.all([lisiPage.opened, lisiOtherPage.opened, wangwuPage.opened]);
    // The session check finishes after the handshake; a heartbeat answer proves registration.
    for (const page of [lisiPage, lisiOtherPage, wangwuPage]) {
      page.socket.send('HeartBeat');
      expect(await page.next()).toBe('HeartBeat');
    }

    const notices = body<Notices>(await get(t.app, '/sys/annountCement/listByUser', lisi.token)).result;
    const annt = notices.anntMsgList[0];
    const marked = body(await send(t.app, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: annt.id }, lisi.token));
    expect(marked.success).toBe(true);

    for (const page of [lisiPage, lisiOtherPage]) {
      expect(JSON.parse(await page.next())).toEqual({ cmd: 'user', msgId: annt.id, msgTxt: annt.titile });
    }
    await sleep(QUIET_MS);
    expect(wangwuPage.pending()).toEqual([]);
  });

  it('publishes a released announcement as topic to everyone or as user to its addressees', async () => {
    const lisiPage = open(lisi.id, { protocol: lisi.token });
    const wangwuPage = open(wangwu.id, { protocol: wangwu.token });
    for (const page of [lisiPage, wangwuPage]) {
      await page.opened;
      page.socket.send('HeartBeat');
      expect(await page.next()).toBe('HeartBeat');
    }

    await t.app.noticeHub.publishAnnouncement({ id: 'a1', titile: '全员通知', msg_type: 'ALL', user_ids: null });
    for (const page of [lisiPage, wangwuPage]) {
      expect(JSON.parse(await page.next())).toEqual({ cmd: 'topic', msgId: 'a1', msgTxt: '全员通知' });
    }

    await t.app.noticeHub.publishAnnouncement({ id: 'a2', titile: '给李四', msg_type: 'USER', user_ids: `${lisi.id},` });
    expect(JSON.parse(await lisiPage.next())).toEqual({ cmd: 'user', msgId: 'a2', msgTxt: '给李四' });
    await sleep(QUIET_MS);
    expect(wangwuPage.pending()).toEqual([]);
  });

  it('ends the socket at the next heartbeat once the session is logged out', async () => {
    const session = await login(t.app, 'lisi');
    const client = open(lisi.id, { protocol: session.token });
    await client.opened;
    client.socket.send('HeartBeat');
    expect(await client.next()).toBe('HeartBeat');

    await t.app.inject({ method: 'POST', url: `${API}/sys/logout`, headers: authHeaders(session.token) });
    client.socket.send('HeartBeat');
    expect((await client.closed).code).toBe(1008);
  });

  it('hears NOTIFY issued through the query pool on the database listen channel', async () => {
    const heard: string[] = [];
    const stop = await t.database.listen('lossdesk_listen_test', (payload) => heard.push(payload));
    await sql`SELECT pg_notify('lossdesk_listen_test', '你好')`.execute(t.database.db);
    await expect.poll(() => heard).toEqual(['你好']);
    await stop();
    await sql`SELECT pg_notify('lossdesk_listen_test', 'after stop')`.execute(t.database.db);
    await sleep(QUIET_MS);
    expect(heard).toEqual(['你好']);
  });

  it('refuses a malformed user id with the usual validation answer instead of upgrading', async () => {
    const client = open('x'.repeat(40), { protocol: lisi.token });
    // Like every refusal of this API, the answer is HTTP 200 with success:false — not a 101 upgrade.
    await expect(client.opened).rejects.toThrow(/握手被拒绝: HTTP 200/);
  });
});

describe('notice socket across two API nodes on one PostgreSQL', () => {
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

  const connectTo = async (node: FastifyInstance, userId: string, token: string) => {
    const client = connectNotice(`${wsOrigin(node)}${API}/websocket/${userId}`, token);
    clients.push(client);
    await client.opened;
    client.socket.send('HeartBeat');
    expect(await client.next()).toBe('HeartBeat');
    return client;
  };

  it('delivers a notice published on one node to a socket held by the other', async () => {
    const [first, second] = nodes;
    const lisi = await login(first, 'lisi');
    const onSecond = await connectTo(second, lisi.userInfo.id, lisi.token);

    const notices = body<Notices>(await get(first, '/sys/annountCement/listByUser', lisi.token)).result;
    const annt = notices.sysMsgList[0];
    const marked = body(await send(first, 'POST', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: annt.id }, lisi.token));
    expect(marked.success).toBe(true);
    expect(JSON.parse(await onSecond.next())).toEqual({ cmd: 'user', msgId: annt.id, msgTxt: annt.titile });
  });

  it('listens again after the LISTEN connection is cut', async () => {
    const [first, second] = nodes;
    const lisi = await login(first, 'lisi');
    const onFirst = await connectTo(first, lisi.userInfo.id, lisi.token);

    const cut = await sql<{ n: number }>`
      SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN "lossdesk_notice"'`.execute(shared.databases[1].db);
    expect(cut.rows[0].n).toBe(2);

    // Re-listening takes a couple of seconds; until then a publish may be missed, so retry.
    let received: string | undefined;
    for (let attempt = 0; attempt < 20 && received === undefined; attempt++) {
      await second.noticeHub.publish({ userIds: [lisi.userInfo.id] }, { cmd: 'user', msgId: 'again', msgTxt: '' });
      received = await onFirst.next(500).catch(() => undefined);
    }
    expect(received && JSON.parse(received)).toEqual({ cmd: 'user', msgId: 'again', msgTxt: '' });
  });
});
