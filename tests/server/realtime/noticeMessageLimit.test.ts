import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { API, login, startTestApp, type TestApp } from '../support/app';
import { connectNotice, wsOrigin, type NoticeClient } from '../support/noticeClient';

// Both socket routes share the root WebSocket server, whose frame limit is the grid's; the notice
// socket still refuses a message above its own 4096 bytes, as before the sharing.
describe.each(DATABASE_KINDS)('notice socket message limit (%s)', (kind) => {
  let t: TestApp;
  let origin: string;
  let lisi: { id: string; token: string };
  const clients: NoticeClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = wsOrigin(t.app);
    const a = await login(t.app, 'lisi');
    lisi = { id: a.userInfo.id, token: a.token };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('closes with 1009 on a message above 4096 bytes and keeps answering heartbeats below it', async () => {
    const client = connectNotice(`${origin}${API}/websocket/${lisi.id}`, lisi.token);
    clients.push(client);
    await client.opened;
    client.socket.send('x'.repeat(4096));
    client.socket.send('HeartBeat');
    expect(await client.next()).toBe('HeartBeat');
    client.socket.send('x'.repeat(4097));
    expect((await client.closed).code).toBe(1009);
  });
});
