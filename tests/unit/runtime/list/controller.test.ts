import { beforeEach, describe, expect, it } from 'vitest';
import { createListController, type ListController } from '../../../../runtime/list/controller';
import type { ListConfig } from '../../../../runtime/list/types';
import { createFakeHost, deferred, fail, ok, type Answer, type FakeHost, type RecordedCall } from './fakeHost';

interface Expert {
  id: string;
  expertName: string;
}

const config: ListConfig = {
  url: {
    list: '/maintenance/expert/list',
    delete: '/maintenance/expert/delete',
    deleteBatch: '/maintenance/expert/deleteBatch',
    exportXls: '/maintenance/expert/exportXls',
  },
  queryFields: [
    { field: 'expertName', mode: 'like' },
    { field: 'level', mode: 'ge' },
  ],
  columns: ['expertName', 'level'],
  exportFileName: '专家',
};

function experts(count: number, from = 1): Expert[] {
  return Array.from({ length: count }, (_, index) => ({ id: `e${from + index}`, expertName: `专家${from + index}` }));
}

/** A server holding `total` rows, answering pages of them. */
function pagedServer(total: () => number) {
  return (call: RecordedCall): Answer => {
    const page = Number(call.params?.pageNo ?? 1);
    const size = Number(call.params?.pageSize ?? 10);
    const from = (page - 1) * size;
    const count = Math.max(0, Math.min(size, total() - from));
    return ok({ records: experts(count, from + 1), total: total() });
  };
}

const XLSX = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
const XLS = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]);

let time = 0;
let fake: FakeHost;
let list: ListController<Expert>;

function make(cfg: ListConfig = config): ListController<Expert> {
  return createListController<Expert>(fake.host, cfg, { now: () => time });
}

beforeEach(() => {
  time = 10_000;
  fake = createFakeHost();
  list = make();
});

describe('keyset continuation and a bounded total', () => {
  /** A server past the count limit: each page answers a cursor naming the page after it. */
  function continuingServer() {
    return (call: RecordedCall): Answer => {
      const page = Number(call.params?.pageNo ?? 1);
      return ok({ records: experts(10, (page - 1) * 10 + 1), total: 10_001, totalExact: false, nextCursor: `after-${page}` });
    };
  }

  it('sends the answer\'s nextCursor only when going on to the next page of the same query', async () => {
    fake.respond(continuingServer());
    await list.load();
    expect(list.getState()).toMatchObject({ total: 10_001, totalExact: false });
    await list.changeTable({ page: 2, pageSize: 10 });
    expect(fake.calls.at(-1)?.params).toMatchObject({ pageNo: 2, cursor: 'after-1' });
    await list.changeTable({ page: 3, pageSize: 10 });
    expect(fake.calls.at(-1)?.params).toMatchObject({ pageNo: 3, cursor: 'after-2' });
    // A jump, a reload of the same page, another page size or a new query go by page number.
    await list.changeTable({ page: 7, pageSize: 10 });
    expect(fake.calls.at(-1)?.params).not.toHaveProperty('cursor');
    await list.load();
    expect(fake.calls.at(-1)?.params).not.toHaveProperty('cursor');
    await list.changeTable({ page: 8, pageSize: 20 });
    expect(fake.calls.at(-1)?.params).not.toHaveProperty('cursor');
    time += 10_000;
    await list.search({ expertName: '王' });
    await list.changeTable({ page: 2, pageSize: 20 });
    expect(fake.calls.at(-1)?.params).toMatchObject({ pageNo: 2, expertName: '*王*', cursor: 'after-1' });
  });

  it('reads an answer without totalExact (JeecgBoot) as exact', async () => {
    fake.respond(() => ok({ records: experts(2), total: 2 }));
    await list.load();
    expect(list.getState()).toMatchObject({ total: 2, totalExact: true });
  });
});

