import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../support/database';
import { API, body, get, login, send, startTestApp, type TestApp } from '../../support/app';
import { connectNotice, wsOrigin, type NoticeClient } from '../../support/noticeClient';
import { startSharedNodes, type SharedNodes } from '../../support/sharedPostgres';

interface OnlineSession {
  id: string;
  username: string;
  realname: string;
  ip: string | null;
  browser: string;
  loginTime: string;
  lastActiveTime: string;
  current: boolean;
}

const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(DATABASE_KINDS)('在线用户 (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const clients: NoticeClient[] = [];

  const sessions = async (token: string, query = '') =>
    body<{ records: OnlineSession[]; total: number }>(await get(t.app, `/sys/online/list?pageSize=100${query}`, token));

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    admin = (await login(t.app, 'admin')).token;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists live sessions with account, name, address, browser, sign-in and last activity, marking the own one', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/insurance/sys/login',
      payload: { username: 'wangwu', password: '123456' },
      headers: { 'user-agent': CHROME },
    });
    expect(signIn.json()).toMatchObject({ success: true });
    const answer = await sessions(admin, '&username=*wangwu*');
    expect(answer.success).toBe(true);
    const row = answer.result.records.find((r) => r.username === 'wangwu');
    expect(row).toMatchObject({ realname: expect.any(String), browser: 'Chrome 131 / Linux', current: false });
    expect(row?.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row?.lastActiveTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row?.id).toMatch(/^[0-9a-f]{32}$/);
    // Neither the token nor its hash leaves the server.
    expect(Object.keys(row ?? {}).sort()).toEqual(['browser', 'current', 'id', 'ip', 'lastActiveTime', 'loginTime', 'realname', 'userAgent', 'username']);
    const own = (await sessions(admin)).result.records.filter((r) => r.current);
    expect(own).toHaveLength(1);
    expect(own[0].username).toBe('admin');
  });

  it('强退 ends the session at once: its next request is 401 and its socket closes', async () => {
    const victim = await login(t.app, 'zhangsan');
    const socket = connectNotice(`${wsOrigin(t.app)}/insurance/websocket/${victim.userInfo.id}`, victim.token);
    clients.push(socket);
    await socket.opened;
    socket.socket.send('HeartBeat');
    expect(await socket.next()).toBe('HeartBeat');

    const row = (await sessions(admin)).result.records.find((r) => r.username === 'zhangsan');
    expect(row).toBeDefined();
    const answer = body(await send(t.app, 'POST', '/sys/online/forceLogout', { id: row!.id }, admin));
    expect(answer).toMatchObject({ success: true, message: '已强制退出用户「zhangsan」' });
    // Closed by the 强退 itself, well before any heartbeat (20 s) would notice.
    const closed = await Promise.race([socket.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000))]);
    expect(closed).toEqual({ code: 1008, reason: 'Token失效，请重新登录!' });
    expect((await get(t.app, '/sys/permission/getUserPermissionByToken', victim.token)).statusCode).toBe(401);
    expect((await sessions(admin)).result.records.some((r) => r.id === row!.id)).toBe(false);
    expect(body(await send(t.app, 'POST', '/sys/online/forceLogout', { id: row!.id }, admin))).toMatchObject({
      success: false,
      message: '该会话已结束或不存在',
    });
  });

  it('accepts a token instead of the session id', async () => {
    const victim = await login(t.app, 'wangwu');
    expect(body(await send(t.app, 'POST', '/sys/online/forceLogout', { token: victim.token }, admin))).toMatchObject({ success: true });
    expect((await get(t.app, '/sys/permission/getUserPermissionByToken', victim.token)).statusCode).toBe(401);
  });

  it('refuses 强退 of the own session', async () => {
    const own = (await sessions(admin)).result.records.find((r) => r.current)!;
    expect(body(await send(t.app, 'POST', '/sys/online/forceLogout', { id: own.id }, admin))).toMatchObject({
      success: false,
      message: '不能强制退出自己，请使用退出登录',
    });
    expect(body(await get(t.app, '/sys/online/list', admin)).success).toBe(true);
  });

  it('answers 510 to lisi (公估师) on both calls, and keeps the target signed in', async () => {
    const lisi = (await login(t.app, 'lisi')).token;
    const target = await login(t.app, 'wangwu');
    const row = (await sessions(admin)).result.records.find((r) => r.username === 'wangwu')!;
    expect(body(await get(t.app, '/sys/online/list', lisi))).toMatchObject(NO_PERMISSION);
    expect(body(await send(t.app, 'POST', '/sys/online/forceLogout', { id: row.id }, lisi))).toMatchObject(NO_PERMISSION);
    expect((await get(t.app, '/sys/permission/getUserPermissionByToken', target.token)).statusCode).toBe(200);
  });
});

describe('强退 across two API nodes on one PostgreSQL', () => {
  let nodes: FastifyInstance[];
  let started: SharedNodes | undefined;
  const clients: NoticeClient[] = [];

  beforeAll(async () => {
    started = await startSharedNodes(2);
    ({ nodes } = started);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await started?.close();
  });

  it('closes the socket the other node holds at once', async () => {
    const [first, second] = nodes;
    const admin = (await login(first, 'admin')).token;
    const victim = await login(second, 'wangwu');
    const socket = connectNotice(`${wsOrigin(second)}${API}/websocket/${victim.userInfo.id}`, victim.token);
    clients.push(socket);
    await socket.opened;
    socket.socket.send('HeartBeat');
    expect(await socket.next()).toBe('HeartBeat');

    const rows = body<{ records: OnlineSession[] }>(await get(first, '/sys/online/list?username=wangwu&pageSize=100', admin)).result.records;
    expect(body(await send(first, 'POST', '/sys/online/forceLogout', { id: rows[0].id }, admin))).toMatchObject({ success: true });
    const closed = await Promise.race([socket.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
    expect(closed).toEqual({ code: 1008, reason: 'Token失效，请重新登录!' });
  });
});
