import { describe, expect, it } from 'vitest';
import { createListController } from '../../../../runtime/list/controller';
import { LIST_PREFETCH_TTL_MS, prefetchList, takePrefetchedList } from '../../../../runtime/list/prefetch';
import type { ListConfig } from '../../../../runtime/list/types';
import { createFakeHost, ok } from './fakeHost';

const URL = '/maintenance/expert/list';
const config: ListConfig = {
  url: { list: URL },
  queryFields: [{ field: 'expertName', mode: 'like' }],
  columns: ['expertName'],
  defaultSort: { column: 'createTime', order: 'desc' },
};
const FIRST = { column: 'createTime', order: 'desc', field: 'id,expertName', pageNo: 1, pageSize: 10 };

function setup() {
  const fake = createFakeHost();
  fake.respond((call) => (call.url === URL ? ok({ records: [{ id: 'a' }], total: 1 }) : ok(null)));
  return fake;
}

describe('a list request sent ahead', () => {
  it('is sent once however often it is asked for, and its answer is taken once', async () => {
    const fake = setup();
    prefetchList(fake.host.request, URL, FIRST, 1_000);
    prefetchList(fake.host.request, URL, { pageSize: 10, pageNo: 1, field: 'id,expertName', order: 'desc', column: 'createTime' }, 1_000);
    expect(fake.callsTo('get', URL)).toHaveLength(1);
    await expect(takePrefetchedList(fake.host.request, URL, FIRST, 1_001)).resolves.toMatchObject({ success: true });
    expect(takePrefetchedList(fake.host.request, URL, FIRST, 1_002)).toBeUndefined();
  });

  it('tells when its answer is in (a failure too), the same for the same request', async () => {
    const fake = setup();
    const first = prefetchList(fake.host.request, URL, FIRST, 1_000);
    expect(prefetchList(fake.host.request, URL, FIRST, 1_000)).toBe(first);
    await expect(first).resolves.toBeUndefined();
    const failing = createFakeHost();
    failing.respond(() => Promise.reject(new Error('offline')));
    await expect(prefetchList(failing.host.request, URL, FIRST, 1_000)).resolves.toBeUndefined();
  });

  it('is not taken for other parameters, through another request layer, or once stale', () => {
    const fake = setup();
    prefetchList(fake.host.request, URL, FIRST, 1_000);
    expect(takePrefetchedList(fake.host.request, URL, { ...FIRST, pageNo: 2 }, 1_001)).toBeUndefined();
    expect(takePrefetchedList(setup().host.request, URL, FIRST, 1_001)).toBeUndefined();
    expect(takePrefetchedList(fake.host.request, URL, FIRST, 1_000 + LIST_PREFETCH_TTL_MS + 1)).toBeUndefined();
  });

  it('serves the controller first load without a second request; later loads ask again', async () => {
    const fake = setup();
    prefetchList(fake.host.request, URL, FIRST);
    const list = createListController(fake.host, config);
    await list.load();
    expect(list.getState()).toMatchObject({ loaded: true, total: 1 });
    expect(fake.callsTo('get', URL)).toHaveLength(1);
    await list.load();
    expect(fake.callsTo('get', URL)).toHaveLength(2);
  });
});
