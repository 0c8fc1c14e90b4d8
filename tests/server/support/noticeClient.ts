import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** A notice socket as a test sees it: what arrived, and how it ended. */
export interface NoticeClient {
  socket: WebSocket;
  /** Resolves when the handshake is done (the server may still close the socket right after). */
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  /** The next text message not yet taken; fails after `timeoutMs`. */
  next(timeoutMs?: number): Promise<string>;
  /** Messages that arrived and were not taken by `next`. */
  pending(): string[];
  close(): Promise<void>;
}

/** ws://127.0.0.1:<port> of an app listening on a real port. */
export function wsOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('应用未在 TCP 端口上监听');
  return `ws://127.0.0.1:${address.port}`;
}

export function connectNotice(url: string, protocol?: string): NoticeClient {
  const socket = new WebSocket(url, protocol ? [protocol] : undefined);
  const inbox: string[] = [];
  const waiters: Array<(text: string) => void> = [];
  socket.on('message', (data) => {
    const text = String(data);
    const waiter = waiters.shift();
    if (waiter) waiter(text);
    else inbox.push(text);
  });
  // Refusals surface as a close code; errors are only recorded so they do not fail the run.
  socket.on('error', () => undefined);
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => reject(new Error(`握手被拒绝: HTTP ${res.statusCode}`)));
  });
  opened.catch(() => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }));
  });
  return {
    socket,
    opened,
    closed,
    next(timeoutMs = 5_000) {
      const ready = inbox.shift();
      if (ready !== undefined) return Promise.resolve(ready);
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`${timeoutMs} ms 内未收到消息`));
        }, timeoutMs);
        const waiter = (text: string) => {
          clearTimeout(timer);
          resolve(text);
        };
        waiters.push(waiter);
      });
    },
    pending: () => [...inbox],
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}
