/**
 * Wall-clock time in an IANA zone through Intl only (no time-zone library). Java's Calendar — which
 * Quartz computes with — resolves a wall time that a DST change skips with the offset before the change
 * (02:30 becomes 03:30) and one that occurs twice with the standard (smaller) offset; resolveWall does
 * the same so the evaluator can tell, like Quartz, that a skipped wall time is not a fire time.
 */

export interface WallTime {
  readonly year: number;
  readonly month: number; // 1..12
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** True when Intl knows the zone. */
export function isValidZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall time of an instant (ms) in the zone. */
export function wallOf(instant: number, zone: string): WallTime {
  const parts = formatter(zone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const era = parts.find((p) => p.type === 'era')?.value;
  const y = get('year');
  return {
    year: era === 'BC' || era === 'B' ? 1 - y : y,
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

const wallAsUtc = (w: WallTime): number => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** Offset (ms, east positive) of the zone at an instant, whole seconds. */
export function offsetAt(instant: number, zone: string): number {
  const t = Math.floor(instant / 1000) * 1000;
  return wallAsUtc(wallOf(t, zone)) - t;
}

const DAY = 86_400_000;

/** The instant Java's Calendar gives a wall time in the zone (see the module comment). */
export function resolveWall(w: WallTime, zone: string): number {
  const local = wallAsUtc(w);
  const before = offsetAt(local - DAY, zone);
  const after = offsetAt(local + DAY, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => ({ offset, instant: local - offset }))
    .filter((c) => offsetAt(c.instant, zone) === c.offset);
  if (candidates.length === 0) {
    // in a gap: neither offset holds — Java applies the offset in force before the change
    return local - before;
  }
  // twice (or once): the smallest offset is the standard-time reading, the later instant
  candidates.sort((a, b) => a.offset - b.offset);
  return candidates[0].instant;
}

export function sameWall(a: WallTime, b: WallTime): boolean {
  return (
    a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute && a.second === b.second
  );
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/** ISO-8601 with the zone's offset, seconds precision: 2026-01-15T10:20:31+08:00. */
export function formatInZone(instant: number, zone: string): string {
  const w = wallOf(instant, zone);
  const offsetMin = Math.round(offsetAt(instant, zone) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const off = `${sign}${pad(Math.floor(Math.abs(offsetMin) / 60))}:${pad(Math.abs(offsetMin) % 60)}`;
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${off}`;
}

/** 'YYYY-MM-DD HH:mm:ss' in the zone (the preview's datetime format). */
export function formatDateTime(instant: number, zone: string): string {
  const w = wallOf(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}
