import { discardSocket, type WebSocketLike } from '../../runtime/host/webSocketLike';
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
 * close, an error or a dead connection until `stop()`.
 */
export class NoticeSocket {
  private socket: WebSocketLike | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private reconnect: ReturnType<typeof setTimeout> | undefined;
  /** A heartbeat went out and nothing has arrived since. */
  private awaitingReply = false;
  private opened = false;
  private stopped = true;

  constructor(private readonly options: NoticeSocketOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  /** Logout or unmount: closes the socket and never reconnects. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnect);
    this.reconnect = undefined;
    this.release();
  }

  private connect(): void {
    this.reconnect = undefined;
    if (this.stopped) return;
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    let socket: WebSocketLike;
    try {
      socket = new Impl(this.options.url, [this.options.token]);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      // After a reconnect, messages sent while we were away are lost: reload once to catch up.
      if (this.opened) this.options.onReload();
      this.opened = true;
      this.awaitingReply = false;
      this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    };
    socket.onmessage = (event) => {
      this.awaitingReply = false;
      if (isReloadMessage(event.data)) this.options.onReload();
    };
    socket.onclose = () => this.drop(socket);
    socket.onerror = () => this.drop(socket);
  }

  private beat(): void {
    if (this.awaitingReply) {
      // 20 s since the last heartbeat and not a word back: the connection is dead.
      if (this.socket) this.drop(this.socket);
      return;
    }
    this.awaitingReply = true;
    this.socket?.send(HEARTBEAT);
  }

  /** Lets go of a closed, failed or dead socket and connects again in 5 s. */
  private drop(socket: WebSocketLike): void {
    if (socket !== this.socket) return;
    this.release();
    this.scheduleReconnect();
  }

  private release(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    const socket = this.socket;
    this.socket = null;
    if (socket) discardSocket(socket);
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnect !== undefined) return;
    this.reconnect = setTimeout(() => this.connect(), SOCKET_RECONNECT_MS);
  }
}
