import { StrictMode, useState } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildListParams } from '../../../../runtime/list/params';
import { prefetchList } from '../../../../runtime/list/prefetch';
import type { ListConfig } from '../../../../runtime/list/types';
import { defaultQuery, normalizeQuery } from '../../../../runtime/list/url';
import { useListController } from '../../../../runtime/list/useListController';
import { createFakeHost, deferred, ok, type Answer, type FakeHost, type RecordedCall } from './fakeHost';

interface Row {
  id: string;
  name: string;
}

const config: ListConfig = {
  url: { list: '/maintenance/currency/list', deleteBatch: '/maintenance/currency/deleteBatch' },
  queryFields: [
    { field: 'name', mode: 'like' },
    { field: 'kind', mode: 'in' },
  ],
  columns: ['name'],
};

function answerWith(call: RecordedCall): Answer {
  return ok({ records: [{ id: `p${String(call.params?.pageNo)}`, name: String(call.params?.name ?? '') }], total: 100 });
}

let fake: FakeHost;
let writes: string[];

beforeEach(() => {
  fake = createFakeHost();
  fake.respond(answerWith);
  writes = [];
});

/** A router stand-in: the search string in React state, every write recorded. */
function useRoutedList(initialSearch: string, autoLoad = true) {
  const [search, setSearchState] = useState(initialSearch);
  const location = {
    search,
    setSearch(next: string) {
      writes.push(next);
      setSearchState(next);
    },
  };
  const list = useListController<Row>({ host: fake.host, config, location, autoLoad });
  return { list, search, navigate: setSearchState };
}

describe('useListController with the query in the URL', () => {
  it('loads a bookmarked URL once, with its query, page and sort', async () => {
    const { result } = renderHook(() => useRoutedList('?q.name=王&q.kind=1&q.kind=2&page=3&column=name&order=asc'));
    await waitFor(() => expect(result.current.list.loaded).toBe(true));
    expect(fake.callsTo('get')).toHaveLength(1);
    expect(fake.calls[0].params).toMatchObject({ name: '*王*', kind: '1,2', pageNo: 3, column: 'name', order: 'asc' });
    expect(result.current.list.rows).toEqual([{ id: 'p3', name: '*王*' }]);
    expect(writes).toEqual([]);
  });

  it('writes a search, a page change and a sort into the URL', async () => {
    const { result } = renderHook(() => useRoutedList('?tab=info'));
    await waitFor(() => expect(result.current.list.loaded).toBe(true));
    await act(async () => {
      await result.current.list.search({ name: '李' });
    });
    expect(result.current.search).toBe('?tab=info&q.name=%E6%9D%8E');
    await act(async () => {
      await result.current.list.changeTable({ page: 2, pageSize: 20 }, { field: 'name', order: 'descend' });
    });
    expect(result.current.search).toBe('?tab=info&q.name=%E6%9D%8E&page=2&pageSize=20&column=name&order=desc');
    // Every write was followed by no extra request: one per action plus the first load.
    expect(fake.callsTo('get')).toHaveLength(3);
  });

  it('follows the URL when it changes from outside (back button) without writing it back', async () => {
    const { result } = renderHook(() => useRoutedList(''));
    await waitFor(() => expect(result.current.list.loaded).toBe(true));
    await act(async () => {
      await result.current.list.search({ name: '新' });
    });
    const writesBefore = writes.length;
    act(() => {
      result.current.navigate('?q.name=旧&page=4');
    });
    await waitFor(() => expect(result.current.list.rows).toEqual([{ id: 'p4', name: '*旧*' }]));
    expect(result.current.list.query.values).toEqual({ name: '旧' });
    expect(result.current.search).toBe('?q.name=旧&page=4');
    expect(writes).toHaveLength(writesBefore);
  });

  it('does not load on mount when autoLoad is off', async () => {
    const { result } = renderHook(() => useRoutedList('', false));
    await act(async () => {
      await Promise.resolve();
    });
    expect(fake.calls).toEqual([]);
    await act(async () => {
      await result.current.list.load();
    });
    expect(result.current.list.rows).toHaveLength(1);
  });
});