describe('loading rows', () => {
  it('asks for the list with the JeecgListMixin parameters and shows records and total', async () => {
    fake.respond(() => ok({ records: experts(2), total: 2 }));
    await list.load();
    const [call] = fake.callsTo('get', '/maintenance/expert/list');
    expect(call.params).toEqual({
      column: 'createTime',
      order: 'desc',
      field: 'id,expertName,level',
      pageNo: 1,
      pageSize: 10,
    });
    expect(list.getState()).toMatchObject({ rows: experts(2), total: 2, loading: false, loaded: true });
  });

  it('shows a failed load as a warning with the server message and keeps the rows it had', async () => {
    fake.respond(() => ok({ records: experts(1), total: 1 }));
    await list.load();
    fake.respond(() => fail('操作失败，数据库连接超时'));
    await list.load();
    expect(fake.notices).toEqual([{ kind: 'warning', text: '操作失败，数据库连接超时' }]);
    expect(list.getState().rows).toEqual(experts(1));
    expect(list.getState().loading).toBe(false);
  });

  it('stays quiet on a transport failure the request layer already reported, and stops loading', async () => {
    fake.respond(() => Promise.reject(Object.assign(new Error('网络超时'), { notified: true })));
    await list.load();
    expect(fake.notices).toEqual([]);
    expect(list.getState().loading).toBe(false);
  });

  it('is loading while the request is on its way', async () => {
    const answer = deferred<Answer>();
    fake.respond(() => answer.promise);
    const loading = list.load();
    expect(list.getState().loading).toBe(true);
    answer.resolve(ok({ records: [], total: 0 }));
    await loading;
    expect(list.getState().loading).toBe(false);
  });

  it('never lets a slow earlier answer overwrite a newer one', async () => {
    const slow = deferred<Answer>();
    const fast = deferred<Answer>();
    fake.respond((call) => (call.params?.expertName === '*旧*' ? slow.promise : fast.promise));
    const first = list.search({ expertName: '旧' });
    time += 1000;
    const second = list.search({ expertName: '新' });
    fast.resolve(ok({ records: [{ id: 'n', expertName: '新专家' }], total: 1 }));
    await second;
    slow.resolve(ok({ records: [{ id: 'o', expertName: '旧专家' }], total: 1 }));
    await first;
    expect(list.getState().rows).toEqual([{ id: 'n', expertName: '新专家' }]);
    expect(list.getState().loading).toBe(false);
  });

  it('a stale failure is not shown either', async () => {
    const slow = deferred<Answer>();
    fake.respond((call) => (call.params?.pageNo === 1 ? slow.promise : ok({ records: [], total: 0 })));
    const first = list.load();
    await list.changeTable({ page: 2, pageSize: 10 });
    slow.resolve(fail('旧的失败'));
    await first;
    expect(fake.notices).toEqual([]);
  });

  it('reads a bare array answer (non-paged endpoint)', async () => {
    fake.respond(() => ok(experts(3)));
    await list.load();
    expect(list.getState()).toMatchObject({ rows: experts(3), total: 3 });
  });

  it('moves a bookmarked page past the end to the last page', async () => {
    fake.respond(pagedServer(() => 25));
    await list.applyQuery({ ...list.getState().query, page: 9 });
    expect(list.getState().query.page).toBe(3);
    expect(list.getState().rows).toHaveLength(5);
    expect(fake.callsTo('get').map((call) => call.params?.pageNo)).toEqual([9, 3]);
  });

  it('waits for the prefetch (dictionaries) before showing rows, and shows them even if it fails', async () => {
    const dicts = deferred<void>();
    fake.respond(() => ok({ records: experts(1), total: 1 }));
    const withPrefetch = make({ ...config, prefetch: () => dicts.promise });
    const loading = withPrefetch.load();
    await Promise.resolve();
    await Promise.resolve();
    expect(withPrefetch.getState().rows).toEqual([]);
    dicts.reject(new Error('字典加载失败'));
    await loading;
    expect(withPrefetch.getState().rows).toEqual(experts(1));
  });

  it('says which url is missing', async () => {
    const bare = make({ ...config, url: { list: '' } });
    await bare.load();
    expect(await bare.deleteRow('x')).toBe(false);
    bare.select(['x']);
    expect(await bare.batchDelete()).toBe(false);
    expect(await bare.exportXls()).toBe(false);
    expect(fake.notices.map((notice) => notice.text)).toEqual([
      '请设置url.list属性!',
      '请设置url.delete属性!',
      '请设置url.deleteBatch属性!',
      '请设置url.exportXlsUrl属性!',
    ]);
    expect(fake.calls).toEqual([]);
  });
});

