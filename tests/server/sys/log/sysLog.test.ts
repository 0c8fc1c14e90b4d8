import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_JOBS } from '../../../../server/jobs';
import { EntityDictionaries, entityService } from '../../../../server/crud/entity';
import { loadEntityPages } from '../../../../server/crud/pages';
import { REDACTED } from '../../../../server/http/logRedaction';
import { inTransaction } from '../../../../server/db/transaction';
import { DATABASE_KINDS } from '../../../support/database';
import { API, authHeaders, body, login, postLogin, startTestApp, type TestApp } from '../../support/app';

type Rec = Record<string, unknown>;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const PURGE_LOGS = 'lossdesk.jobs.PurgeOldLogsJob';

describe.each(DATABASE_KINDS)('日志管理 and 数据日志 on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;
  let lisi: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
    lisi = (await login(ctx.app, 'lisi')).token;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin, payload?: Rec, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: { ...authHeaders(token), ...headers } });
  const list = async (url: string, token = admin) => body<{ records: Rec[]; total: number }>(await call('GET', url, token));
  const logsOf = (username: string) =>
    ctx.database.db.selectFrom('sys_log').selectAll().where('username', '=', username).orderBy('create_time', 'desc').orderBy('id').execute();

  it('logs a failed and a successful sign-in with account, address and browser; the 登录日志 tab lists them', async () => {
    const wrong = await ctx.app.inject({ method: 'POST', url: `${API}/sys/login`, payload: { username: 'wangwu', password: 'wrong-1' }, headers: { 'user-agent': CHROME } });
    expect(body(wrong).success).toBe(false);
    const right = await ctx.app.inject({ method: 'POST', url: `${API}/sys/login`, payload: { username: 'wangwu', password: '123456' }, headers: { 'user-agent': CHROME } });
    expect(body(right).success).toBe(true);
    const logs = (await logsOf('wangwu')).filter((l) => l.log_type === 1);
    expect(logs).toHaveLength(2);
    const failed = logs.find((l) => l.result === '0');
    const ok = logs.find((l) => l.result === '1');
    expect(failed).toMatchObject({ log_content: '用户名: wangwu,登录失败：用户名或密码错误', userid: null, ip: '127.0.0.1', browser: 'Chrome 120 (Windows)' });
    expect(ok).toMatchObject({ log_content: '用户名: wangwu,登录成功！', ip: '127.0.0.1', browser: 'Chrome 120 (Windows)' });
    expect(ok?.userid).toMatch(/\S/);
    // The password typed is never kept.
    expect(JSON.stringify(logs)).not.toContain('wrong-1');

    const tab = await list('/sys/log/list?logType=1&username=wangwu');
    expect(tab.success).toBe(true);
    expect(tab.result.records.map((r) => r.result_dictText)).toEqual(expect.arrayContaining(['成功', '失败']));
    expect(tab.result.records.every((r) => r.logType_dictText === '登录日志')).toBe(true);
  });

  it('logs a write through the API with the password and sensitive fields masked and the time taken', async () => {
    const answer = body(
      await call('POST', '/maintenance/expert/add', admin, {
        expertName: '日志专家',
        sex: '1',
        contactMobile: '13900001111',
        majorDirection: '火灾',
        idNumber: '110108196203140230',
        password: 'S3cret!pw',
      }, { 'user-agent': CHROME }),
    );
    expect(answer.success).toBe(true);
    const [log] = (await logsOf('admin')).filter((l) => l.log_type === 2 && l.request_url === `${API}/maintenance/expert/add`);
    expect(log).toMatchObject({ log_content: '专家-添加，成功', request_type: 'POST', operate_type: 2, result: '1', browser: 'Chrome 120 (Windows)' });
    expect(Number(log.cost_time)).toBeGreaterThanOrEqual(0);
    const params = JSON.parse(log.request_param ?? '{}') as Rec;
    expect(params).toMatchObject({ expertName: '日志专家', password: REDACTED, idNumber: REDACTED });
    expect(log.request_param).not.toContain('S3cret');
    expect(log.request_param).not.toContain('110108196203140230');
    // The 操作日志 tab lists it; reads are not logged.
    const tab = await list('/sys/log/list?logType=2&username=admin');
    expect(tab.result.records.some((r) => r.logContent === '专家-添加，成功')).toBe(true);
    expect(tab.result.records.some((r) => r.requestType === 'GET')).toBe(false);
  });

  it('logs a refused and a failing write as 失败 with the answer', async () => {
    const refused = body(await call('POST', '/maintenance/expert/add', lisi, { expertName: 'x' }));
    expect(refused.code).toBe(510);
    const [refusedLog] = (await logsOf('lisi')).filter((l) => l.log_type === 2);
    expect(refusedLog).toMatchObject({ result: '0', log_content: '专家-添加，失败：没有权限，请联系管理员授权' });

    const invalid = body(await call('POST', '/maintenance/expert/add', admin, { expertName: '缺字段' }));
    expect(invalid.success).toBe(false);
    const [failed] = (await logsOf('admin')).filter((l) => l.log_type === 2 && l.result === '0');
    expect(failed.log_content).toMatch(/^专家-添加，失败：/);
  });

  it('a log that cannot be written does not fail the request', async () => {
    await sql`ALTER TABLE sys_log RENAME TO sys_log_away`.execute(ctx.database.db);
    try {
      const answer = body(await call('POST', '/maintenance/expert/add', admin, { expertName: '无日志专家', sex: '1', contactMobile: '13900005555', majorDirection: '火灾' }));
      expect(answer).toMatchObject({ success: true, message: '添加成功！' });
      const signIn = body(await postLogin(ctx.app, { username: 'wangwu', password: '123456' }));
      expect(signIn.success).toBe(true);
    } finally {
      await sql`ALTER TABLE sys_log_away RENAME TO sys_log`.execute(ctx.database.db);
    }
  });

  it('filters by date range', async () => {
    const today = (await sql<{ d: string }>`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`.execute(ctx.database.db)).rows[0].d;
    const inRange = await list(`/sys/log/list?logType=1&createTime_begin=${today} 00:00:00&createTime_end=${today} 23:59:59`);
    expect(inRange.result.total).toBeGreaterThan(0);
    const before = await list('/sys/log/list?logType=1&createTime_begin=2000-01-01 00:00:00&createTime_end=2000-01-02 00:00:00');
    expect(before.result.total).toBe(0);
  });

  it('answers loginfo and visitInfo from the sign-ins', async () => {
    const counts = await sql<{ total: string; today: string; ips: string }>`
      SELECT count(*) AS total, count(*) FILTER (WHERE create_time >= current_date) AS today,
             count(DISTINCT ip) FILTER (WHERE create_time >= current_date) AS ips
      FROM sys_log WHERE log_type = 1 AND result = '1'`.execute(ctx.database.db);
    const info = body<Rec>(await call('GET', '/sys/loginfo'));
    expect(info.result).toEqual({
      totalVisitCount: Number(counts.rows[0].total),
      todayVisitCount: Number(counts.rows[0].today),
      todayIp: Number(counts.rows[0].ips),
    });
    expect(info.result.todayVisitCount).toBeGreaterThanOrEqual(3);
    expect(info.result.todayIp).toBe(1);
    const visits = body<Array<{ visit: number; ip: number; tian: string; type: string }>>(await call('GET', '/sys/visitInfo'));
    expect(visits.result).toHaveLength(7);
    const last = visits.result[6];
    expect(last.type).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(last.tian).toBe(last.type.slice(5));
    expect(last).toMatchObject({ visit: info.result.todayVisitCount, ip: 1 });
    expect(visits.result.slice(0, 6).every((d) => d.visit === 0)).toBe(true);
  });

  it('the cleanup job removes entries older than the configured days only', async () => {
    await sql`INSERT INTO sys_log (id, log_type, log_content, create_time) VALUES
      ('old_log_1', 1, '旧日志', localtimestamp - interval '100 days'),
      ('mid_log_1', 1, '较新日志', localtimestamp - interval '20 days')`.execute(ctx.database.db);
    const job = BUILTIN_JOBS.get(PURGE_LOGS)!;
    const remaining = async () => (await ctx.database.db.selectFrom('sys_log').select('id').where('id', 'in', ['old_log_1', 'mid_log_1']).execute()).map((r) => r.id).sort();
    const total = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM sys_log`.execute(ctx.database.db)).rows[0].n);
    const before = await total();
    await job.run({ db: ctx.database.db, now: new Date(), parameter: null });
    expect(await remaining()).toEqual(['mid_log_1']);
    expect(await total()).toBe(before - 1);
    await job.run({ db: ctx.database.db, now: new Date(), parameter: '10' });
    expect(await remaining()).toEqual([]);
    await expect(job.run({ db: ctx.database.db, now: new Date(), parameter: 'abc' })).rejects.toThrow('任务参数 应为 1 到 36500 之间的整数天数');
    // The job is shipped enabled and its class is offered by the dictionary.
    const row = await ctx.database.db.selectFrom('sys_quartz_job').select(['status']).where('job_class_name', '=', PURGE_LOGS).executeTakeFirstOrThrow();
    expect(row.status).toBe('0');
  });

  it('add and edit of an expert keep versions 1 and 2 with the record as stored; compare marks them', async () => {
    const add = body(await call('POST', '/maintenance/expert/add', admin, { expertName: '版本专家', sex: '1', contactMobile: '13900002222', majorDirection: '水灾', bankAccount: '6222020200112345678' }));
    expect(add.success).toBe(true);
    const id = (await sql<{ id: string }>`SELECT id FROM mnt_expert WHERE expert_name = '版本专家'`.execute(ctx.database.db)).rows[0].id;
    const edit = body(await call('PUT', '/maintenance/expert/edit', admin, { id, expertName: '版本专家', sex: '1', contactMobile: '13900003333', majorDirection: '水灾', bankAccount: '6222020200112345678' }));
    expect(edit.success).toBe(true);

    const versions = body<Array<Rec & { dataContent: string; fieldLabels: Record<string, string> }>>(await call('GET', `/sys/dataLog/queryDataVerList?dataTable=mnt_expert&dataId=${id}`));
    expect(versions.result.map((v) => v.dataVersion)).toEqual([1, 2]);
    const [v1, v2] = versions.result.map((v) => JSON.parse(v.dataContent) as Rec);
    expect(v1).toMatchObject({ id, expertName: '版本专家', contactMobile: '13900002222', bankAccount: '******5678' });
    expect(v2).toMatchObject({ contactMobile: '13900003333', updateBy: 'admin' });
    expect(versions.result[0].fieldLabels.contactMobile).toBe('联系电话');
    expect(versions.result[0].createBy).toBe('admin');

    const page = await list(`/sys/dataLog/list?dataTable=mnt_expert&dataId=${id}`);
    expect(page.result.total).toBe(2);
    const [logId2, logId1] = page.result.records.sort((a, b) => Number(b.dataVersion) - Number(a.dataVersion)).map((r) => String(r.id));
    const compared = body<Array<Rec>>(await call('GET', `/sys/dataLog/queryCompareList?dataId1=${logId2}&dataId2=${logId1}`));
    expect(compared.result.map((r) => r.dataVersion)).toEqual([1, 2]);
    expect(compared.result[0].dictTexts).toMatchObject({ sex: '男' });

    const other = (await ctx.database.db.selectFrom('sys_data_log').select('id').where('data_id', '!=', id).executeTakeFirstOrThrow()).id;
    const mixed = body(await call('GET', `/sys/dataLog/queryCompareList?dataId1=${logId1}&dataId2=${other}`));
    expect(mixed).toMatchObject({ success: false, message: '请选择同一条数据的两个版本进行比较' });
  });

  it('a rolled-back write leaves no version', async () => {
    const pages = loadEntityPages();
    const { store } = entityService(pages.find((p) => p.entity.table === 'mnt_expert')!, new EntityDictionaries(ctx.database.db, ctx.app.dictionaries, pages));
    const count = async (db = ctx.database.db) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM sys_data_log WHERE data_id = 'rolled_back_1'`.execute(db)).rows[0].n);
    await expect(
      inTransaction(ctx.database.db, async (trx) => {
        await store.insert(trx, [{ expertName: '回滚专家', sex: '1', contactMobile: '13900004444', majorDirection: '火灾' }], { username: 'admin', orgCode: null, tenantId: 0 }, ['rolled_back_1']);
        // Inside the write's transaction the version is there…
        expect(await count(trx)).toBe(1);
        throw new Error('回滚');
      }),
    ).rejects.toThrow('回滚');
    // …and it goes with the write.
    expect(await count()).toBe(0);
  });

  it('lisi (公估师) gets 510 on every log endpoint; the read-only pages have no write endpoints', async () => {
    for (const url of ['/sys/log/list', '/sys/log/queryById?id=x', '/sys/log/exportXls', '/sys/loginfo', '/sys/visitInfo', '/sys/dataLog/list', '/sys/dataLog/queryById?id=x', '/sys/dataLog/exportXls', '/sys/dataLog/queryDataVerList?dataTable=a&dataId=b', '/sys/dataLog/queryCompareList?dataId1=a&dataId2=b']) {
      expect(body(await call('GET', url, lisi)), url).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
    for (const url of ['/sys/log/add', '/sys/log/edit', '/sys/dataLog/add', '/sys/dataLog/importExcel']) {
      expect((await call('POST', url, admin, {})).statusCode, url).toBe(404);
    }
    expect((await call('DELETE', '/sys/log/delete?id=x', admin)).statusCode).toBe(404);
  });
});
