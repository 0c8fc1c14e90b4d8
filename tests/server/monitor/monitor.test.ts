import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTES } from '../../../server/monitor/databaseInfo';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, get, login, startTestApp, type TestApp } from '../support/app';
import { PNG_1PX, upload } from '../files/support';

const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

interface Paged<T> {
  records: T[];
  total: number;
}

/** Every endpoint of 系统监控 and the code it asks for (lisi, 公估师, holds none of them). */
const ENDPOINTS = [
  ['GET', '/monitor/disk/list'],
  ['GET', '/monitor/httpTrace/list'],
  ['GET', '/monitor/httpTrace/summary'],
  ['GET', '/monitor/runtime/list'],
  ['GET', '/monitor/runtime/summary'],
  ['GET', '/monitor/database/list'],
  ['GET', '/monitor/database/summary'],
  ['GET', '/monitor/system/list'],
  ['GET', '/monitor/system/summary'],
  ['GET', '/monitor/httpServer/list'],
  ['GET', '/monitor/httpServer/summary'],
  ['GET', '/monitor/fileStorage/list'],
  ['DELETE', '/monitor/fileStorage/delete?id=temp/x.png'],
] as const;

describe.each(DATABASE_KINDS)('系统监控 (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let lisi: string;
  let zhangsan: string;

  const call = async <T>(url: string, token = admin) => body<T>(await get(t.app, url, token));

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await login(t.app, 'admin')).token;
    lisi = (await login(t.app, 'lisi')).token;
    zhangsan = (await login(t.app, 'zhangsan')).token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(ENDPOINTS)('%s %s answers 510 to a user without the screen\'s code', async (method, url) => {
    const answer = await t.app.inject({ method, url: `${API}${url}`, headers: authHeaders(lisi) });
    expect(answer.json()).toMatchObject(NO_PERMISSION);
  });

  it('each screen\'s code opens only its own endpoints', async () => {
    // A role holding only 磁盘监控's code reads the disks and nothing else of 系统监控.
    const db = t.database.db;
    const role = await db.selectFrom('sys_role').select('id').where('role_code', '=', 'adjuster').executeTakeFirstOrThrow();
    const button = await db.selectFrom('sys_permission').select('id').where('perms', '=', 'monitorDisk:list').executeTakeFirstOrThrow();
    await db.insertInto('sys_role_permission').values({ id: 'monitor_test_grant', role_id: role.id, permission_id: button.id }).execute();
    try {
      const again = (await login(t.app, 'lisi')).token;
      expect(await call('/monitor/disk/list', again)).toMatchObject({ success: true });
      expect(await call('/monitor/runtime/summary', again)).toMatchObject(NO_PERMISSION);
    } finally {
      await db.deleteFrom('sys_role_permission').where('id', '=', 'monitor_test_grant').execute();
    }
  });

  it('磁盘监控 shows the file systems of the data and upload folders: size, used, free', async () => {
    const answer = await call<Paged<{ name: string; path: string; total: number; used: number; free: number; usedPercent: number }>>('/monitor/disk/list');
    expect(answer.success).toBe(true);
    expect(answer.result.records.map((r) => r.name)).toEqual(['数据目录（DATA_DIR）', '上传目录（UPLOAD_DIR）']);
    const uploads = answer.result.records[1];
    expect(uploads.path).toBe(t.config.uploadDir);
    const stats = fs.statfsSync(t.config.uploadDir);
    expect(uploads.total).toBe(stats.blocks * stats.bsize);
    expect(uploads.free).toBeGreaterThan(0);
    expect(uploads.used).toBeGreaterThan(0);
    expect(uploads.usedPercent).toBeGreaterThan(0);
    expect(uploads.usedPercent).toBeLessThanOrEqual(100);
  });

  it('请求追踪 shows the request just made — time, method, route, status, duration — with secrets masked', async () => {
    await t.app.inject({ method: 'GET', url: `${API}/sys/randomImage/k_secret_captcha_key?token=tok_abc&password=pw_abc&checkKey=ck_abc&pageNo=2`, headers: { 'x-access-token': admin, cookie: 'a=b' } });
    await t.app.inject({ method: 'POST', url: `${API}/sys/login`, payload: { username: 'admin', password: 'pw_in_body', captcha: 'x', checkKey: 'y' } });
    const answer = await call<Paged<Record<string, unknown>>>('/monitor/httpTrace/list?pageSize=100');
    const rows = answer.result.records;
    const captcha = rows.find((r) => String(r.path).includes('randomImage'));
    expect(captcha).toMatchObject({
      method: 'GET',
      path: `${API}/sys/randomImage/:key?token=[已隐藏]&password=[已隐藏]&checkKey=[已隐藏]&pageNo=2`,
      status: 200,
    });
    expect(typeof captcha?.durationMs).toBe('number');
    expect(Math.abs(Number(captcha?.time) - Date.now())).toBeLessThan(60_000);
    // Only these; no header, body or address.
    expect(Object.keys(captcha ?? {}).sort()).toEqual(['durationMs', 'id', 'method', 'path', 'status', 'time']);
    const everything = JSON.stringify(rows);
    for (const secret of ['k_secret_captcha_key', 'tok_abc', 'pw_abc', 'ck_abc', 'pw_in_body', admin]) expect(everything).not.toContain(secret);
    expect(rows.find((r) => r.path === `${API}/sys/login`)).toMatchObject({ method: 'POST', status: 200 });
    // Newest first.
    expect(Number(rows[0].id)).toBeGreaterThan(Number(rows[rows.length - 1].id));
    const summary = await call<{ kept: number; capacity: number; total: number }>('/monitor/httpTrace/summary');
    expect(summary.result).toMatchObject({ capacity: 500 });
    expect(summary.result.total).toBeGreaterThanOrEqual(summary.result.kept);
    // The screen's own reads (every few seconds while open) would push out what a reader looks for.
    const again = await call<Paged<{ path: string }>>('/monitor/httpTrace/list?pageSize=100');
    expect(again.result.records.filter((r) => r.path.includes('/monitor/httpTrace/'))).toEqual([]);
    expect(again.result.records.some((r) => r.path.startsWith(`${API}/monitor/disk/list`))).toBe(true);
  });

  it('Node 运行时 shows heap, RSS, event-loop delay, GC, versions and uptime', async () => {
    const answer = await call<{ memory: Record<string, number>; eventLoop: Record<string, number | null>; gc: { count: number }; process: Record<string, unknown> }>(
      '/monitor/runtime/summary',
    );
    expect(answer.result.memory.rss).toBeGreaterThan(0);
    expect(answer.result.memory.heapUsed).toBeGreaterThan(0);
    expect(answer.result.memory.heapLimit).toBeGreaterThan(answer.result.memory.heapUsed);
    expect(answer.result.process).toMatchObject({ node: process.versions.node, v8: process.versions.v8, pid: process.pid });
    expect(answer.result.process.uptimeSeconds).toEqual(expect.any(Number));
    expect(answer.result.gc.count).toBeGreaterThanOrEqual(0);
    expect(Object.keys(answer.result.eventLoop).sort()).toEqual(['maxMs', 'meanMs', 'p99Ms']);
    const gcRows = await call<Paged<{ kind: string; count: number }>>('/monitor/runtime/list');
    expect(gcRows.success).toBe(true);
    for (const row of gcRows.result.records) expect(row.count).toBeGreaterThan(0);
  });

  it('数据库监控 shows size, connections, hit ratio and largest tables; says what it cannot show', async () => {
    const answer = await call<{ kind: string; sizeBytes: number; connections: number; maxConnections: number | null; cacheHitPercent: number | null; slowStatements: unknown[]; notes: string[] }>(
      '/monitor/database/summary',
    );
    expect(answer.success).toBe(true);
    expect(answer.result.sizeBytes).toBeGreaterThan(100_000);
    expect(answer.result.connections).toBeGreaterThanOrEqual(1);
    expect(answer.result.cacheHitPercent).toBeGreaterThan(0);
    if (kind === 'pglite') {
      expect(answer.result).toMatchObject({ kind: '内置数据库（PGlite）', maxConnections: null, slowStatements: [] });
      expect(answer.result.notes).toEqual(expect.arrayContaining([NOTES.pgliteConnections, NOTES.pgliteStatements]));
    } else {
      expect(answer.result.kind).toBe('PostgreSQL');
      expect(answer.result.maxConnections).toBeGreaterThan(0);
      // The test server does not load pg_stat_statements: said, not faked.
      expect(answer.result.slowStatements).toEqual([]);
      expect(answer.result.notes).toContain(NOTES.noStatements);
    }
    const tables = await call<Paged<{ tableName: string; totalBytes: number }>>('/monitor/database/list?pageSize=5');
    expect(tables.result.records).toHaveLength(5);
    expect(tables.result.total).toBeGreaterThan(50);
    const sizes = tables.result.records.map((r) => r.totalBytes);
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    const second = await call<Paged<{ tableName: string; totalBytes: number }>>('/monitor/database/list?pageSize=5&pageNo=2');
    expect(second.result.records[0].totalBytes).toBeLessThanOrEqual(sizes[4]);
  });

  it.runIf(kind === 'postgres')('数据库监控 says so when pg_stat_statements is installed but not loaded', async () => {
    const available = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_stat_statements'`.execute(t.database.db);
    if ((available.rows[0]?.n ?? 0) === 0) return;
    await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(t.database.db);
    try {
      const answer = await call<{ slowStatements: unknown[]; notes: string[] }>('/monitor/database/summary');
      // The test server does not preload the library: reading it fails, and the screen says why.
      expect(answer.result.slowStatements).toEqual([]);
      expect(answer.result.notes).toContain(NOTES.statementsUnreadable);
    } finally {
      await sql`DROP EXTENSION IF EXISTS pg_stat_statements`.execute(t.database.db);
    }
  });

  it('系统信息 shows the OS, CPUs, memory and load', async () => {
    const answer = await call<{ os: Record<string, unknown>; cpu: { count: number }; memory: { total: number; used: number }; load: Record<string, number> }>('/monitor/system/summary');
    expect(answer.result.os).toMatchObject({ type: os.type(), hostname: os.hostname(), arch: os.arch() });
    expect(answer.result.cpu.count).toBe(os.cpus().length);
    expect(answer.result.memory.total).toBe(os.totalmem());
    expect(answer.result.memory.used).toBeGreaterThan(0);
    expect(Object.keys(answer.result.load).sort()).toEqual(['load1', 'load15', 'load5']);
    const cpus = await call<Paged<{ model: string; idlePercent: number }>>('/monitor/system/list?pageSize=100');
    expect(cpus.result.total).toBe(os.cpus().length);
  });

  it('HTTP 服务 counts open connections and requests of real sockets', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const before = await call<{ totalRequests: number }>('/monitor/httpServer/summary');
    const over = await fetch(`http://127.0.0.1:${port}${API}/monitor/httpServer/summary`, { headers: authHeaders(admin) });
    const answer = (await over.json()) as { result: { openConnections: number; totalRequests: number; requestsPerSecond: number; requestsLastMinute: number; processSockets: number } };
    expect(answer.result.openConnections).toBeGreaterThanOrEqual(1);
    // The listener and the connection at least (and the pool's sockets on PostgreSQL).
    expect(answer.result.processSockets).toBeGreaterThanOrEqual(2);
    expect(answer.result.totalRequests).toBeGreaterThan(before.result.totalRequests);
    expect(answer.result.requestsLastMinute).toBeGreaterThanOrEqual(2);
    expect(answer.result.requestsPerSecond).toBeGreaterThan(0);
    const list = await fetch(`http://127.0.0.1:${port}${API}/monitor/httpServer/list`, { headers: authHeaders(admin) });
    const rows = ((await list.json()) as { result: Paged<{ remoteAddress: string; kind: string; requests: number }> }).result.records;
    expect(rows.some((r) => r.remoteAddress.endsWith('127.0.0.1') && r.kind === 'HTTP')).toBe(true);
  });

  it('HTTP 服务 shows the admission limit: the request asking runs, nothing waits', async () => {
    const answer = await call<Record<string, unknown>>('/monitor/httpServer/summary');
    expect(answer.result).toMatchObject({ admissionLimit: 10, admissionRunning: 1, admissionQueued: 0, admissionQueueMax: 1000 });
  });

  it('HTTP 服务 stops counting a request whose client gave up before its body arrived', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 }).catch(() => undefined);
    const { port } = t.app.server.address() as { port: number };
    const inFlight = async () => (await call<{ inFlight: number }>('/monitor/httpServer/summary')).result.inFlight;
    const idle = await inFlight();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(`POST ${API}/sys/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":`);
    await expect.poll(inFlight).toBe(idle + 1);
    socket.destroy();
    await expect.poll(inFlight).toBe(idle);
  });

  describe('文件存储', () => {
    const uploadAs = async (token: string, name: string) => {
      const answer = body<string>(await upload(t.app, token, { name, content: PNG_1PX, contentType: 'image/png' }));
      expect(answer.success).toBe(true);
      return answer.message;
    };
    const files = async () => (await call<Paged<Record<string, unknown>>>('/monitor/fileStorage/list?pageSize=100')).result.records;
    const remove = async (stored: string, token = admin) =>
      body(await t.app.inject({ method: 'DELETE', url: `${API}/monitor/fileStorage/delete?id=${encodeURIComponent(stored)}`, headers: authHeaders(token) }));

    it('lists uploaded files with name, size, type, uploader and who uses them; deletes an unused one', async () => {
      const stored = await uploadAs(zhangsan, '现场照片.png');
      const row = (await files()).find((r) => r.path === stored);
      expect(row).toMatchObject({ fileName: '现场照片.png', fileType: 'PNG', size: PNG_1PX.length, usedBy: '未被使用', inUse: false });
      expect(String(row?.uploader)).toContain('zhangsan');
      expect(row?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // Holding 文件存储's code, admin previews a file somebody else uploaded.
      const served = await t.app.inject({ method: 'GET', url: `${API}/sys/common/static/${stored.split('/').map(encodeURIComponent).join('/')}`, headers: authHeaders(admin) });
      expect(served.statusCode).toBe(200);
      expect(await remove(stored)).toMatchObject({ success: true, message: '删除成功!' });
      expect((await files()).some((r) => r.path === stored)).toBe(false);
      expect(fs.existsSync(path.join(t.config.uploadDir, stored))).toBe(false);
    });

    it('refuses to delete a file a record or an avatar uses, naming the users, and keeps it', async () => {
      const stored = await uploadAs(admin, '资质证书.png');
      const added = await t.app.inject({
        method: 'POST',
        url: `${API}/maintenance/outsource/add`,
        headers: authHeaders(admin),
        payload: { outsourceName: '监控测试鉴定所', major: '司法鉴定', contactName: '周工', contactMobile: '13800138000', cooperationStatus: '1', qualificationFile: stored },
      });
      expect(added.json()).toMatchObject({ success: true });
      const row = (await files()).find((r) => r.path === stored);
      expect(row).toMatchObject({ inUse: true });
      expect(row?.usedBy).toBe('外包机构「监控测试鉴定所」');
      const refused = await remove(stored);
      expect(refused).toMatchObject({ success: false, message: '文件「资质证书.png」正被使用（外包机构「监控测试鉴定所」），不能删除' });
      expect(fs.existsSync(path.join(t.config.uploadDir, stored))).toBe(true);

      const avatar = await uploadAs(admin, '头像.png');
      await t.database.db.updateTable('sys_user').set({ avatar }).where('username', '=', 'wangwu').execute();
      expect(await remove(avatar)).toMatchObject({ success: false, message: '文件「头像.png」正被使用（用户头像 wangwu），不能删除' });
      expect(fs.existsSync(path.join(t.config.uploadDir, avatar))).toBe(true);
    });

    it('answers 文件不存在 for a path it does not keep', async () => {
      expect(await remove('temp/20260101/0000000000000000_none.png')).toMatchObject({ success: false, message: '文件不存在' });
      expect(await remove('../../etc/passwd')).toMatchObject({ success: false, message: '文件不存在' });
    });

    it('filters by file name', async () => {
      const stored = await uploadAs(admin, '独一无二的名字.png');
      const found = (await call<Paged<{ path: string }>>(`/monitor/fileStorage/list?fileName=${encodeURIComponent('*独一无二*')}`)).result;
      expect(found.records.map((r) => r.path)).toEqual([stored]);
      expect(found.total).toBe(1);
    });
  });
});
