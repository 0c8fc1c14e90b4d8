import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildListParams } from '../../../runtime/list/params';
import { recordsOf, toConditions, type SuperQueryRow } from '../../../runtime/superQuery/model';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, get, login, send, startTestApp, type TestApp } from '../support/app';

interface Saved {
  id: string;
  title: string;
  matchType: string;
  records: SuperQueryRow[];
}

const CODE = 'maintenance/expert';
const ROWS: SuperQueryRow[] = [
  { field: 'majorDirection', rule: 'like', val: '损失', type: 'string' },
  { field: 'sex', rule: 'eq', val: '1', type: 'list', dictCode: 'sex' },
];

async function remove(app: FastifyInstance, id: string, token: string) {
  return app.inject({ method: 'DELETE', url: `${API}/sys/superQuery/delete?id=${encodeURIComponent(id)}`, headers: authHeaders(token) });
}

async function listOf(app: FastifyInstance, token: string, code = CODE): Promise<Saved[]> {
  const answer = body<Saved[]>(await get(app, `/sys/superQuery/list?code=${encodeURIComponent(code)}`, token));
  expect(answer.success).toBe(true);
  return answer.result;
}

describe.each(DATABASE_KINDS)('saved advanced queries (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let lisi: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await login(t.app, 'admin')).token;
    // An adjuster with no system rights keeps queries too: the routes ask only for a session.
    lisi = (await login(t.app, 'lisi')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saves, lists and overwrites a query by its title', async () => {
    expect(await listOf(t.app, admin)).toEqual([]);
    const saved = body<Saved>(await send(t.app, 'POST', '/sys/superQuery/save', { code: CODE, title: '男性损失专家', matchType: 'and', records: recordsOf(ROWS) }, admin));
    expect(saved).toMatchObject({ success: true, message: '保存成功' });
    const first = await listOf(t.app, admin);
    expect(first).toEqual([{ id: saved.result.id, title: '男性损失专家', matchType: 'and', records: recordsOf(ROWS) }]);

    const again = body<Saved>(
      await send(t.app, 'POST', '/sys/superQuery/save', { code: CODE, title: ' 男性损失专家 ', matchType: 'or', records: [ROWS[0]] }, admin),
    );
    expect(again.result.id).toBe(saved.result.id);
    const second = await listOf(t.app, admin);
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ title: '男性损失专家', matchType: 'or', records: [ROWS[0]] });
    // Other lists keep their own queries.
    expect(await listOf(t.app, admin, 'maintenance/custom')).toEqual([]);
  });

  it('keeps list values (在...中) as lists', async () => {
    const records = [{ field: 'titleRank', rule: 'in', val: ['3', '4'], type: 'list', dictCode: 'position_rank' }];
    const saved = body<Saved>(await send(t.app, 'POST', '/sys/superQuery/save', { code: 'in-test', title: '职称', records }, admin));
    expect(saved.success).toBe(true);
    expect((await listOf(t.app, admin, 'in-test'))[0]).toMatchObject({ matchType: 'and', records });
  });

  it('never shows or deletes another user’s query', async () => {
    const [mine] = await listOf(t.app, admin);
    expect(await listOf(t.app, lisi)).toEqual([]);
    const refused = body(await remove(t.app, mine.id, lisi));
    expect(refused).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await listOf(t.app, admin)).toHaveLength(1);

    // The same title is another row for another user.
    const theirs = body<Saved>(await send(t.app, 'POST', '/sys/superQuery/save', { code: CODE, title: '男性损失专家', records: ROWS }, lisi));
    expect(theirs.result.id).not.toBe(mine.id);
    expect((await listOf(t.app, admin))[0].matchType).toBe('or');
    expect(await listOf(t.app, lisi)).toHaveLength(1);

    expect(body(await remove(t.app, mine.id, admin))).toMatchObject({ success: true, message: '删除成功' });
    expect(await listOf(t.app, admin)).toEqual([]);
    expect(await listOf(t.app, lisi)).toHaveLength(1);
    expect(body(await remove(t.app, mine.id, admin))).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('survives a new session (logout and sign in again)', async () => {
    await send(t.app, 'POST', '/sys/superQuery/save', { code: CODE, title: '留存', records: ROWS }, admin);
    await t.app.inject({ method: 'POST', url: `${API}/sys/logout`, headers: authHeaders(admin) });
    expect((await get(t.app, `/sys/superQuery/list?code=${CODE}`, admin)).statusCode).toBe(401);
    admin = (await login(t.app, 'admin')).token;
    expect((await listOf(t.app, admin)).map((q) => q.title)).toEqual(['留存']);
  });

  it('refuses a blank title, empty or malformed records and callers without a session', async () => {
    expect(body(await send(t.app, 'POST', '/sys/superQuery/save', { code: CODE, title: '  ', records: ROWS }, admin))).toMatchObject({
      success: false,
      message: '保存名称不能为空',
    });
    expect(body(await send(t.app, 'POST', '/sys/superQuery/save', { code: CODE, title: 'x', records: [] }, admin)).success).toBe(false);
    const badRule = [{ field: 'sex', rule: 'between', val: '1' }];
    expect(body(await send(t.app, 'POST', '/sys/superQuery/save', { code: CODE, title: 'x', records: badRule }, admin)).success).toBe(false);
    const badField = [{ field: 'sex; drop table', rule: 'eq', val: '1' }];
    expect(body(await send(t.app, 'POST', '/sys/superQuery/save', { code: CODE, title: 'x', records: badField }, admin)).success).toBe(false);
    expect(body(await send(t.app, 'POST', '/sys/superQuery/save', { code: CODE, title: 'x', records: ROWS, matchType: 'xor' }, admin)).success).toBe(false);
    expect((await send(t.app, 'POST', '/sys/superQuery/save', { code: CODE, title: 'x', records: ROWS })).statusCode).toBe(401);
    expect((await get(t.app, `/sys/superQuery/list?code=${CODE}`)).statusCode).toBe(401);
    expect((await listOf(t.app, admin)).map((q) => q.title)).toEqual(['留存']);
  });

  it('round trip: the builder’s rows, sent as the list sends them, filter the expert list on the server', async () => {
    const run = async (rows: SuperQueryRow[], matchType: 'and' | 'or') => {
      const params = buildListParams(
        {
          values: {},
          page: 1,
          pageSize: 30,
          sort: { column: 'createTime', order: 'desc' },
          superQuery: { conditions: toConditions(rows), matchType },
        },
        { queryFields: [], columns: ['expertName', 'sex'] },
      );
      const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
      const answer = body<{ records: Array<{ expertName: string }>; total: number }>(
        await get(t.app, `/maintenance/expert/list?${search.toString()}`, admin),
      );
      expect(answer.success).toBe(true);
      return answer.result.records.map((r) => r.expertName).sort();
    };
    expect(await run(ROWS, 'and')).toEqual(['刘洋', '吴涛', '王建国'].sort());
    expect((await run(ROWS, 'or')).length).toBe(7);
    expect(await run([{ field: 'titleRank', rule: 'in', val: ['5'], type: 'list', dictCode: 'position_rank' }], 'and')).toEqual(
      ['张志强', '王建国'].sort(),
    );
    expect(await run([{ field: 'expertName', rule: 'right_like', val: '王' }, { field: 'sex', rule: 'eq' }], 'and')).toEqual(['王建国']);
  });
});
