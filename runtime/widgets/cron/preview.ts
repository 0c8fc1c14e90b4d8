/**
 * The dialog's preview (widgets.md §9): the next 10 run times of the expression, ignoring its year
 * part, as 'YYYY-MM-DD HH:mm:ss' in the browser's zone; recomputed 500 ms after the last change.
 */
import { cronError, formatDateTime, nextFireTimes } from '../../cron';

export const PREVIEW_COUNT = 10;
export const PREVIEW_DEBOUNCE_MS = 500;

export type Preview = { readonly times: readonly string[]; readonly error?: undefined } | { readonly times?: undefined; readonly error: string };

/** The expression without its year part (§9: the preview ignores the year). */
export function withoutYear(expression: string): string {
  return expression.trim().split(/\s+/).slice(0, 6).join(' ');
}

export function previewTimes(expression: string, now: number, zone: string = Intl.DateTimeFormat().resolvedOptions().timeZone): Preview {
  const full = cronError(expression);
  if (full) return { error: full };
  const sixParts = withoutYear(expression);
  const times = nextFireTimes(sixParts, { from: now, zone, count: PREVIEW_COUNT });
  return { times: times.map((t) => formatDateTime(t.getTime(), zone)) };
}
