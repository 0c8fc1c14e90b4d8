/**
 * How a monitor page shows a value (page language `monitor`, and list columns formatted bytes or
 * duration): read from the endpoint's answer by a dotted path, then formatted. Headless, so the
 * view and the tests share it.
 */
import dayjs from 'dayjs';
import type { PageMonitorItem } from '../generated/page';
import { DATETIME_FORMAT } from '../schema/storedValues';

export type MonitorFormat = NonNullable<PageMonitorItem['format']>;

/** Shown for null or missing: the server could not measure it (its notes say why). */
export const UNAVAILABLE = '不可用';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** The value at `path` ('memory.heapUsed') in the answer; undefined when any step is missing. */
export function valueAt(answer: unknown, path: string): unknown {
  let at: unknown = answer;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

const trim = (n: number, digits: number) => Number(n.toFixed(digits)).toString();

/** 1536 → '1.5 KB', 0 → '0 B' (1024 based, three significant digits at most). */
export function formatBytes(bytes: number): string {
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${bytes < 0 ? '-' : ''}${trim(value, digits)} ${BYTE_UNITS[unit]}`;
}

/** Milliseconds: 0.42 → '0.42 ms', 850 → '850 ms', 1234 → '1.23 s', 185000 → '3 分 5 秒'. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${trim(ms, ms < 10 ? 2 : ms < 100 ? 1 : 0)} ms`;
  if (ms < 60_000) return `${trim(ms / 1000, 2)} s`;
  return formatSeconds(Math.round(ms / 1000));
}

/** A span of seconds: '45 秒', '3 分 5 秒', '4 小时 2 分', '3 天 4 小时'. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  if (days > 0) return `${days} 天 ${hours} 小时`;
  if (hours > 0) return `${hours} 小时 ${minutes} 分`;
  if (minutes > 0) return `${minutes} 分 ${seconds} 秒`;
  return `${seconds} 秒`;
}

/** Epoch milliseconds as local YYYY-MM-DD HH:mm:ss (the lists' datetime format); text is kept as it is. */
export function formatDateTime(value: unknown): string {
  if (typeof value === 'string') return value;
  const n = numberOf(value);
  return n === undefined ? String(value) : dayjs(n).format(DATETIME_FORMAT);
}

/** The text of one value; null and undefined are 不可用, a number that is not one stays as text. */
export function formatMonitorValue(value: unknown, format: MonitorFormat = 'text', suffix?: string): string {
  if (value === null || value === undefined) return UNAVAILABLE;
  const n = numberOf(value);
  let text: string;
  switch (format) {
    case 'number':
      text = n === undefined ? String(value) : n.toLocaleString('en-US', { maximumFractionDigits: 2 });
      break;
    case 'percent':
      text = n === undefined ? String(value) : `${trim(n, 2)}%`;
      break;
    case 'bytes':
      text = n === undefined ? String(value) : formatBytes(n);
      break;
    case 'duration':
      text = n === undefined ? String(value) : formatDuration(n);
      break;
    case 'seconds':
      text = n === undefined ? String(value) : formatSeconds(n);
      break;
    case 'datetime':
      text = formatDateTime(value);
      break;
    default:
      text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return suffix ? `${text} ${suffix}` : text;
}

/** A gauge's dial (monitor group `gauge`): the percentage within 0–100, one decimal; null when it is no number. */
export function gaugePercent(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return null;
  return Math.round(Math.min(100, Math.max(0, n)) * 10) / 10;
}
