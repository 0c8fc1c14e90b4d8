import type { GridLiveWebSocketLike } from '../../runtime/grid';

/** Stands in for the browser's WebSocket; the test plays the server through its driver methods. */
export class FakeWebSocket implements GridLiveWebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  sent: string[] = [];
  closed = false;

  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.readyState = 3;
    this.closed = true;
  }

  serverOpens(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  serverSends(message: unknown): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  serverCloses(code = 1006): void {
    this.readyState = 3;
    this.closed = true;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  fails(): void {
    this.onerror?.(new Event('error'));
  }

  /** What the client sent, parsed. */
  messages(): unknown[] {
    return this.sent.map((text) => JSON.parse(text));
  }
}