describe('query, reset, sort and paging', () => {
  beforeEach(() => fake.respond(pagedServer(() => 45)));

  it('查询 wraps the values, goes to page 1 and clears the selection', async () => {
    await list.changeTable({ page: 3, pageSize: 10 });
    list.select(['e21']);
    await list.search({ expertName: '王', level: '3' });
    const last = fake.calls.at(-1);
    expect(last?.params).toMatchObject({ expertName: '*王*', level: '>= 3', pageNo: 1 });
    expect(list.getState().query.page).toBe(1);
    expect(list.getState().selectedRowKeys).toEqual([]);
  });

  it('重置 clears the values but keeps the advanced query', async () => {
    await list.setSuperQuery([{ field: 'expertName', rule: 'like', val: '李' }], 'and');
    time += 1000;
    await list.search({ expertName: '王' });
    time += 1000;
    await list.reset();
    const params = fake.calls.at(-1)?.params ?? {};
    expect(params).not.toHaveProperty('expertName');
    expect(params.superQueryParams).toBe(encodeURI(JSON.stringify([{ field: 'expertName', rule: 'like', val: '李' }])));
    expect(params.superQueryMatchType).toBe('and');
  });

  it('maps antd ascend/descend to asc/desc and falls back to createTime desc when the sort is cleared', async () => {
    await list.changeTable({ page: 1, pageSize: 20 }, { field: 'expertName', order: 'ascend' });
    expect(fake.calls.at(-1)?.params).toMatchObject({ column: 'expertName', order: 'asc', pageSize: 20 });
    await list.changeTable({ page: 2, pageSize: 20 }, { field: 'expertName', order: 'descend' });
    expect(fake.calls.at(-1)?.params).toMatchObject({ column: 'expertName', order: 'desc', pageNo: 2 });
    // Paging without touching the sort keeps it.
    await list.changeTable({ page: 3, pageSize: 20 }, { field: undefined, order: undefined });
    expect(fake.calls.at(-1)?.params).toMatchObject({ column: 'expertName', order: 'desc', pageNo: 3 });
    await list.changeTable({ page: 1, pageSize: 20 }, { field: 'expertName', order: null });
    expect(fake.calls.at(-1)?.params).toMatchObject({ column: 'createTime', order: 'desc' });
  });

  it('switches the advanced query off with null and goes to page 1', async () => {
    await list.changeTable({ page: 2, pageSize: 10 });
    await list.setSuperQuery([{ field: 'a', rule: 'eq', val: '1' }], 'or');
    expect(list.getState().query.page).toBe(1);
    await list.setSuperQuery(null);
    expect(fake.calls.at(-1)?.params).not.toHaveProperty('superQueryParams');
    expect(list.getState().query.superQuery).toBeNull();
  });

  it("refuses the same click within 300 ms with '你点击的太快了，请慢点点击!'", async () => {
    await list.search({ expertName: 'a' });
    time += 100;
    await list.search({ expertName: 'b' });
    expect(fake.notices).toEqual([{ kind: 'warning', text: '你点击的太快了，请慢点点击!' }]);
    expect(fake.callsTo('get')).toHaveLength(1);
    time += 300;
    await list.search({ expertName: 'b' });
    expect(fake.callsTo('get')).toHaveLength(2);
  });
});

