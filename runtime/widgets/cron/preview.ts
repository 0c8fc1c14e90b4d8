/**
 * The dialog's preview (widgets.md §9): the next 10 run times of the expression, ignoring its year
 * part, as 'YYYY-MM-DD HH:mm:ss'; recomputed 500 ms after the last change. Read and shown in the
 * scheduler's zone, not the browser's: the server fires jobs on Beijing time, and a preview in another
 * zone would list times at which nothing runs.
 */
import { SCHEDULER_ZONE, cronError, formatDateTime, nextFireTimes } from '../../cron';

export const PREVIEW_COUNT = 10;
export const PREVIEW_DEBOUNCE_MS = 500;

export type Preview = { readonly times: readonly string[]; readonly error?: undefined } | { readonly times?: undefined; readonly error: string };

/** The expression without its year part (§9: the preview ignores the year). */
export function withoutYear(expression: string): string {
  return expression.trim().split(/\s+/).slice(0, 6).join(' ');
}

export function previewTimes(expression: string, now: number): Preview {
  const full = cronError(expression);
  if (full) return { error: full };
  const times = nextFireTimes(withoutYear(expression), { from: now, zone: SCHEDULER_ZONE, count: PREVIEW_COUNT });
  return { times: times.map((t) => formatDateTime(t.getTime(), SCHEDULER_ZONE)) };
}
