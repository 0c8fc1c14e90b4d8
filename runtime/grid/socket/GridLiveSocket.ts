import { ReconnectingSocket } from '../../host/reconnectingSocket';
import type { WebSocketLike } from '../../host/webSocketLike';
import { systemClock, type Clock } from '../clock';
import { COMMON_SEND_DATE, HEART_BEAT, liveRowChangeOf, parseGridLiveMessage, GRID_UPDATE_COMMAND, type LiveRowChange, type GridLiveMessage } from './messages';

/** Spec §9: a heartbeat every 10 s, no answer within 6 s means a dead link, reconnect after 5 s. */
export const GRID_LIVE_HEARTBEAT_INTERVAL_MS = 10_000;
export const GRID_LIVE_HEARTBEAT_TIMEOUT_MS = 6_000;
export const GRID_LIVE_RECONNECT_MS = 5_000;

const OPEN = 1;

/** The browser's WebSocket as this service uses it; it also asks whether the socket is open. */
export interface GridLiveWebSocketLike extends WebSocketLike {
  readonly readyState: number;
}

export type GridLiveWebSocketConstructor = new (url: string, protocols?: string | string[]) => GridLiveWebSocketLike;

export interface GridLiveSocketOptions {
  /** See gridLiveSocketUrl. */
  url: string;
  /** The session token, sent as the subprotocol (browsers cannot set headers on a WebSocket). */
  token: string;
  WebSocketImpl?: GridLiveWebSocketConstructor;
  clock?: Clock;
  /**
   * Told when the page joins (the server answered a heartbeat: it admitted the socket to the page,
   * so the saves of others reach it) and leaves again (the link is let go).
   */
  onJoinedChange?: (joined: boolean) => void;
}

export type TableUpdateHandler = (row: Record<string, unknown>, senderId: unknown, change: LiveRowChange) => void;
export type CommonHandler = (...args: unknown[]) => void;

function bind<H>(map: Map<string, Set<H>>, key: string, handler: H): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(handler);
  const own = set;
  return () => {
    own.delete(handler);
    if (own.size === 0 && map.get(key) === own) map.delete(key);
  };
}

/**
 * The live grid socket of one page (spec §4, §7). Grids bind by socketKey and receive the row
 * changes other clients send; they send theirs with sendUpdateRow. Keeps the link alive with a
 * heartbeat (sent on open, then 10 s after each answer), treats 6 s without an answer as a dead
 * link, and reconnects 5 s after a dead link, an error or a close — silently (spec §8), until
 * dispose (runtime/host/reconnectingSocket). Messages sent while disconnected are dropped: the live merge is a courtesy, the saved
 * data is what the next load shows.
 */
export class GridLiveSocket {
  private readonly link: ReconnectingSocket<GridLiveWebSocketLike>;
  private heartbeatTimer: unknown;
  private answerTimer: unknown;
  private readonly tables = new Map<string, Set<TableUpdateHandler>>();
  private readonly commons = new Map<string, Set<CommonHandler>>();
  private readonly clock: Clock;
  private joined = false;

  constructor(private readonly options: GridLiveSocketOptions) {
    this.clock = options.clock ?? systemClock;
    this.link = new ReconnectingSocket({
      url: options.url,
      token: options.token,
      reconnectMs: GRID_LIVE_RECONNECT_MS,
      WebSocketImpl: options.WebSocketImpl,
      timers: this.clock,
      onOpen: () => this.beat(),
      onMessage: (data) => this.receive(data),
      onRelease: () => {
        this.clock.clearTimeout(this.heartbeatTimer);
        this.clock.clearTimeout(this.answerTimer);
        this.heartbeatTimer = undefined;
        this.answerTimer = undefined;
        this.setJoined(false);
      },
    });
  }

  start(): void {
    this.link.start();
  }

  /** The page closes: no more heartbeats, no reconnect. */
  dispose(): void {
    this.link.stop();
  }

  get connected(): boolean {
    return this.link.current?.readyState === OPEN;
  }

  /** Row changes for the grid `socketKey` (args [row, senderId, change]). */
  bindTable(socketKey: string, handler: TableUpdateHandler): () => void {
    return bind(this.tables, socketKey, handler);
  }

  bindCommon(key: string, handler: CommonHandler): () => void {
    return bind(this.commons, key, handler);
  }

  sendCommon(key: string, args: unknown[]): boolean {
    return this.send({ type: COMMON_SEND_DATE, data: { key, args } });
  }

  private send(message: GridLiveMessage): boolean {
    const socket = this.link.current;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  private beat(): void {
    this.heartbeatTimer = undefined;
    if (!this.send({ type: HEART_BEAT, data: '' })) return;
    this.clock.clearTimeout(this.answerTimer);
    this.answerTimer = this.clock.setTimeout(() => {
      // 6 s and no answer: the server or the network is gone without telling us.
      this.link.dropCurrent();
    }, GRID_LIVE_HEARTBEAT_TIMEOUT_MS);
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    const message = parseGridLiveMessage(data);
    if (!message) return;
    if (message.type === HEART_BEAT) {
      this.clock.clearTimeout(this.answerTimer);
      this.answerTimer = undefined;
      // The server answers heartbeats only once it has admitted the socket to the page.
      this.setJoined(true);
      if (this.heartbeatTimer === undefined) {
        this.heartbeatTimer = this.clock.setTimeout(() => this.beat(), GRID_LIVE_HEARTBEAT_INTERVAL_MS);
      }
      return;
    }
    if (message.type === GRID_UPDATE_COMMAND) {
      const [row, senderId, change] = message.data.args;
      if (typeof row !== 'object' || row === null || Array.isArray(row)) return;
      for (const handler of [...(this.tables.get(message.data.socketKey) ?? [])]) {
        this.call(() => handler(row as Record<string, unknown>, senderId, liveRowChangeOf(change)));
      }
      return;
    }
    for (const handler of [...(this.commons.get(message.data.key) ?? [])]) {
      this.call(() => handler(...message.data.args));
    }
  }

  private setJoined(joined: boolean): void {
    if (this.joined === joined) return;
    this.joined = joined;
    this.call(() => this.options.onJoinedChange?.(joined));
  }

  /** A failing handler must not stop the others or the socket. */
  private call(run: () => void): void {
    try {
      run();
    } catch {
      // Silent by design (spec §8): the grid simply does not show that live change.
    }
  }
}
