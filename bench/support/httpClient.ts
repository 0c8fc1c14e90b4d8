import { Pool, type Dispatcher } from 'undici';

/** JeecgBoot's answer envelope, as far as the load test reads it. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result?: T;
}

export interface Answer<T = unknown> {
  /** Time from sending the request to the last byte of the answer, ms. */
  ms: number;
  /** HTTP 2xx and `success: true`. */
  ok: boolean;
  status: number;
  envelope?: Envelope<T>;
  /** Why it failed: a network error, HTTP status or the envelope's message. */
  error?: string;
}

/**
 * Keep-alive connections to the API nodes (one undici Pool per node). Requests go round-robin over
 * the nodes, each one to the next node: a user's requests land on every node, as behind a load
 * balancer without sticky sessions.
 */
export class ApiClient {
  private readonly pools: Pool[];
  private next = 0;

  constructor(
    readonly origins: readonly string[],
    connectionsPerNode: number,
  ) {
    this.pools = origins.map((origin) => new Pool(origin, { connections: connectionsPerNode, pipelining: 1, keepAliveTimeout: 60_000 }));
  }

  async call<T = unknown>(method: 'GET' | 'POST' | 'PUT', pathAndQuery: string, headers: Record<string, string>, body?: unknown): Promise<Answer<T>> {
    const pool = this.pools[this.next];
    this.next = (this.next + 1) % this.pools.length;
    const started = performance.now();
    try {
      const response = await exchange(pool, {
        method,
        path: pathAndQuery,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const ms = performance.now() - started;
      const statusOk = response.statusCode >= 200 && response.statusCode < 300;
      if (statusOk && startsAsSuccess(response.chunks)) return successAnswer<T>(ms, response.statusCode, response.chunks);
      const envelope = parseEnvelope<T>(textOf(response.chunks));
      const ok = statusOk && envelope?.success === true;
      const error = ok ? undefined : envelope?.message ? `${response.statusCode} ${envelope.message}` : `HTTP ${response.statusCode}`;
      return { ms, ok, status: response.statusCode, envelope, error };
    } catch (err) {
      return { ms: performance.now() - started, ok: false, status: 0, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((pool) => pool.close()));
  }
}

/**
 * How the server's ok() envelope begins (server/http/envelope.ts, keys in that order). An answer
 * that begins so is a success without reading the rest; any other is parsed whole to tell.
 */
const SUCCESS_PREFIX = Buffer.from('{"success":true,');

function startsAsSuccess(chunks: readonly Buffer[]): boolean {
  const head = chunks.length > 0 && chunks[0].length >= SUCCESS_PREFIX.length ? chunks[0] : Buffer.concat(chunks);
  return head.length >= SUCCESS_PREFIX.length && head.compare(SUCCESS_PREFIX, 0, SUCCESS_PREFIX.length, 0, SUCCESS_PREFIX.length) === 0;
}

function textOf(chunks: readonly Buffer[]): string {
  return (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8');
}

function parseEnvelope<T>(text: string): Envelope<T> | undefined {
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    return undefined;
  }
}

/**
 * A successful answer whose envelope is parsed only when a caller reads it (the few that need the
 * result: sign-in, ids, the lookup of an added row), and its bytes decoded only then. The load
 * generator shares the server's cores: decoding and parsing every answer — a menu is ≈ 66 kB of
 * JSON — took CPU from the server for nothing.
 */
function successAnswer<T>(ms: number, status: number, chunks: readonly Buffer[]): Answer<T> {
  let parsed: Envelope<T> | undefined;
  let read = false;
  return {
    ms,
    ok: true,
    status,
    get envelope() {
      if (!read) {
        parsed = parseEnvelope<T>(textOf(chunks));
        read = true;
      }
      return parsed;
    },
  };
}

/**
 * One request through undici's dispatcher, the answer's body gathered as it comes: the same bytes on
 * the wire as `pool.request`, without a Readable stream per answer — the load generator shares the
 * server's cores, so what it spends per request is taken from the server.
 */
function exchange(pool: Pool, options: Dispatcher.DispatchOptions): Promise<{ statusCode: number; chunks: Buffer[] }> {
  return new Promise((resolve, reject) => {
    let statusCode = 0;
    const chunks: Buffer[] = [];
    // The callback form of the handler: the Pool of this undici checks for it (onConnect …).
    pool.dispatch(options, {
      onConnect() {},
      onHeaders(status) {
        statusCode = status;
        return true;
      },
      onData(chunk) {
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        resolve({ statusCode, chunks });
      },
      onError(err) {
        reject(err);
      },
    });
  });
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let at = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (at < items.length) {
      const index = at++;
      await work(items[index], index);
    }
  });
  await Promise.all(runners);
}
