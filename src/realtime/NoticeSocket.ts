import { ReconnectingSocket } from '../../runtime/host/reconnectingSocket';
import type { WebSocketLike } from '../../runtime/host/webSocketLike';
import { SOCKET_RECONNECT_MS } from '../config';

/** The client's keep-alive text; the server answers with the same text. */
export const HEARTBEAT = 'HeartBeat';
/** Spec §7: heartbeat every 20 s, and 20 s without an answer means the connection is dead. */
export const HEARTBEAT_MS = 20_000;

export type { WebSocketLike };

export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

export interface NoticeSocketOptions {
  url: string;
  /** The session token, sent as the subprotocol: browsers cannot set headers on a WebSocket. */
  token: string;
  /** The notice list changed ('topic' or 'user' message), or messages may have been missed. */
  onReload(): void;
  WebSocketImpl?: WebSocketConstructor;
}

function isReloadMessage(data: unknown): boolean {
  if (typeof data !== 'string' || data === HEARTBEAT) return false;
  try {
    const message: unknown = JSON.parse(data);
    if (typeof message !== 'object' || message === null) return false;
    const { cmd } = message as { cmd?: unknown };
    return cmd === 'topic' || cmd === 'user';
  } catch {
    return false;
  }
}

/**
 * The signed-in user's notification socket (spec §4 "Notices", §7): reloads the notice list on
 * 'topic'/'user' messages, keeps the connection alive with heartbeats, and reconnects 5 s after a
 * close, an error or a dead connection until `stop()` (runtime/host/reconnectingSocket).
 */
export class NoticeSocket {
  private readonly link: ReconnectingSocket;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  /** A heartbeat went out and nothing has arrived since. */
  private awaitingReply = false;

  constructor(options: NoticeSocketOptions) {
    this.link = new ReconnectingSocket({
      url: options.url,
      token: options.token,
      reconnectMs: SOCKET_RECONNECT_MS,
      WebSocketImpl: options.WebSocketImpl,
      onOpen: (reopened) => {
        // After a reconnect, messages sent while we were away are lost: reload once to catch up.
        if (reopened) options.onReload();
        this.awaitingReply = false;
        this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
      },
      onMessage: (data) => {
        this.awaitingReply = false;
        if (isReloadMessage(data)) options.onReload();
      },
      onRelease: () => {
        clearInterval(this.heartbeat);
        this.heartbeat = undefined;
      },
    });
  }

  start(): void {
    this.link.start();
  }

  /** Logout or unmount: closes the socket and never reconnects. */
  stop(): void {
    this.link.stop();
  }

  private beat(): void {
    if (this.awaitingReply) {
      // 20 s since the last heartbeat and not a word back: the connection is dead.
      this.link.dropCurrent();
      return;
    }
    this.awaitingReply = true;
    this.link.current?.send(HEARTBEAT);
  }
}