describe('delete one row', () => {
  it('asks, deletes with DELETE url.delete {id}, tells the server message and reloads', async () => {
    let total = 3;
    fake.respond((call) => {
      if (call.method === 'delete') {
        total -= 1;
        return ok(null, '删除成功！');
      }
      return pagedServer(() => total)(call);
    });
    await list.load();
    list.select(['e2', 'e3']);
    expect(await list.deleteRow('e2')).toBe(true);
    expect(fake.confirms).toEqual([{ title: '确认删除', content: '确定删除吗?', danger: true }]);
    expect(fake.callsTo('delete')).toEqual([
      { method: 'delete', url: '/maintenance/expert/delete', params: { id: 'e2' }, options: undefined },
    ]);
    expect(fake.notices).toEqual([{ kind: 'success', text: '删除成功！' }]);
    expect(list.getState().total).toBe(2);
    expect(list.getState().selectedRowKeys).toEqual(['e3']);
  });

  it('does nothing when the user cancels', async () => {
    fake.answerConfirm(false);
    expect(await list.deleteRow('e1')).toBe(false);
    expect(fake.callsTo('delete')).toEqual([]);
  });

  it('goes back a page after deleting the last row of the last page', async () => {
    let total = 21;
    fake.respond((call) => {
      if (call.method === 'delete') {
        total -= 1;
        return ok(null, '删除成功！');
      }
      return pagedServer(() => total)(call);
    });
    await list.changeTable({ page: 3, pageSize: 10 });
    expect(list.getState().rows).toHaveLength(1);
    await list.deleteRow('e21');
    expect(list.getState().query.page).toBe(2);
    expect(fake.callsTo('get').at(-1)?.params?.pageNo).toBe(2);
    expect(list.getState().rows).toHaveLength(10);
  });

  it('shows a refusal as a warning with the server message and keeps the page', async () => {
    fake.respond((call) => (call.method === 'delete' ? fail('没有权限，请联系管理员授权', 510) : pagedServer(() => 5)(call)));
    await list.load();
    expect(await list.deleteRow('e1')).toBe(false);
    expect(fake.notices).toEqual([{ kind: 'warning', text: '没有权限，请联系管理员授权' }]);
    expect(fake.callsTo('get')).toHaveLength(1);
    expect(list.getState().loading).toBe(false);
  });
});

describe('batch delete', () => {
  it("warns '请选择一条记录！' without a selection and asks nothing", async () => {
    expect(await list.batchDelete()).toBe(false);
    expect(fake.notices).toEqual([{ kind: 'warning', text: '请选择一条记录！' }]);
    expect(fake.confirms).toEqual([]);
  });

  it("confirms '确认删除' / '是否删除选中数据?' and sends ids with the trailing comma", async () => {
    let total = 12;
    fake.respond((call) => {
      if (call.method === 'delete') {
        total -= 2;
        return ok(null, '批量删除成功！');
      }
      return pagedServer(() => total)(call);
    });
    await list.changeTable({ page: 2, pageSize: 10 });
    list.select(['e11', 'e12']);
    expect(list.getState().selectedRows.map((row) => row.id)).toEqual(['e11', 'e12']);
    expect(await list.batchDelete()).toBe(true);
    expect(fake.confirms).toEqual([{ title: '确认删除', content: '是否删除选中数据?', danger: true }]);
    expect(fake.callsTo('delete')[0].params).toEqual({ ids: 'e11,e12,' });
    expect(fake.callsTo('delete')[0].url).toBe('/maintenance/expert/deleteBatch');
    expect(fake.notices).toEqual([{ kind: 'success', text: '批量删除成功！' }]);
    // Page 2 emptied: back to page 1, selection cleared.
    expect(list.getState().query.page).toBe(1);
    expect(list.getState().selectedRowKeys).toEqual([]);
    expect(list.getState().selectedRows).toEqual([]);
  });

  it('keeps the selection when the user cancels or the server refuses', async () => {
    list.select(['e1'], [{ id: 'e1', expertName: '专家1' }]);
    fake.answerConfirm(false);
    expect(await list.batchDelete()).toBe(false);
    expect(fake.callsTo('delete')).toEqual([]);
    fake.answerConfirm(true);
    fake.respond(() => fail('操作失败，记录被引用'));
    time += 1000;
    expect(await list.batchDelete()).toBe(false);
    expect(fake.notices).toEqual([{ kind: 'warning', text: '操作失败，记录被引用' }]);
    expect(list.getState().selectedRowKeys).toEqual(['e1']);
  });

  it('refuses a second click within 300 ms', async () => {
    list.select(['e1']);
    fake.answerConfirm(false);
    await list.batchDelete();
    time += 50;
    await list.batchDelete();
    expect(fake.confirms).toHaveLength(1);
    expect(fake.notices).toEqual([{ kind: 'warning', text: '你点击的太快了，请慢点点击!' }]);
  });
});

