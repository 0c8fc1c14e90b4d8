import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReconnectingSocket } from '../../../../runtime/host/reconnectingSocket';
import { FakeWebSocket } from '../../../support/fakeWebSocket';

// The loop both live sockets (notices, live grid) stand on; their own tests cover their heartbeats.
const URL = 'ws://localhost/insurance/websocket/u1';
const latest = () => FakeWebSocket.instances[FakeWebSocket.instances.length - 1];

describe('ReconnectingSocket', () => {
  const events: string[] = [];
  let link: ReconnectingSocket<FakeWebSocket>;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
    events.length = 0;
    link = new ReconnectingSocket({
      url: URL,
      token: 'tok-1',
      reconnectMs: 5_000,
      WebSocketImpl: FakeWebSocket,
      onOpen: (reopened) => events.push(reopened ? 'reopened' : 'opened'),
      onMessage: (data) => events.push(`message ${String(data)}`),
      onRelease: () => events.push('released'),
    });
  });
  afterEach(() => {
    link.stop();
    vi.useRealTimers();
  });

  it('opens with the token as protocol, hands messages on, and reconnects 5 s after a close, telling the client it reopened', () => {
    link.start();
    expect(latest().protocols).toEqual(['tok-1']);
    latest().serverOpens();
    latest().serverSends('hello');
    const first = latest();
    first.serverCloses();
    expect(link.current).toBeNull();
    vi.advanceTimersByTime(4_999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    latest().serverOpens();
    expect(events).toEqual(['opened', 'message hello', 'released', 'reopened']);
  });

  it('a dead link the client drops is closed and replaced; a late event of the old socket changes nothing', () => {
    link.start();
    const first = latest();
    first.serverOpens();
    link.dropCurrent();
    expect(first.onmessage).toBeNull();
    vi.advanceTimersByTime(5_000);
    expect(link.current).toBe(latest());
    expect(latest()).not.toBe(first);
  });

  it('after stop() it never reconnects', () => {
    link.start();
    latest().serverOpens();
    link.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(events.at(-1)).toBe('released');
  });
});
