/**
 * 请求追踪: the last requests this node answered, in a bounded ring buffer (the oldest goes first).
 * Only what cannot carry a secret is kept: time, method, status, duration and the route — the route's
 * pattern (`/insurance/sys/randomImage/:key`), never its parameters — with the query's keys and the
 * values of keys that are not secret-like; no header, no body, no address.
 */
import { REDACTED } from '../http/logRedaction';

export interface TraceEntry {
  /** Order of arrival on this node, 1 upwards: a stable row key and the list's sort. */
  id: number;
  /** When the answer left, epoch milliseconds. */
  time: number;
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

/** token, access_token, password, oldpassword, secret, captcha, code, checkKey, sign, signature, key, auth… */
const SECRET_KEY = /token|passw|pwd|secret|captcha|code|sign|key|auth|ticket|session|cookie|credential/i;
const MAX_PATH = 300;

/**
 * The query of a URL with the value of every secret-like key replaced by [已隐藏] (keys kept, so a
 * reader still sees what was asked); undefined when there is none.
 */
export function maskedQuery(query: string): string | undefined {
  if (query === '') return undefined;
  const parts = query.split('&').filter((part) => part !== '');
  if (parts.length === 0) return undefined;
  return parts
    .map((part) => {
      const at = part.indexOf('=');
      const rawKey = at < 0 ? part : part.slice(0, at);
      let key: string;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        key = rawKey;
      }
      if (at < 0) return rawKey;
      return SECRET_KEY.test(key) ? `${rawKey}=${REDACTED}` : part;
    })
    .join('&');
}

/**
 * What the trace keeps of a request's address: the matched route's pattern (`:key` parameters left
 * out) or, when no route matched or the route is a wildcard (the web app's files, stored files), the
 * path as sent; then the masked query.
 */
export function tracedPath(url: string, routePattern: string | undefined): string {
  const at = url.indexOf('?');
  const path = routePattern !== undefined && !routePattern.includes('*') ? routePattern : at < 0 ? url : url.slice(0, at);
  const query = at < 0 ? undefined : maskedQuery(url.slice(at + 1));
  const whole = query === undefined ? path : `${path}?${query}`;
  return whole.length > MAX_PATH ? `${whole.slice(0, MAX_PATH)}…` : whole;
}

export const DEFAULT_TRACE_CAPACITY = 500;

export class RequestTrace {
  private readonly entries: (TraceEntry | undefined)[];
  private next = 0;
  private count = 0;

  constructor(readonly capacity = DEFAULT_TRACE_CAPACITY) {
    this.entries = new Array<TraceEntry | undefined>(capacity);
  }

  record(entry: Omit<TraceEntry, 'id'>): void {
    this.count += 1;
    this.entries[this.next] = { id: this.count, ...entry };
    this.next = (this.next + 1) % this.capacity;
  }

  /** Every kept entry, newest first. */
  recent(): TraceEntry[] {
    const out: TraceEntry[] = [];
    for (let i = 1; i <= this.capacity; i += 1) {
      const entry = this.entries[(this.next - i + this.capacity) % this.capacity];
      if (entry) out.push(entry);
    }
    return out;
  }

  /** Requests recorded since start (the buffer keeps the last `capacity`). */
  get total(): number {
    return this.count;
  }
}
