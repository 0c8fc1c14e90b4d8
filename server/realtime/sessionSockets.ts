/**
 * Every socket (notice and grid) by the session it was admitted for, so that ending a session —
 * 强退 in 在线用户 — closes its sockets at once instead of at their next heartbeat. The end goes
 * through a fan-out, so every API node closes the sockets it holds (on PostgreSQL a NOTIFY channel
 * of its own; the embedded database is one process).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/open';
import { TOKEN_INVALID_MESSAGE } from '../http/envelope';
import { inProcessFanOut, postgresFanOut, type FanOut } from './fanOut';
import { SocketRegistry } from './socketRegistry';
import { POLICY_VIOLATION } from './socketSession';

export const SESSION_END_CHANNEL = 'lossdesk_session_end';
const HASH = /^[0-9a-f]{64}$/;

/** The part of a socket this hub needs. */
export interface ClosableSocket {
  close(code?: number, reason?: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionSockets: SessionSockets;
  }
}

export class SessionSockets {
  private readonly sockets = new SocketRegistry<ClosableSocket>();

  constructor(
    private readonly fanOut: FanOut,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Registers an admitted socket under its session's token hash; returns its removal. */
  add(tokenHash: string, socket: ClosableSocket): () => void {
    return this.sockets.add(tokenHash, socket);
  }

  async start(): Promise<void> {
    await this.fanOut.start((envelope) => this.closeLocal(envelope));
  }

  async stop(): Promise<void> {
    await this.fanOut.stop();
  }

  /** Closes the sockets of an ended session on every node (1008 Token失效, as a refused socket). */
  async endSession(tokenHash: string): Promise<void> {
    this.closeLocal(tokenHash);
    try {
      await this.fanOut.send(tokenHash);
    } catch (err) {
      // The other nodes still close them at the next heartbeat, which checks the session.
      this.log.warn({ err }, '会话结束通知发送失败，其他节点的连接将在下次心跳时关闭');
    }
  }

  private closeLocal(tokenHash: string): void {
    if (!HASH.test(tokenHash)) return;
    for (const socket of [...this.sockets.of(tokenHash)]) socket.close(POLICY_VIOLATION, TOKEN_INVALID_MESSAGE);
  }
}

export function installSessionSockets(app: FastifyInstance, database: Database): SessionSockets {
  const fanOut =
    database.kind === 'postgres'
      ? postgresFanOut(database, app.log, { channel: SESSION_END_CHANNEL, label: '会话结束通知' })
      : inProcessFanOut();
  const hub = new SessionSockets(fanOut, app.log);
  app.decorate('sessionSockets', hub);
  app.addHook('onReady', () => hub.start());
  app.addHook('onClose', () => hub.stop());
  return hub;
}
