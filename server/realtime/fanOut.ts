import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/open';

/**
 * How a published notice reaches every API node, each of which then delivers it to its own
 * sockets. `send` hands over one serialised envelope; every node (the sender too) gets it back
 * through the `deliver` callback given to `start`.
 */
export interface FanOut {
  start(deliver: (envelope: string) => void): Promise<void>;
  send(envelope: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A fanned-out envelope read back: the payload when it parses and passes `isEnvelope`, otherwise
 * undefined after a warning naming what kind of message was dropped (another version's node, a
 * hand-made NOTIFY): one bad payload must not take the delivery loop down.
 */
export function readEnvelope<T>(raw: string, isEnvelope: (value: unknown) => value is T, log: FastifyBaseLogger, what: string): T | undefined {
  let envelope: unknown;
  try {
    envelope = JSON.parse(raw);
  } catch {
    envelope = undefined;
  }
  if (isEnvelope(envelope)) return envelope;
  log.warn({ payload: raw.slice(0, 200) }, `收到无法识别的${what}，已忽略`);
  return undefined;
}

export const NOTICE_CHANNEL = 'lossdesk_notice';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_NOTIFY_BYTES = 7_900;
const RELISTEN_MS = 2_000;

/** Embedded PGlite: one process by construction, so publishing is delivering. */
export function inProcessFanOut(): FanOut {
  let deliver: ((envelope: string) => void) | undefined;
  return {
    async start(onEnvelope) {
      deliver = onEnvelope;
    },
    async send(envelope) {
      deliver?.(envelope);
    },
    async stop() {
      deliver = undefined;
    },
  };
}

export interface PostgresFanOutOptions {
  /** NOTIFY channel; default the notice channel. */
  channel?: string;
  /** What the log lines name ('通知推送', '表格实时同步'). */
  label?: string;
  /**
   * A first LISTEN that fails is retried like a lost one instead of failing start() — for hubs
   * started lazily by a socket, which must not fail that socket's admission.
   */
  retryFirstListen?: boolean;
}

/**
 * PostgreSQL shared by several API nodes: `pg_notify` on one channel, a LISTEN connection per node.
 * A broken LISTEN connection is re-opened every few seconds until it succeeds; notices published
 * meanwhile are missed, which the clients make good by reloading after their own reconnect.
 */
export function postgresFanOut(database: Database, log: FastifyBaseLogger, options: PostgresFanOutOptions = {}): FanOut {
  const channel = options.channel ?? NOTICE_CHANNEL;
  const label = options.label ?? '通知推送';
  let unlisten: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  const listen = async (deliver: (envelope: string) => void): Promise<void> => {
    unlisten = await database.listen(channel, deliver, (err) => {
      unlisten = undefined;
      if (stopped) return;
      log.warn({ err }, `${label}的 LISTEN 连接已断开，稍后重连`);
      scheduleRelisten(deliver);
    });
  };
  const scheduleRelisten = (deliver: (envelope: string) => void) => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (stopped) return;
      listen(deliver).catch((err: unknown) => {
        log.warn({ err }, `${label}的 LISTEN 连接重连失败`);
        scheduleRelisten(deliver);
      });
    }, RELISTEN_MS);
  };

  return {
    async start(deliver) {
      stopped = false;
      if (!options.retryFirstListen) return listen(deliver);
      try {
        await listen(deliver);
      } catch (err) {
        log.warn({ err }, `${label}的 LISTEN 连接失败，稍后重试`);
        scheduleRelisten(deliver);
      }
    },
    async send(envelope) {
      await sql`SELECT pg_notify(${channel}, ${envelope})`.execute(database.db);
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      retry = undefined;
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