describe('useListController without a URL', () => {
  it('loads on mount under StrictMode and ends with the rows and no spinner', async () => {
    const { result } = renderHook(() => useListController<Row>({ host: fake.host, config }), { wrapper: StrictMode });
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.loading).toBe(false);
    expect(result.current.rows).toEqual([{ id: 'p1', name: '' }]);
  });

  it('shows selection and batch-delete messages through the host', async () => {
    const { result } = renderHook(() => useListController<Row>({ host: fake.host, config }));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    await act(async () => {
      await result.current.batchDelete();
    });
    expect(fake.notices).toEqual([{ kind: 'warning', text: '请选择一条记录！' }]);
    act(() => result.current.select(['p1']));
    expect(result.current.selectedRows).toEqual([{ id: 'p1', name: '' }]);
  });

  it('drops an answer that arrives after unmount', async () => {
    const late = deferred<Answer>();
    fake.respond(() => late.promise);
    const { result, unmount } = renderHook(() => useListController<Row>({ host: fake.host, config }));
    const controller = result.current.controller;
    expect(controller.getState().loading).toBe(true);
    unmount();
    late.resolve(ok({ records: [{ id: 'x', name: 'late' }], total: 1 }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(controller.getState().rows).toEqual([]);
    expect(controller.getState().loading).toBe(false);
  });
});

describe('useListController with its first request sent ahead', () => {
  const url = config.url.list as string;
  const first = buildListParams(normalizeQuery(defaultQuery(config), config), config);
  const settle = () => act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  /** Every render's rows and spinner, in order. */
  function renderRecorded(listConfig: ListConfig = config) {
    const renders: { rows: readonly Row[]; loading: boolean; loaded: boolean }[] = [];
    const hook = renderHook(() => {
      const list = useListController<Row>({ host: fake.host, config: listConfig });
      renders.push({ rows: list.rows, loading: list.loading, loaded: list.loaded });
      return list;
    });
    return { ...hook, renders };
  }

  it('shows the rows in its first render when the answer has arrived, without asking again', async () => {
    prefetchList(fake.host.request, url, first);
    await settle();
    const { result, renders } = renderRecorded();
    expect(renders[0]).toEqual({ rows: [{ id: 'p1', name: '' }], loading: false, loaded: true });
    expect(renders.every((r) => r.rows.length === 1 && !r.loading)).toBe(true);
    expect(result.current).toMatchObject({ loaded: true, total: 100 });
    await settle();
    expect(fake.callsTo('get', url)).toHaveLength(1);
  });

  it('waits for an answer still on its way (an empty table first), still asking once', async () => {
    const late = deferred<Answer>();
    fake.respond(() => late.promise);
    prefetchList(fake.host.request, url, first);
    const { result, renders } = renderRecorded();
    expect(renders[0]).toEqual({ rows: [], loading: false, loaded: false });
    late.resolve(ok({ records: [{ id: 'late', name: '' }], total: 1 }));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'late', name: '' }]));
    expect(fake.callsTo('get', url)).toHaveLength(1);
  });

  it('reports an arrived refusal as its own answer, as before', async () => {
    fake.respond(() => ({ ...ok(null), success: false, message: '没有权限，请联系管理员授权', code: 510 }));
    prefetchList(fake.host.request, url, first);
    await settle();
    const { result, renders } = renderRecorded();
    expect(renders[0].rows).toEqual([]);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(fake.notices).toEqual([{ kind: 'warning', text: '没有权限，请联系管理员授权' }]);
    expect(fake.callsTo('get', url)).toHaveLength(1);
  });

  it('waits for its dictionaries when they are not in memory yet', async () => {
    prefetchList(fake.host.request, url, first);
    await settle();
    const dictionaries = deferred<void>();
    const { result, renders } = renderRecorded({ ...config, prefetch: () => dictionaries.promise, prefetched: () => false });
    expect(renders[0]).toEqual({ rows: [], loading: false, loaded: false });
    dictionaries.resolve();
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'p1', name: '' }]));
    expect(fake.callsTo('get', url)).toHaveLength(1);
  });
});

describe('useListController with a router that hands writes back a render late', () => {
  /** Writes wait in a queue until flush(), as a router's navigation reaches the page a render later. */
  function useLateRoutedList() {
    const [search, setSearchState] = useState('');
    const [queued, setQueued] = useState<string[]>([]);
    const location = {
      search,
      setSearch(next: string) {
        writes.push(next);
        setQueued((q) => [...q, next]);
      },
    };
    const list = useListController<Row>({ host: fake.host, config, location });
    const flush = () => {
      const [first, ...rest] = queued;
      if (first !== undefined) setSearchState(first);
      setQueued(rest);
    };
    return { list, search, flush, queued };
  }

  it('查询 then 重置 at once: the late echo of the search does not bring the old query back', async () => {
    const { result } = renderHook(() => useLateRoutedList());
    await waitFor(() => expect(result.current.list.loaded).toBe(true));
    await act(async () => {
      await result.current.list.search({ name: '郑好' });
    });
    await act(async () => {
      await result.current.list.reset();
    });
    const callsAfterReset = fake.callsTo('get').length;
    // The search's write reaches the page now, after the reset.
    await act(async () => {
      result.current.flush();
    });
    await act(async () => {
      result.current.flush();
    });
    expect(result.current.list.query.values).toEqual({});
    expect(fake.callsTo('get')).toHaveLength(callsAfterReset);
    // The address ends up saying what the list shows.
    expect(result.current.search).toBe('');
    expect(result.current.queued).toEqual([]);
  });
});
