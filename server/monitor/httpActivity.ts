/**
 * HTTP 服务 (Tomcat信息's counterpart): this node's connections, WebSockets and request rate, counted
 * from the Node HTTP server's own events — nothing is estimated.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface OpenConnection {
  id: number;
  remoteAddress: string;
  openedAt: number;
  requests: number;
  /** HTTP, or WebSocket once upgraded. */
  kind: string;
}

export interface HttpActivitySnapshot {
  openConnections: number;
  webSockets: number;
  inFlight: number;
  requestsPerSecond: number;
  requestsLastMinute: number;
  totalRequests: number;
  totalConnections: number;
  /** TCP sockets the whole process holds open: HTTP, WebSockets, the database pool, listeners. */
  processSockets: number;
}

const SOCKET_RESOURCES = new Set(['TCPSocketWrap', 'TCPServerWrap', 'TLSWrap']);

/** Seconds the request rate is averaged over. */
export const RATE_WINDOW_SECONDS = 10;
const MINUTE = 60;

export class HttpActivity {
  private readonly open = new Map<Socket, OpenConnection>();
  private connectionCount = 0;
  private requestCount = 0;
  private inFlightCount = 0;
  /** Requests per second of the last minute, by second (epoch seconds % 60). */
  private readonly perSecond = new Array<number>(MINUTE).fill(0);
  private readonly stampOf = new Array<number>(MINUTE).fill(0);

  constructor(private readonly now: () => number = Date.now) {}

  attach(server: Server): void {
    server.on('connection', (socket: Socket) => {
      this.connectionCount += 1;
      this.open.set(socket, { id: this.connectionCount, remoteAddress: socket.remoteAddress ?? '', openedAt: this.now(), requests: 0, kind: 'HTTP' });
      socket.once('close', () => this.open.delete(socket));
    });
    server.on('upgrade', (request: { socket: Socket }) => {
      const connection = this.open.get(request.socket);
      if (connection) connection.kind = 'WebSocket';
    });
  }

  requestStarted(socket: Socket | undefined): void {
    this.requestCount += 1;
    this.inFlightCount += 1;
    const second = Math.floor(this.now() / 1000);
    const slot = second % MINUTE;
    if (this.stampOf[slot] !== second) {
      this.stampOf[slot] = second;
      this.perSecond[slot] = 0;
    }
    this.perSecond[slot] += 1;
    const connection = socket ? this.open.get(socket) : undefined;
    if (connection) connection.requests += 1;
  }

  requestEnded(): void {
    this.inFlightCount = Math.max(0, this.inFlightCount - 1);
  }

  private requestsWithin(seconds: number): number {
    const current = Math.floor(this.now() / 1000);
    let sum = 0;
    for (let slot = 0; slot < MINUTE; slot += 1) {
      const age = current - this.stampOf[slot];
      if (age >= 0 && age < seconds) sum += this.perSecond[slot];
    }
    return sum;
  }

  snapshot(): HttpActivitySnapshot {
    const connections = [...this.open.values()];
    return {
      openConnections: connections.length,
      webSockets: connections.filter((c) => c.kind === 'WebSocket').length,
      inFlight: this.inFlightCount,
      requestsPerSecond: Math.round((this.requestsWithin(RATE_WINDOW_SECONDS) / RATE_WINDOW_SECONDS) * 100) / 100,
      requestsLastMinute: this.requestsWithin(MINUTE),
      totalRequests: this.requestCount,
      totalConnections: this.connectionCount,
      processSockets: process.getActiveResourcesInfo().filter((name) => SOCKET_RESOURCES.has(name)).length,
    };
  }

  /** The open connections, newest first. */
  connections(): OpenConnection[] {
    return [...this.open.values()].sort((a, b) => b.id - a.id);
  }
}
