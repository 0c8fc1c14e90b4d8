import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { API, login, startTestApp, type TestApp } from '../support/app';
import { connectNotice, wsOrigin, type NoticeClient } from '../support/noticeClient';

const HEART_BEAT = JSON.stringify({ type: 'heart_beat', data: '' });
const FORBIDDEN = { code: 1008, reason: '没有权限，请联系管理员授权' };

describe.each(DATABASE_KINDS)('the sockets admit only a tenant of the user (%s)', (kind) => {
  let t: TestApp;
  let origin: string;
  let lisi: { id: string; token: string };
  const clients: NoticeClient[] = [];
  const open = (path: string, token: string) => {
    const client = connectNotice(`${origin}${API}${path}`, token);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = wsOrigin(t.app);
    const signedIn = await login(t.app, 'lisi');
    lisi = { id: signedIn.userInfo.id, token: signedIn.token };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  const setTenants = (ids: string | null) => t.database.db.updateTable('sys_user').set({ rel_tenant_ids: ids }).where('id', '=', lisi.id).execute();

  it('closes the grid socket with 1008 for a tenant the user is not in', async () => {
    await setTenants(null);
    expect(await open(`/vxeSocket/${lisi.id}/cost.workHour?tenantId=9`, lisi.token).closed).toEqual(FORBIDDEN);
    await setTenants('8');
    expect(await open(`/vxeSocket/${lisi.id}/cost.workHour?tenantId=9`, lisi.token).closed).toEqual(FORBIDDEN);
  });

  it('admits the grid socket in the user’s own tenant and in the default one', async () => {
    await setTenants('9');
    for (const query of ['?tenantId=9', '', '?tenantId=0']) {
      const client = open(`/vxeSocket/${lisi.id}/cost.workHour${query}`, lisi.token);
      await client.opened;
      client.socket.send(HEART_BEAT);
      expect(JSON.parse(await client.next())).toEqual({ type: 'heart_beat', data: true });
    }
  });

  it('closes the notice socket with 1008 for a tenant the user is not in, and admits the user’s own', async () => {
    await setTenants(null);
    expect(await open(`/websocket/${lisi.id}?tenantId=9`, lisi.token).closed).toEqual(FORBIDDEN);
    await setTenants('9');
    const client = open(`/websocket/${lisi.id}?tenantId=9`, lisi.token);
    await client.opened;
    client.socket.send('HeartBeat');
    expect(await client.next()).toBe('HeartBeat');
  });

  it('closes both sockets with 1008 in a tenant of the user that is frozen or past its end date', async () => {
    await t.database.db.insertInto('sys_tenant').values([{ id: 11, name: '冻结租户', status: 0 }, { id: 12, name: '过期租户', end_date: '2020-12-31' }]).execute();
    await setTenants('11,12');
    for (const tenant of [11, 12]) {
      expect(await open(`/vxeSocket/${lisi.id}/cost.workHour?tenantId=${tenant}`, lisi.token).closed).toEqual(FORBIDDEN);
      expect(await open(`/websocket/${lisi.id}?tenantId=${tenant}`, lisi.token).closed).toEqual(FORBIDDEN);
    }
    await setTenants(null);
  });

  it('closes open sockets of a tenant at their next heartbeat once it is frozen or taken from the user', async () => {
    await t.database.db.insertInto('sys_tenant').values([{ id: 13, name: '将冻结租户' }]).execute();
    await setTenants('13');
    const notice = open(`/websocket/${lisi.id}?tenantId=13`, lisi.token);
    const grid = open(`/vxeSocket/${lisi.id}/cost.workHour?tenantId=13`, lisi.token);
    await Promise.all([notice.opened, grid.opened]);
    notice.socket.send('HeartBeat');
    expect(await notice.next()).toBe('HeartBeat');
    await t.database.db.updateTable('sys_tenant').set({ status: 0 }).where('id', '=', 13).execute();
    notice.socket.send('HeartBeat');
    grid.socket.send(HEART_BEAT);
    expect(await notice.closed).toEqual(FORBIDDEN);
    expect(await grid.closed).toEqual(FORBIDDEN);

    await t.database.db.updateTable('sys_tenant').set({ status: 1 }).where('id', '=', 13).execute();
    const again = open(`/websocket/${lisi.id}?tenantId=13`, lisi.token);
    await again.opened;
    await setTenants(null);
    again.socket.send('HeartBeat');
    expect(await again.closed).toEqual(FORBIDDEN);
  });
});
