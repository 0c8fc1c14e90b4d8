import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, sql, type RootOperationNode } from 'kysely';
import pg from 'pg';
import { changesAuth } from '../../../server/auth/authWrites';
import type { DB } from '../../../server/db/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadEntityPages } from '../../../server/crud/pages';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { readConfig } from '../../../server/config';
import { openPostgres, type Database } from '../../../server/db/open';
import { createPostgresDatabase, DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

/**
 * Sessions, permission codes, data rules and menus are cached per API node (server/auth/authCache.ts).
 * What users see must not change: a revoked permission, a frozen user, an ended session stop working
 * at once on the node that made the change and, as its notification arrives, on every other node
 * sharing the database — here a second app on the same database, as a second server process would be.
 */
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };
// The other node hears of a change by NOTIFY, which arrives within milliseconds; the wait is bounded.
const OTHER_NODE = { timeout: 5_000, interval: 20 };

describe('which writes make cached auth answers stale', () => {
  // Compiles only; never connects.
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ max: 1 }) }) });
  const stale = (query: { toOperationNode(): unknown }) => changesAuth(query.toOperationNode() as RootOperationNode);

  it('counts writes to users, grants, menus, departments, data rules, tenants and ended sessions', () => {
    expect(stale(db.updateTable('sys_user').set({ status: 2 }).where('id', '=', 'u'))).toBe(true);
    expect(stale(db.deleteFrom('sys_role_permission').where('role_id', '=', 'r'))).toBe(true);
    expect(stale(db.insertInto('sys_user_role').values({ id: 'x', user_id: 'u', role_id: 'r' }))).toBe(true);
    expect(stale(db.updateTable('sys_session').set({ revoked_at: new Date() }).where('user_id', '=', 'u'))).toBe(true);
    expect(stale(db.deleteFrom('sys_session').where('expires_at', '<', new Date()))).toBe(true);
    expect(stale(sql`UPDATE sys_permission SET status = '0' WHERE id = ${'p'}`)).toBe(true);
    expect(stale(sql`DELETE FROM ${sql.table('sys_tenant')} WHERE id = 1`)).toBe(true);
  });

  it('leaves out reads, other tables, new sessions and the once-a-minute touch of a session', () => {
    expect(stale(db.selectFrom('sys_user').selectAll())).toBe(false);
    expect(stale(db.updateTable('sys_dict').set({ description: 'x' }).where('id', '=', 'd'))).toBe(false);
    expect(stale(sql`UPDATE mnt_expert SET remark = ${'x'}`)).toBe(false);
    expect(stale(sql`SELECT * FROM sys_user`)).toBe(false);
    expect(stale(db.updateTable('sys_session').set({ last_seen_at: new Date() }).where('token_hash', '=', 'h'))).toBe(false);
    expect(stale(db.insertInto('sys_session').values({ token_hash: 'h', user_id: 'u', created_at: new Date(), last_seen_at: new Date(), expires_at: new Date() }))).toBe(false);
  });
});

