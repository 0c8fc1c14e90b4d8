/**
 * The one connect-and-reconnect loop of the live sockets (the notice socket of the web app and the
 * live grid socket): opens the socket with the session token as the subprotocol (browsers cannot
 * set headers on a WebSocket), lets go of a closed, failed or dead socket and opens a new one after
 * `reconnectMs`, until `stop()`. What goes over the link — heartbeats, messages — is the client's.
 */
import { discardSocket, type WebSocketLike } from './webSocketLike';

/** The timers the loop uses; tests pass their own or use fake timers with the global ones. */
export interface SocketTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: SocketTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type SocketConstructor<S extends WebSocketLike> = new (url: string, protocols?: string | string[]) => S;

export interface ReconnectingSocketOptions<S extends WebSocketLike> {
  url: string;
  /** The session token, sent as the subprotocol. */
  token: string;
  reconnectMs: number;
  /** The browser's WebSocket when not given. */
  WebSocketImpl?: SocketConstructor<S>;
  timers?: SocketTimers;
  /** A socket opened; `reopened` when it replaces one that had opened before (messages may have been missed). */
  onOpen(reopened: boolean): void;
  onMessage(data: unknown): void;
  /** The current socket is being let go (closed, failed, dead or stopped): stop what runs over it. */
  onRelease(): void;
}

export class ReconnectingSocket<S extends WebSocketLike = WebSocketLike> {
  private socket: S | null = null;
  private reconnectTimer: unknown;
  private stopped = true;
  private opened = false;
  private readonly timers: SocketTimers;

  constructor(private readonly options: ReconnectingSocketOptions<S>) {
    this.timers = options.timers ?? globalTimers;
  }

  /** The socket of the current attempt, or null between attempts. */
  get current(): S | null {
    return this.socket;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  /** Closes the socket and never reconnects. */
  stop(): void {
    this.stopped = true;
    this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.release();
  }

  /** The client found the link dead (no answer to its heartbeat): let it go and reconnect later. */
  dropCurrent(): void {
    if (this.socket) this.drop(this.socket);
  }

  private connect(): void {
    this.reconnectTimer = undefined;
    if (this.stopped) return;
    const Impl = this.options.WebSocketImpl ?? (WebSocket as unknown as SocketConstructor<S>);
    let socket: S;
    try {
      socket = new Impl(this.options.url, [this.options.token]);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const reopened = this.opened;
      this.opened = true;
      this.options.onOpen(reopened);
    };
    socket.onmessage = (event) => this.options.onMessage(event.data);
    socket.onclose = () => this.drop(socket);
    socket.onerror = () => this.drop(socket);
  }

  private drop(socket: S): void {
    if (socket !== this.socket) return;
    this.release();
    this.scheduleReconnect();
  }

  private release(): void {
    this.options.onRelease();
    const socket = this.socket;
    this.socket = null;
    if (socket) discardSocket(socket);
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer !== undefined) return;
    this.reconnectTimer = this.timers.setTimeout(() => this.connect(), this.options.reconnectMs);
  }
}
