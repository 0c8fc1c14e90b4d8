import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/open';
import { TOKEN_INVALID_MESSAGE } from '../http/envelope';
import { inProcessFanOut, MAX_NOTIFY_BYTES, postgresFanOut, type FanOut } from './fanOut';
import { SocketRegistry } from './socketRegistry';

/**
 * The open sockets of every signed-in user (notice and grid), so that ending a user's sessions
 * (冻结, 修改密码 by an administrator, 删除) closes them at once on every API node instead of at
 * their next heartbeat. Ending goes through a fan-out like the notices: each node closes the
 * sockets it holds with 1008 Token失效，请重新登录.
 */
export const SESSION_END_CHANNEL = 'lossdesk_session_end';
const POLICY_VIOLATION = 1008;

export interface ClosableSocket {
  close(code: number, reason: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionSockets: SessionSockets;
  }
}

function isUserIdList(value: unknown): value is { userIds: string[] } {
  if (typeof value !== 'object' || value === null) return false;
  const { userIds } = value as { userIds?: unknown };
  return Array.isArray(userIds) && userIds.every((id) => typeof id === 'string');
}

export class SessionSockets {
  private readonly sockets = new SocketRegistry<ClosableSocket>();
  /** Listening starts with the node's first socket: a node without sockets has nothing to close. */
  private started: Promise<void> | undefined;

  constructor(
    private readonly fanOut: FanOut,
    private readonly log: FastifyBaseLogger,
  ) {}

  stop(): Promise<void> {
    return this.fanOut.stop();
  }

  /** Registers an admitted socket of a user; returns the function that removes it again. */
  add(userId: string, socket: ClosableSocket): () => void {
    this.started ??= this.fanOut.start((envelope) => this.receive(envelope)).catch((err: unknown) => {
      this.started = undefined;
      this.log.warn({ err }, '会话结束通知监听失败，下一个连接再试');
    });
    return this.sockets.add(userId, socket);
  }

  /**
   * Closes every socket of these users on every node. Their sessions must already be ended in the
   * database: a failed fan-out is logged, and the heartbeat check closes the sockets later anyway.
   */
  async end(userIds: readonly string[]): Promise<void> {
    const unique = [...new Set(userIds)];
    for (let i = 0; i < unique.length; ) {
      let batch: string[] = [];
      while (i < unique.length && JSON.stringify({ userIds: [...batch, unique[i]] }).length < MAX_NOTIFY_BYTES) batch = [...batch, unique[i++]];
      if (batch.length === 0) batch = [unique[i++]];
      try {
        await this.fanOut.send(JSON.stringify({ userIds: batch }));
      } catch (err) {
        this.log.warn({ err }, '会话结束通知推送失败');
      }
    }
  }

  private receive(raw: string): void {
    let envelope: unknown;
    try {
      envelope = JSON.parse(raw);
    } catch {
      envelope = undefined;
    }
    if (!isUserIdList(envelope)) return;
    for (const userId of envelope.userIds) {
      for (const socket of [...this.sockets.of(userId)]) socket.close(POLICY_VIOLATION, TOKEN_INVALID_MESSAGE);
    }
  }
}

export function installSessionSockets(app: FastifyInstance, database: Database): SessionSockets {
  const fanOut =
    database.kind === 'postgres'
      ? postgresFanOut(database, app.log, { channel: SESSION_END_CHANNEL, label: '会话结束', retryFirstListen: true })
      : inProcessFanOut();
  const hub = new SessionSockets(fanOut, app.log);
  app.decorate('sessionSockets', hub);
  app.addHook('onClose', () => hub.stop());
  return hub;
}
