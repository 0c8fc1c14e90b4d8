import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDictService } from '../../../../runtime/dict/dictService';
import { useDictionaries } from '../../../../runtime/dict/useDictionaries';
import { createFakeHost, deferred, ok, type Answer } from '../list/fakeHost';

describe('useDictionaries', () => {
  it('prefetches the missing codes once and re-renders cells with their text', async () => {
    const fake = createFakeHost();
    const answer = deferred<Answer>();
    fake.respond(() => answer.promise);
    const dicts = createDictService(fake.host);
    dicts.seed({ sex: [{ value: '1', text: '男' }] });
    const { result, rerender } = renderHook(() => {
      const { ready } = useDictionaries(dicts, ['sex', 'currency', 'currency']);
      return { ready, cell: dicts.textOf('currency', 'CNY') };
    });
    expect(result.current).toEqual({ ready: false, cell: 'CNY' });
    rerender();
    await act(async () => {
      answer.resolve(ok([{ value: 'CNY', text: '人民币' }]));
    });
    await waitFor(() => expect(result.current).toEqual({ ready: true, cell: '人民币' }));
    expect(fake.calls.map((call) => call.url)).toEqual(['/sys/dict/getDictItems/currency']);
  });

  it('is ready at once when everything is cached or nothing is asked for', () => {
    const fake = createFakeHost();
    const dicts = createDictService(fake.host);
    dicts.seed({ sex: [] });
    expect(renderHook(() => useDictionaries(dicts, ['sex'])).result.current.ready).toBe(true);
    expect(renderHook(() => useDictionaries(dicts, [])).result.current.ready).toBe(true);
    expect(fake.calls).toEqual([]);
  });
});
