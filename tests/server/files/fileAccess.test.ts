import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPageSchema, type CompiledPage } from '../../../runtime/schema/loadPageSchema';
import { fillFileReferences } from '../../../server/files';
import { DATABASE_KINDS } from '../../support/database';
import { startCrudApp, type CrudApp } from '../crud/support';
import { API, authHeaders, body, login } from '../support/app';
import { PNG_1PX, upload } from './support';

/** A tenant-scoped copy of the outsourcer page (its own table, the outsource codes): its records belong to a tenant. */
function tenantOutsourcePage(): CompiledPage {
  const doc = JSON.parse(fs.readFileSync(path.resolve('schemas/pages/maintenance/outsource.json'), 'utf8')) as { entity: Record<string, unknown> };
  doc.entity = { ...doc.entity, name: 'tenantOutsource', table: 'tst_tenant_outsource', tenantScoped: true };
  const loaded = loadPageSchema(doc, 'tests/server/files/tenantOutsource');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.page;
}

const OUTSOURCER = {
  outsourceName: '文件权限测试鉴定所',
  major: '司法鉴定',
  contactName: '周工',
  contactMobile: '13800138000',
  cooperationStatus: '1',
};

describe.each(DATABASE_KINDS)('who may read a stored file (%s)', (kind) => {
  let ctx: CrudApp;
  // admin: every code; zhangsan (部门经理): outsource:* and knowledge:*; wangwu (财务): knowledge:list only.
  let admin: string;
  let zhangsan: string;
  let wangwu: string;

  beforeAll(async () => {
    ctx = await startCrudApp(kind, [tenantOutsourcePage()]);
    await ctx.database.db.updateTable('sys_user').set({ rel_tenant_ids: '1' }).where('username', 'in', ['admin', 'zhangsan']).execute();
    admin = (await login(ctx.app, 'admin')).token;
    zhangsan = (await login(ctx.app, 'zhangsan')).token;
    wangwu = (await login(ctx.app, 'wangwu')).token;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const encoded = (stored: string) => stored.split('/').map(encodeURIComponent).join('/');
  const readFile = (stored: string, token: string, tenant = '0') =>
    ctx.app.inject({ method: 'GET', url: `${API}/sys/common/static/${encoded(stored)}`, headers: { ...authHeaders(token), 'tenant-id': tenant } });
  const sign = (stored: string, token: string) =>
    ctx.app.inject({ method: 'GET', url: `${API}/sys/common/signStaticUrl?path=${encodeURIComponent(stored)}`, headers: authHeaders(token) });
  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>, tenant = '0') =>
    body<unknown>(await ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: { ...authHeaders(token), 'tenant-id': tenant } }));
  const uploadAs = async (token: string, name = '资质.png') => {
    const answer = body<string>(await upload(ctx.app, token, { name, content: PNG_1PX, contentType: 'image/png' }));
    expect(answer.success).toBe(true);
    return answer.message;
  };
  /** Refused as if the file were not there. */
  const expectRefused = async (stored: string, token: string, tenant = '0') => {
    const served = await readFile(stored, token, tenant);
    expect(served.statusCode).toBe(404);
    expect(body(served)).toMatchObject({ success: false, message: '文件不存在' });
  };
  const expectServed = async (stored: string, token: string, tenant = '0') => {
    const served = await readFile(stored, token, tenant);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
  };
  const idOfOutsourcer = async (name: string) => {
    const { rows } = await sql<{ id: string }>`SELECT id FROM mnt_outsource WHERE outsource_name = ${name}`.execute(ctx.database.db);
    return rows[0].id;
  };

  it('shows an upload to its uploader before any record uses it, and to nobody else', async () => {
    const stored = await uploadAs(admin);
    await expectServed(stored, admin);
    expect(body(await sign(stored, admin)).success).toBe(true);
    await expectRefused(stored, zhangsan);
    const signed = await sign(stored, zhangsan);
    expect(signed.statusCode).toBe(404);
    expect(body(signed)).toMatchObject({ success: false, message: '文件不存在' });
  });

  it("shows a record's file to holders of the page's list code until the record lets it go", async () => {
    const stored = await uploadAs(admin);
    expect(await send('POST', '/maintenance/outsource/add', admin, { ...OUTSOURCER, qualificationFile: stored })).toMatchObject({ success: true });
    const id = await idOfOutsourcer(OUTSOURCER.outsourceName);

    // zhangsan holds outsource:list, wangwu does not.
    await expectServed(stored, zhangsan);
    const link = body<{ url: string }>(await sign(stored, zhangsan));
    expect(link.success).toBe(true);
    const viaLink = await ctx.app.inject({ method: 'GET', url: `${API}${link.result.url}` });
    expect(viaLink.statusCode).toBe(200);
    await expectRefused(stored, wangwu);
    expect((await sign(stored, wangwu)).statusCode).toBe(404);

    // Edited to another file: the old one is the uploader's alone again.
    const other = await uploadAs(admin, '新资质.png');
    expect(await send('PUT', '/maintenance/outsource/edit', admin, { id, ...OUTSOURCER, qualificationFile: other })).toMatchObject({ success: true });
    await expectRefused(stored, zhangsan);
    await expectServed(other, zhangsan);
    await expectServed(stored, admin);

    // Deleted: its file goes with it.
    expect(await send('DELETE', `/maintenance/outsource/delete?id=${id}`, admin)).toMatchObject({ success: true });
    await expectRefused(other, zhangsan);
  });

  it("shows a tenant's record's file only in that tenant", async () => {
    const stored = await uploadAs(admin);
    const answer = await send('POST', '/maintenance/tenantOutsource/add', admin, { ...OUTSOURCER, outsourceName: '租户一鉴定所', qualificationFile: stored }, '1');
    expect(answer).toMatchObject({ success: true });
    await expectServed(stored, zhangsan, '1');
    await expectRefused(stored, zhangsan, '0');
  });

  it("shows a user's avatar to every signed-in user", async () => {
    const stored = await uploadAs(wangwu, '头像.png');
    await expectRefused(stored, zhangsan);
    await ctx.database.db.updateTable('sys_user').set({ avatar: stored }).where('username', '=', 'wangwu').execute();
    await expectServed(stored, zhangsan);
    expect(body(await sign(stored, zhangsan)).success).toBe(true);
  });

  it("shows a picture in an article's text to readers of the knowledge page", async () => {
    const stored = await uploadAs(admin, '示意图.png');
    await expectRefused(stored, wangwu);
    const content = `<p>现场示意</p><p><img src="/sys/common/static/${encoded(stored)}" alt="示意图"></p>`;
    const added = await send('POST', '/knowledge/article/add', admin, { title: '带图片的文章', status: '1', content });
    expect(added).toMatchObject({ success: true });
    await expectServed(stored, wangwu);

    // Without knowledge:list the picture is refused again.
    const { db } = ctx.database;
    const grants = await db
      .selectFrom('sys_role_permission as rp')
      .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
      .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
      .select('rp.id')
      .where('r.role_code', '=', 'finance')
      .where('p.perms', '=', 'knowledge:list')
      .execute();
    expect(grants.length).toBeGreaterThan(0);
    await db.deleteFrom('sys_role_permission').where('id', 'in', grants.map((g) => g.id)).execute();
    await expectRefused(stored, wangwu);
  });

  it('shows the pictures of an announcement to the users it is addressed to', async () => {
    const stored = await uploadAs(admin, '公告配图.png');
    const { db } = ctx.database;
    const wangwuId = (await db.selectFrom('sys_user').select('id').where('username', '=', 'wangwu').executeTakeFirstOrThrow()).id;
    const content = `<p>通知</p><img src="${API}/sys/common/static/${encoded(stored)}">`;
    await db
      .insertInto('sys_announcement')
      .values({ id: 'fileaccessnotice0001', titile: '只给王五的通知', msg_content: content, msg_type: 'USER', user_ids: `${wangwuId},`, send_status: '0' })
      .execute();
    // A draft shows nothing; published, it shows its picture to wangwu only.
    await expectRefused(stored, wangwu);
    await db.updateTable('sys_announcement').set({ send_status: '1' }).where('id', '=', 'fileaccessnotice0001').execute();
    await expectServed(stored, wangwu);
    await expectRefused(stored, zhangsan);
  });

  it('reads the files of rows written before the reference table once at start', async () => {
    const stored = await uploadAs(admin, '旧资质.png');
    const { db } = ctx.database;
    await sql`
      INSERT INTO mnt_outsource (id, outsource_name, major, contact_name, contact_mobile, cooperation_status, qualification_file)
      VALUES ('legacyoutsourcer0001', '旧系统鉴定所', '司法鉴定', '吴工', '13900139000', '1', ${`other/none.pdf,${stored}`})`.execute(db);
    await expectRefused(stored, zhangsan);
    await db.deleteFrom('sys_file_ref_scan').where('entity_table', '=', 'mnt_outsource').execute();
    expect(await fillFileReferences(db, ctx.pages)).toEqual(['mnt_outsource']);
    await expectServed(stored, zhangsan);
    // A second start reads nothing again.
    expect(await fillFileReferences(db, ctx.pages)).toEqual([]);
  });
});
