import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSuperQueryBuilder } from '../../../../runtime/superQuery/builder';
import type { SuperQueryField } from '../../../../runtime/superQuery/fields';
import { SAVED_QUERY_URLS, savedQueryKey, type SavedQuery } from '../../../../runtime/superQuery/savedQueries';
import { createFakeHost, fail, ok, type FakeHost } from '../list/fakeHost';

const FIELDS = [
  { value: 'expertName', text: '专家姓名', type: 'string' },
  { value: 'sex', text: '性别', type: 'list', dictCode: 'sex' },
] as unknown as SuperQueryField[];

const CODE = 'maintenance/expert';

describe('the advanced query builder', () => {
  let fake: FakeHost;
  let server: SavedQuery[];
  const onRun = vi.fn();

  beforeEach(() => {
    fake = createFakeHost();
    server = [];
    onRun.mockReset();
    fake.respond((call) => {
      if (call.url === SAVED_QUERY_URLS.list) return ok(server);
      if (call.url === SAVED_QUERY_URLS.save) {
        const body = call.body as Omit<SavedQuery, 'id'> & { code: string };
        server = server.filter((q) => q.title !== body.title).concat({ id: `q${server.length + 1}`, title: body.title, matchType: body.matchType, records: body.records });
        return ok(null, '保存成功');
      }
      if (call.url === SAVED_QUERY_URLS.delete) {
        server = server.filter((q) => q.id !== call.params?.id);
        return ok('删除成功');
      }
      return fail('?');
    });
  });

  function make() {
    return createSuperQueryBuilder({ host: fake.host, code: CODE, fields: FIELDS, onRun });
  }

  it('refuses to run or save an empty query with the spec’s messages', async () => {
    const b = make();
    await b.open(null);
    expect(b.getState().rows).toEqual([{ rule: 'eq' }]);
    expect(b.run()).toBe(false);
    expect(b.canSave()).toBe(false);
    expect(fake.notices.map((n) => n.text)).toEqual(['不能查询空条件', '空条件不能保存']);
    expect(onRun).not.toHaveBeenCalled();
  });

  it('runs the conditions, and reset signals no active filter', async () => {
    const b = make();
    await b.open(null);
    b.setField(0, 'sex');
    b.setValue(0, '1');
    b.addRow();
    b.setField(1, 'expertName');
    b.setRule(1, 'like');
    b.setValue(1, '王');
    b.setMatchType('or');
    expect(b.run()).toBe(true);
    expect(onRun).toHaveBeenLastCalledWith(
      [
        { field: 'sex', rule: 'eq', val: '1', type: 'list' },
        { field: 'expertName', rule: 'like', val: '王' },
      ],
      'or',
    );
    b.reset();
    expect(onRun).toHaveBeenLastCalledWith(null, 'or');
    expect(b.getState().rows).toEqual([{ rule: 'eq' }]);
  });

  it('saves under a name: blank refused, an existing name asks before overwriting; the list is cached', async () => {
    const b = make();
    await b.open({ conditions: [{ field: 'sex', rule: 'eq', val: '1' }], matchType: 'and' });
    expect(await b.saveAs('  ')).toBe(false);
    expect(fake.notices.at(-1)?.text).toBe('保存名称不能为空');
    expect(await b.saveAs('男')).toBe(true);
    expect(fake.notices.at(-1)).toEqual({ kind: 'success', text: '保存成功' });
    expect(b.getState().saved.map((q) => q.title)).toEqual(['男']);
    expect(fake.host.storage.get(savedQueryKey(CODE))).toHaveLength(1);

    fake.answerConfirm(false);
    expect(await b.saveAs('男')).toBe(false);
    expect(fake.confirms.at(-1)?.content).toBe('男 已存在，是否覆盖？');
    fake.answerConfirm(true);
    b.setMatchType('or');
    expect(await b.saveAs('男')).toBe(true);
    expect(server).toHaveLength(1);
    expect(server[0].matchType).toBe('or');
  });

  it('loads a saved query into the rows and deletes one after asking', async () => {
    server = [{ id: 'q1', title: '女', matchType: 'or', records: [{ field: 'sex', rule: 'eq', val: '2', type: 'list', dictCode: 'sex' }] }];
    const b = make();
    await b.open(null);
    b.load(b.getState().saved[0]);
    expect(b.getState()).toMatchObject({ matchType: 'or', rows: [{ field: 'sex', val: '2' }] });
    fake.answerConfirm(false);
    expect(await b.remove(b.getState().saved[0])).toBe(false);
    fake.answerConfirm(true);
    expect(await b.remove(b.getState().saved[0])).toBe(true);
    expect(fake.confirms.at(-1)?.content).toBe('是否删除当前查询？');
    expect(b.getState().saved).toEqual([]);
  });

  it('keeps rows not run yet between openings while the list query is unchanged, and follows a changed one', async () => {
    const b = make();
    await b.open(null);
    b.setField(0, 'expertName');
    b.setValue(0, '王');
    await b.open(null);
    expect(b.getState().rows).toEqual([{ field: 'expertName', rule: 'eq', type: 'string', val: '王' }]);
    b.run();
    const active = { conditions: [{ field: 'expertName', rule: 'eq' as const, val: '王', type: 'string' }], matchType: 'and' as const };
    b.setValue(0, '王建');
    await b.open(active);
    expect(b.getState().rows[0].val).toBe('王建');
    // The list's query changed elsewhere (清空 outside, a bookmark): the rows follow it.
    await b.open(null);
    expect(b.getState().rows).toEqual([{ rule: 'eq' }]);
    await b.open({ conditions: [{ field: 'sex', rule: 'ne', val: '2' }], matchType: 'or' });
    expect(b.getState()).toMatchObject({ matchType: 'or', rows: [{ field: 'sex', rule: 'ne', val: '2', dictCode: 'sex' }] });
  });

  it('shows the cached list when the server cannot be reached', async () => {
    fake.host.storage.set(savedQueryKey(CODE), [{ id: 'q9', title: '缓存', matchType: 'and', records: [] }], null);
    fake.respond(() => {
      throw new Error('offline');
    });
    const b = make();
    await b.open(null);
    expect(b.getState().saved.map((q) => q.title)).toEqual(['缓存']);
  });
});
