import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createDebouncedSearch,
  filterItems,
  isAsyncDict,
  labelOf,
  SEARCH_SELECT_DEBOUNCE_MS,
  searchDict,
  type SearchGet,
} from '../../../../../runtime/widgets/searchSelect/searchSelect';
import { SEARCH_SELECT_TEXTS } from '../../../../../runtime/widgets/searchSelect/texts';

const companies = 'mnt_insurance_company,short_name,company_code';

describe('search select', () => {
  afterEach(() => vi.useRealTimers());

  it('searches a table dictionary on the server and filters a code dictionary locally', () => {
    expect(isAsyncDict(companies)).toBe(true);
    expect(isAsyncDict('priority')).toBe(false);
    const items = [
      { value: 'H', text: '紧急' },
      { value: 'M', text: '重要' },
      { value: 'L', text: '一般' },
    ];
    expect(filterItems(items, '重')).toEqual([{ value: 'M', text: '重要' }]);
    expect(filterItems(items, ' ')).toHaveLength(3);
    expect(filterItems(items, 'h')).toEqual([{ value: 'H', text: '紧急' }]);
  });

  it('asks loadDict with the keyword and page size 10, keeping commas of the table code literal', async () => {
    const get = vi.fn<SearchGet>().mockResolvedValue({ success: true, result: [{ value: 'PICC', label: '人保财险' }] });
    await expect(searchDict(get, companies, '人保')).resolves.toEqual({ ok: true, items: [{ value: 'PICC', text: '人保财险' }] });
    expect(get).toHaveBeenCalledWith(`/sys/dict/loadDict/${companies}`, { keyword: '人保', pageSize: 10 });
  });

  it("passes the server's refusal on and survives a transport failure", async () => {
    const refused = vi.fn<SearchGet>().mockResolvedValue({ success: false, message: '字典表或字段不在允许范围内' });
    await expect(searchDict(refused, companies, 'x')).resolves.toEqual({ ok: false, message: '字典表或字段不在允许范围内' });
    const broken = vi.fn<SearchGet>().mockRejectedValue(new Error('timeout'));
    await expect(searchDict(broken, companies, 'x')).resolves.toEqual({ ok: false, message: 'timeout' });
  });

  it("restores a stored value's label through loadDictItem, else shows the value", async () => {
    const get = vi.fn<SearchGet>().mockResolvedValue({ success: true, result: ['人保财险'] });
    await expect(labelOf(get, companies, 'PICC')).resolves.toBe('人保财险');
    expect(get).toHaveBeenCalledWith(`/sys/dict/loadDictItem/${companies}`, { key: 'PICC' });
    await expect(labelOf(vi.fn<SearchGet>().mockResolvedValue({ success: true, result: [] }), companies, 'GONE')).resolves.toBe('GONE');
  });

  it('searches 800 ms after the last keystroke, only for the latest keyword', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const search = createDebouncedSearch<string>(run);
    expect(SEARCH_SELECT_DEBOUNCE_MS).toBe(800);
    search.call('人');
    vi.advanceTimersByTime(500);
    search.call('人保');
    vi.advanceTimersByTime(799);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledWith('人保', 1);
    expect(search.isLatest(1)).toBe(true);
    search.call('太');
    // '太' is typed: the answer to '人保' is stale even before '太' is sent.
    expect(search.isLatest(1)).toBe(false);
    search.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('ships the Chinese texts of the spec', () => {
    expect(SEARCH_SELECT_TEXTS).toMatchObject({ noData: '未找到数据', prompt: '请输入搜索内容' });
  });
});
