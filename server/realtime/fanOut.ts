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

/**
 * PostgreSQL shared by several API nodes: `pg_notify` on one channel, a LISTEN connection per node.
 * A broken LISTEN connection is re-opened every few seconds until it succeeds; notices published
 * meanwhile are missed, which the clients make good by reloading after their own reconnect.
 */
export function postgresFanOut(database: Database, log: FastifyBaseLogger): FanOut {
  let unlisten: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  const listen = async (deliver: (envelope: string) => void): Promise<void> => {
    unlisten = await database.listen(NOTICE_CHANNEL, deliver, (err) => {
      unlisten = undefined;
      if (stopped) return;
      log.warn({ err }, '通知推送的 LISTEN 连接已断开，稍后重连');
      scheduleRelisten(deliver);
    });
  };
  const scheduleRelisten = (deliver: (envelope: string) => void) => {
    retry = setTimeout(() => {
      retry = undefined;
      if (stopped) return;
      listen(deliver).catch((err: unknown) => {
        log.warn({ err }, '通知推送的 LISTEN 连接重连失败');
        scheduleRelisten(deliver);
      });
    }, RELISTEN_MS);
  };

  return {
    async start(deliver) {
      stopped = false;
      await listen(deliver);
    },
    async send(envelope) {
      await sql`SELECT pg_notify(${NOTICE_CHANNEL}, ${envelope})`.execute(database.db);
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
