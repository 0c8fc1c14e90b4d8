import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, PAGE_SIZE_OPTIONS } from '../../../../runtime/list/constants';
import { ellipsis, lastPage, recalculatePage, tableScroll, totalText } from '../../../../runtime/list/paging';

describe('paging (spec §9)', () => {
  it('uses page size 10 with options 10/20/30 and sorts by createTime descending', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 20, 30]);
    expect(DEFAULT_SORT).toEqual({ column: 'createTime', order: 'desc' });
  });

  it("shows the total as 'a-b 共N条'", () => {
    expect(totalText(45, [11, 20])).toBe('11-20 共45条');
    expect(totalText(0, [0, 0])).toBe('0-0 共0条');
  });

  it('says 超过10000 when the server stopped counting, not the lower bound it sent', () => {
    expect(totalText(10_001, [1, 10], false)).toBe('1-10 共 超过10000 条');
    expect(totalText(10_021, [10_001, 10_010], false)).toBe('10001-10010 共 超过10000 条');
    expect(totalText(10_001, [1, 10], true)).toBe('1-10 共10001条');
  });

  it('goes back a page after deleting the last row of the last page', () => {
    // 21 rows, page 3 holds one row; deleting it leaves 20 rows = 2 pages.
    expect(recalculatePage(3, 10, 21, 1)).toBe(2);
    expect(recalculatePage(3, 10, 25, 1)).toBe(3);
    expect(recalculatePage(2, 10, 21, 1)).toBe(2);
    // A batch emptying the last two pages.
    expect(recalculatePage(3, 10, 30, 15)).toBe(2);
  });

  it('never goes below page 1, even when everything was deleted', () => {
    expect(recalculatePage(1, 10, 1, 1)).toBe(1);
    expect(recalculatePage(4, 10, 5, 5)).toBe(1);
    expect(lastPage(0, 10)).toBe(1);
  });

  it('scrolls 800 px horizontally under 500 px width and cuts text after 25 characters', () => {
    expect(tableScroll(499)).toEqual({ x: 800 });
    expect(tableScroll(500)).toBeUndefined();
    const long = '一二三四五六七八九十一二三四五六七八九十一二三四五六';
    expect(ellipsis(long)).toBe(`${long.slice(0, 25)}...`);
    expect(ellipsis(long.slice(0, 25))).toBe(long.slice(0, 25));
    expect(ellipsis(null)).toBe('');
  });
});