describe('export', () => {
  it('exports the filtered rows as <name>.xlsx', async () => {
    fake.respond((call) => (call.method === 'getBlob' ? new Blob([XLSX]) : ok({ records: [], total: 0 })));
    await list.search({ expertName: '赵' });
    expect(await list.exportXls()).toBe(true);
    const [call] = fake.callsTo('getBlob');
    expect(call.url).toBe('/maintenance/expert/exportXls');
    expect(call.params).toMatchObject({ expertName: '*赵*', column: 'createTime', order: 'desc' });
    expect(call.params).not.toHaveProperty('selections');
    expect(fake.saved.map((file) => file.fileName)).toEqual(['专家.xlsx']);
  });

  it('exports only the selection with selections=id1,id2, and names an .xls file .xls', async () => {
    fake.respond(() => new Blob([XLS], { type: 'application/vnd.ms-excel' }));
    list.select(['e1', 'e2']);
    expect(await list.exportXls('专家名单')).toBe(true);
    expect(fake.callsTo('getBlob')[0].params?.selections).toBe('e1,e2');
    expect(fake.saved.map((file) => file.fileName)).toEqual(['专家名单.xls']);
  });

  it("warns '文件下载失败' on an empty file", async () => {
    fake.respond(() => new Blob([]));
    expect(await list.exportXls()).toBe(false);
    expect(fake.notices).toEqual([{ kind: 'warning', text: '文件下载失败' }]);
    expect(fake.saved).toEqual([]);
  });

  it("warns '未知的文件' when the answer is not a spreadsheet", async () => {
    fake.respond(() => new Blob(['<html>gateway</html>'], { type: 'text/html' }));
    expect(await list.exportXls()).toBe(false);
    expect(fake.notices).toEqual([{ kind: 'warning', text: '未知的文件' }]);
  });

  it("shows the server's message when it refuses with a JSON envelope", async () => {
    fake.respond(() =>
      new Blob([JSON.stringify({ success: false, message: '没有权限，请联系管理员授权', code: 510 })], {
        type: 'application/json',
      }),
    );
    expect(await list.exportXls()).toBe(false);
    expect(fake.notices).toEqual([{ kind: 'warning', text: '没有权限，请联系管理员授权' }]);
  });

  it('shows a rejected download that was not reported yet, stays quiet for one that was', async () => {
    fake.respond(() => Promise.reject(Object.assign(new Error('导出失败，行数过多'), { notified: false })));
    expect(await list.exportXls()).toBe(false);
    time += 1000;
    fake.respond(() => Promise.reject(Object.assign(new Error('服务器错误'), { notified: true })));
    expect(await list.exportXls()).toBe(false);
    expect(fake.notices).toEqual([{ kind: 'warning', text: '导出失败，行数过多' }]);
  });

  it('refuses a second export click within 300 ms', async () => {
    fake.respond(() => new Blob([XLSX]));
    await list.exportXls();
    time += 299;
    await list.exportXls();
    expect(fake.callsTo('getBlob')).toHaveLength(1);
    expect(fake.notices).toEqual([{ kind: 'warning', text: '你点击的太快了，请慢点点击!' }]);
  });
});
