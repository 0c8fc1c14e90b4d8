import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT, HEARTBEAT_MS, NoticeSocket } from '../../../../src/realtime/NoticeSocket';
import { FakeWebSocket } from '../../../support/fakeWebSocket';

const URL = 'ws://localhost/insurance/websocket/u1';
const sockets = () => FakeWebSocket.instances;
const latest = () => sockets()[sockets().length - 1];

describe('NoticeSocket', () => {
  let onReload: ReturnType<typeof vi.fn<() => void>>;
  let client: NoticeSocket;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
    onReload = vi.fn<() => void>();
    client = new NoticeSocket({ url: URL, token: 'tok-123', onReload, WebSocketImpl: FakeWebSocket });
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('connects to the user socket with the token as protocol', () => {
    client.start();
    expect(sockets()).toHaveLength(1);
    expect(latest().url).toBe(URL);
    expect(latest().protocols).toEqual(['tok-123']);
  });

  it('sends HeartBeat every 20 s while the server answers', () => {
    client.start();
    const socket = latest();
    socket.serverOpens();
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual([HEARTBEAT]);
    socket.serverSends(HEARTBEAT);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(socket.sent).toEqual([HEARTBEAT, HEARTBEAT]);
    socket.serverSends(HEARTBEAT);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(socket.sent).toEqual([HEARTBEAT, HEARTBEAT, HEARTBEAT]);
    expect(socket.closed).toBe(false);
    expect(onReload).not.toHaveBeenCalled();
  });

  it('treats 20 s without an answer as a dead connection, closes it and reconnects 5 s later', () => {
    client.start();
    const socket = latest();
    socket.serverOpens();
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(socket.sent).toEqual([HEARTBEAT]);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(socket.closed).toBe(true);
    expect(sockets()).toHaveLength(1);
    vi.advanceTimersByTime(5_000);
    expect(sockets()).toHaveLength(2);
  });

  it('reconnects 5 s after the server closes the socket, and reloads once to catch up', () => {
    client.start();
    latest().serverOpens();
    latest().serverCloses();
    vi.advanceTimersByTime(4_999);
    expect(sockets()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(2);
    expect(onReload).not.toHaveBeenCalled();
    latest().serverOpens();
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('reconnects 5 s after an error, once even when the close follows the error', () => {
    client.start();
    const first = latest();
    first.fails();
    expect(first.closed).toBe(true);
    first.serverCloses();
    vi.advanceTimersByTime(5_000);
    expect(sockets()).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(sockets()).toHaveLength(2);
  });

  it('keeps trying every 5 s while the server is unreachable', () => {
    client.start();
    for (let attempt = 2; attempt <= 4; attempt++) {
      latest().fails();
      vi.advanceTimersByTime(5_000);
      expect(sockets()).toHaveLength(attempt);
    }
  });

  it("reloads the notices on a 'topic' or 'user' message", () => {
    client.start();
    latest().serverOpens();
    latest().serverSends(JSON.stringify({ cmd: 'topic', msgId: 'a1', msgTxt: '全员通知' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    latest().serverSends(JSON.stringify({ cmd: 'user', msgId: 'a2', msgTxt: '' }));
    expect(onReload).toHaveBeenCalledTimes(2);
  });

  it('ignores other commands, heartbeats and text that is not JSON', () => {
    client.start();
    latest().serverOpens();
    latest().serverSends(JSON.stringify({ cmd: 'linkage', msgId: 'x' }));
    latest().serverSends(HEARTBEAT);
    latest().serverSends('not json');
    latest().serverSends('null');
    expect(onReload).not.toHaveBeenCalled();
  });

  it('stops for good: closes the socket, no heartbeat, no reconnect', () => {
    client.start();
    const socket = latest();
    socket.serverOpens();
    client.stop();
    expect(socket.closed).toBe(true);
    socket.serverCloses();
    vi.advanceTimersByTime(120_000);
    expect(socket.sent).toEqual([]);
    expect(sockets()).toHaveLength(1);
  });

  it('cancels a pending reconnect when stopped', () => {
    client.start();
    latest().serverCloses();
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets()).toHaveLength(1);
  });
});
