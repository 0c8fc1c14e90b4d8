/**
 * A list's first request sent before its controller exists. The page's route knows that request as
 * soon as the page document has compiled — long before the list has rendered and its controller
 * loads — so it sends it then (see runtime/views/list/firstRequest.ts), and the controller takes
 * the answer on its way instead of asking again. An answer is taken once, only for exactly the same
 * URL and parameters through the same request layer, and only while it is fresh; otherwise the
 * controller asks as it always did.
 */
import type { Envelope, HostRequest, RequestParams } from '../host/types';

/** A prefetched answer not taken within this time is dropped (the page never mounted its list). */
export const LIST_PREFETCH_TTL_MS = 10_000;

type ListRequest = Pick<HostRequest, 'get'>;

interface Prefetched {
  answer: Promise<Envelope<unknown>>;
  /** Settles (never rejects) once the answer is in, whatever it says. */
  settled: Promise<void>;
  at: number;
  /** The answer, once it has arrived (a failed request leaves it unset). */
  arrived?: Envelope<unknown>;
}

/** Per request layer (the web app has one; tests their own), keyed by URL + parameters. */
const stores = new WeakMap<ListRequest, Map<string, Prefetched>>();

function storeOf(request: ListRequest, now: number): Map<string, Prefetched> {
  let store = stores.get(request);
  if (!store) {
    store = new Map();
    stores.set(request, store);
  }
  for (const [key, entry] of store) if (now - entry.at > LIST_PREFETCH_TTL_MS) store.delete(key);
  return store;
}

/** The same request whatever the order its parameters were written in. */
export function listRequestKey(url: string, params: RequestParams): string {
  const entries = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, String(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([url, entries]);
}

/**
 * Sends the list request now, unless the very same one is already on its way. Resolves (never
 * rejects) once its answer is in, whatever it says: a menu click may wait for it, so that the page
 * renders once, with its rows (src/layouts/BasicLayout/SideMenu.tsx).
 */
export function prefetchList(request: ListRequest, url: string, params: RequestParams, now: number = Date.now()): Promise<void> {
  const store = storeOf(request, now);
  const key = listRequestKey(url, params);
  const sent = store.get(key);
  if (sent) return sent.settled;
  const answer = request.get<unknown>(url, params);
  // Not taken, a failure has nobody to tell; taken, the controller reports it as its own.
  const settled = answer.then((envelope) => void (entry.arrived = envelope), () => undefined);
  const entry: Prefetched = { answer, settled, at: now };
  store.set(key, entry);
  return settled;
}

/** The prefetched answer to exactly this request, once; undefined when there is none (fresh). */
export function takePrefetchedList<T>(request: ListRequest, url: string, params: RequestParams, now: number = Date.now()): Promise<Envelope<T>> | undefined {
  const store = storeOf(request, now);
  const key = listRequestKey(url, params);
  const entry = store.get(key);
  if (!entry) return undefined;
  store.delete(key);
  return entry.answer as Promise<Envelope<T>>;
}

/**
 * The prefetched answer to exactly this request when it has already arrived and succeeded, taken
 * (once) at once — so a list created after its answer came starts with the rows, without a render
 * of an empty table first. Undefined while it is on its way or when it failed: those stay for
 * takePrefetchedList, whose caller waits for it and reports a failure as always; so does an answer
 * `usable` turns down.
 */
export function takeArrivedList<T>(
  request: ListRequest,
  url: string,
  params: RequestParams,
  usable: (answer: Envelope<T>) => boolean = () => true,
  now: number = Date.now(),
): Envelope<T> | undefined {
  const store = storeOf(request, now);
  const key = listRequestKey(url, params);
  const arrived = store.get(key)?.arrived as Envelope<T> | undefined;
  if (!arrived?.success || !usable(arrived)) return undefined;
  store.delete(key);
  return arrived;
}