describe.each(DATABASE_KINDS)('auth cache across two nodes (%s)', (kind) => {
  let t: TestApp;
  let nodeB: FastifyInstance;
  let databaseB: Database | undefined;
  let admin: string;
  const pages = loadEntityPages();

  const call = async (node: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Record<string, unknown>) => {
    const response = await node.inject({ method, url: `${API}${url}`, headers: authHeaders(token), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, ...body(response) };
  };
  const expertList = (node: FastifyInstance, token: string) => call(node, 'GET', '/maintenance/expert/list?pageNo=1&pageSize=1', token);

  beforeAll(async () => {
    if (kind === 'postgres') {
      // Two nodes share nothing but the PostgreSQL database: node B has its own pool and LISTEN
      // connection, so only the NOTIFY tells it of node A's changes.
      const copy = await createPostgresDatabase('t', inject('postgresTemplateDbs').demo);
      const databaseA = await openPostgres(copy.url, 5);
      databaseB = await openPostgres(copy.url, 5);
      const database: Database = { ...databaseA, close: async () => {
        await databaseA.close();
        await databaseB?.close();
        await copy.drop();
      } };
      const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-upload-'));
      const config = readConfig({ DEMO: 'on', CAPTCHA: 'off', WEB_DIR: '', API_BASE: API, UPLOAD_DIR: uploadDir });
      const app = await buildApp({ config, database, pages });
      t = { app, database, config, close: async () => {
        await app.close();
        await database.close();
        fs.rmSync(uploadDir, { recursive: true, force: true });
      } };
    } else {
      // The embedded database is one process: a second app on the same database is the other "node".
      t = await startTestApp(kind);
    }
    nodeB = await buildApp({ config: t.config, database: databaseB ?? t.database, pages });
    await nodeB.ready();
    await t.app.ready();
    admin = (await login(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await nodeB?.close();
    await t?.close();
  });

  async function adjusterGrant(): Promise<{ roleId: string; expertList: string; granted: string[] }> {
    const role = await t.database.db.selectFrom('sys_role').select('id').where('role_code', '=', 'adjuster').executeTakeFirstOrThrow();
    const button = await t.database.db.selectFrom('sys_permission').select('id').where('perms', '=', 'expert:list').where('menu_type', '=', 2).executeTakeFirstOrThrow();
    const granted = await call(t.app, 'GET', `/sys/permission/queryRolePermission?roleId=${role.id}`, admin);
    return { roleId: role.id, expertList: button.id, granted: granted.result as string[] };
  }

  it('a permission taken from a role stops working at once on this node and on the other, and works again once given back', async () => {
    const lisi = (await login(t.app, 'lisi')).token;
    // Both nodes have answered lisi's list (and so hold her session and codes).
    expect(await expertList(t.app, lisi)).toMatchObject({ success: true });
    expect(await expertList(nodeB, lisi)).toMatchObject({ success: true });
    const menuBefore = await call(nodeB, 'GET', '/sys/permission/getUserPermissionByToken', lisi);
    expect((menuBefore.result as { auth: Array<{ action: string }> }).auth.map((a) => a.action)).toContain('expert:list');

    const { roleId, expertList: buttonId, granted } = await adjusterGrant();
    expect(granted).toContain(buttonId);
    const without = granted.filter((id) => id !== buttonId);
    expect(await call(t.app, 'POST', '/sys/permission/saveRolePermission', admin, { roleId, permissionIds: without.join(',') })).toMatchObject({ success: true });

    expect(await expertList(t.app, lisi)).toMatchObject(NO_PERMISSION);
    await expect.poll(async () => (await expertList(nodeB, lisi)).code, OTHER_NODE).toBe(510);
    const menuAfter = await call(nodeB, 'GET', '/sys/permission/getUserPermissionByToken', lisi);
    expect((menuAfter.result as { auth: Array<{ action: string }> }).auth.map((a) => a.action)).not.toContain('expert:list');

    expect(await call(nodeB, 'POST', '/sys/permission/saveRolePermission', admin, { roleId, permissionIds: granted.join(',') })).toMatchObject({ success: true });
    expect(await expertList(nodeB, lisi)).toMatchObject({ success: true });
    await expect.poll(async () => (await expertList(t.app, lisi)).success, OTHER_NODE).toBe(true);
  });

  it('a frozen user is refused at once on both nodes, and comes back when unfrozen', async () => {
    const zhangsan = await login(t.app, 'zhangsan');
    expect(await expertList(t.app, zhangsan.token)).toMatchObject({ success: true });
    expect(await expertList(nodeB, zhangsan.token)).toMatchObject({ success: true });

    expect(await call(nodeB, 'PUT', '/sys/user/frozenBatch', admin, { ids: zhangsan.userInfo.id, status: '2' })).toMatchObject({ success: true });
    expect((await expertList(nodeB, zhangsan.token)).status).toBe(401);
    await expect.poll(async () => (await expertList(t.app, zhangsan.token)).status, OTHER_NODE).toBe(401);

    expect(await call(t.app, 'PUT', '/sys/user/frozenBatch', admin, { ids: zhangsan.userInfo.id, status: '1' })).toMatchObject({ success: true });
    // Freezing ended the sessions: a new sign-in works on both nodes.
    const again = (await login(t.app, 'zhangsan')).token;
    expect(await expertList(nodeB, again)).toMatchObject({ success: true });
  });

  it('a session signed out on one node is refused on the other', async () => {
    const lisi = (await login(nodeB, 'lisi')).token;
    expect(await expertList(t.app, lisi)).toMatchObject({ success: true });
    expect(await expertList(nodeB, lisi)).toMatchObject({ success: true });
    expect(await call(nodeB, 'POST', '/sys/logout', lisi)).toMatchObject({ success: true });
    expect((await expertList(nodeB, lisi)).status).toBe(401);
    await expect.poll(async () => (await expertList(t.app, lisi)).status, OTHER_NODE).toBe(401);
  });

  it('a node answers from its cache: a change made around the server (SQL by hand) waits for AUTH_CACHE_MS, or applies at once with AUTH_CACHE_MS=0', async () => {
    const cached = await buildApp({ config: { ...t.config, authCacheMs: 3_600_000 }, database: t.database, pages });
    const uncached = await buildApp({ config: { ...t.config, authCacheMs: 0 }, database: t.database, pages });
    try {
      await cached.ready();
      await uncached.ready();
      const wangwu = (await login(t.app, 'wangwu')).token;
      const receipts = (node: FastifyInstance) => call(node, 'GET', '/receipt/receipt/list?pageNo=1&pageSize=1', wangwu);
      expect(await receipts(cached)).toMatchObject({ success: true });
      expect(await receipts(uncached)).toMatchObject({ success: true });
      // Not through the server's watched handles (as psql would): no node hears of it.
      const byHand = t.database.db.withoutPlugins();
      await sql`UPDATE sys_user SET status = 2 WHERE username = 'wangwu'`.execute(byHand);
      try {
        expect(await receipts(cached)).toMatchObject({ success: true });
        expect((await receipts(uncached)).status).toBe(401);
      } finally {
        await sql`UPDATE sys_user SET status = 1 WHERE username = 'wangwu'`.execute(byHand);
      }
    } finally {
      await cached.close();
      await uncached.close();
    }
  });
});
