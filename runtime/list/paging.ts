/** Paging arithmetic and the table's view constants as pure functions. */
import { LIST_COUNT_LIMIT } from '../contract/listQuery';
import { ELLIPSIS_LENGTH, NARROW_SCREEN_PX, NARROW_SCROLL_X } from './constants';

/**
 * The pagination's total text 'a-b 共N条' (spec §9). Arguments in antd's `showTotal(total, range)`
 * order so the view passes it straight to the Pagination. When the server stopped counting
 * (`exact` false: more than LIST_COUNT_LIMIT rows match) it says so instead of a made-up number.
 */
export function totalText(total: number, range: readonly [number, number], exact = true): string {
  if (!exact) return `${range[0]}-${range[1]} 共 超过${LIST_COUNT_LIMIT} 条`;
  return `${range[0]}-${range[1]} 共${total}条`;
}

export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/**
 * JeecgListMixin.reCalculatePage: after `removed` rows are deleted, a page that no longer exists
 * becomes the new last page (deleting the last row of the last page goes back one page). Unlike
 * the Vue client it never yields page 0 when everything is gone.
 */
export function recalculatePage(page: number, pageSize: number, total: number, removed: number): number {
  return Math.min(page, lastPage(total - removed, pageSize));
}

/** Horizontal scroll of the table: 800 px under a 500 px wide viewport, none otherwise. */
export function tableScroll(viewportWidth: number): { x: number } | undefined {
  return viewportWidth < NARROW_SCREEN_PX ? { x: NARROW_SCROLL_X } : undefined;
}

/**
 * Text longer than `max` characters (code points, so a CJK or emoji text is never split inside a
 * character) is cut to `max` followed by '...'; 0 never cuts.
 */
export function cutText(text: string, max: number): { shown: string; cut: boolean } {
  const chars = Array.from(text);
  if (max <= 0 || chars.length <= max) return { shown: text, cut: false };
  return { shown: `${chars.slice(0, max).join('')}...`, cut: true };
}

/** JeecgBoot's ellipsis filter (spec §9, default 25 characters). */
export function ellipsis(text: string | null | undefined, length: number = ELLIPSIS_LENGTH): string {
  return text ? cutText(text, length).shown : '';
}
