import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSettings } from '../../../server/sys/setting/settings';
import { DATABASE_KINDS } from '../../support/database';
import { API, body, get, login, send, startTestApp, type TestApp } from '../support/app';
import { requestCode, SmsInbox } from '../auth/signInSupport';

const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };
const CLOSED = { success: false, message: '系统未开放注册，请联系管理员开通账号' };

interface SettingRow {
  id: string;
  settingKey: string;
  settingName: string;
  settingValue: string;
  settingValue_dictText: string;
  updateBy: string | null;
}

describe.each(DATABASE_KINDS)('系统设置: 开放注册 (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let lisi: string;
  const inbox = new SmsInbox();

  const register = (username: string, phone: string, smscode: string) =>
    t.app.inject({ method: 'POST', url: `${API}/sys/user/register`, payload: { username, password: 'Secret#2026', confirmPassword: 'Secret#2026', phone, smscode } }).then((r) => body(r));
  const switchTo = (value: '1' | '0', token = admin) => send(t.app, 'PUT', '/sys/setting/switch', { id: 'registration', value }, token).then((r) => body(r));
  const settings = async () => body<{ records: SettingRow[] }>(await get(t.app, '/sys/setting/list', admin)).result.records;

  beforeAll(async () => {
    t = await startTestApp(kind, { smsSender: inbox });
    admin = (await login(t.app, 'admin')).token;
    lisi = (await login(t.app, 'lisi')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts off on a database made without REGISTRATION: 注册 and its codes are refused', async () => {
    expect(await settings()).toEqual([
      expect.objectContaining({ id: 'registration', settingKey: 'registration', settingName: '开放注册', settingValue: '0', settingValue_dictText: '关闭' }),
    ]);
    expect(body(await get(t.app, '/sys/user/registerOpen'))).toMatchObject({ success: true, result: false });
    expect(await requestCode(t.app, '13600000101', '1')).toMatchObject(CLOSED);
    expect(await register('set_newcomer', '13600000101', '123456')).toMatchObject(CLOSED);
    expect(inbox.messages).toHaveLength(0);
  });

  it('refuses 510 to a user without the codes, and the switch stays as it was', async () => {
    expect(body(await get(t.app, '/sys/setting/list', lisi))).toMatchObject(NO_PERMISSION);
    expect(await switchTo('1', lisi)).toMatchObject(NO_PERMISSION);
    expect(body(await get(t.app, '/sys/user/registerOpen'))).toMatchObject({ result: false });
  });

  it('the administrator turns it on: at once 注册 and its codes are open, and the row says who did it', async () => {
    expect(await switchTo('1')).toMatchObject({ success: true, message: '开放注册已开启' });
    expect(await settings()).toEqual([expect.objectContaining({ settingValue: '1', settingValue_dictText: '开启', updateBy: 'admin' })]);
    expect(body(await get(t.app, '/sys/user/registerOpen'))).toMatchObject({ success: true, result: true });
    expect(await requestCode(t.app, '13600000102', '1', '10.9.0.1')).toMatchObject({ success: true });
    expect(await register('set_newcomer', '13600000102', inbox.lastCode('13600000102'))).toMatchObject({ success: true, message: '注册成功，请等待管理员审核' });
    const row = await t.database.db.selectFrom('sys_user').select('status').where('username', '=', 'set_newcomer').executeTakeFirstOrThrow();
    expect(row.status).toBe(2);
  });

  it('turned off again, 注册 and its codes are refused with the same message', async () => {
    expect(await requestCode(t.app, '13600000103', '1', '10.9.0.2')).toMatchObject({ success: true });
    const code = inbox.lastCode('13600000103');
    expect(await switchTo('0')).toMatchObject({ success: true, message: '开放注册已关闭' });
    expect(body(await get(t.app, '/sys/user/registerOpen'))).toMatchObject({ result: false });
    // A code sent while it was open does not open the door once it is closed.
    expect(await register('set_latecomer', '13600000103', code)).toMatchObject(CLOSED);
    expect(await requestCode(t.app, '13600000104', '1', '10.9.0.3')).toMatchObject(CLOSED);
    expect(await t.database.db.selectFrom('sys_user').select('id').where('username', '=', 'set_latecomer').executeTakeFirst()).toBeUndefined();
  });

  it('refuses an unknown setting or value', async () => {
    expect(body(await send(t.app, 'PUT', '/sys/setting/switch', { id: 'no_such', value: '1' }, admin))).toMatchObject({ success: false, message: '未找到对应设置' });
    expect(await switchTo('yes' as '1')).toMatchObject({ success: false });
    expect(body(await get(t.app, '/sys/user/registerOpen'))).toMatchObject({ result: false });
  });

  it('serves no generic write: the page is read-only', async () => {
    for (const [method, url] of [
      ['POST', '/sys/setting/add'],
      ['PUT', '/sys/setting/edit'],
    ] as const) {
      expect((await send(t.app, method, url, { id: 'registration', settingValue: '1' }, admin)).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/sys/setting/delete?id=registration`, headers: { 'x-access-token': admin } })).statusCode).toBe(404);
  });

  it('REGISTRATION gives the first value of a row the database lacks, and never changes a row that exists', async () => {
    const db = t.database.db;
    const value = async () => (await db.selectFrom('sys_setting').select('setting_value').where('setting_key', '=', 'registration').executeTakeFirstOrThrow()).setting_value;
    await db.deleteFrom('sys_setting').where('setting_key', '=', 'registration').execute();
    expect(body(await get(t.app, '/sys/user/registerOpen'))).toMatchObject({ result: false });
    await ensureSettings(db, { registration: true });
    expect(await value()).toBe('1');
    expect(body(await get(t.app, '/sys/user/registerOpen'))).toMatchObject({ result: true });
    await ensureSettings(db, { registration: false });
    expect(await value()).toBe('1');
    await ensureSettings(db, {});
    expect(await value()).toBe('1');
  });
});
