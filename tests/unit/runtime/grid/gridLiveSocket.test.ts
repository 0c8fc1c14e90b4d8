import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createGrid,
  linkGridToSocket,
  parseGridLiveMessage,
  GRID_LIVE_HEARTBEAT_INTERVAL_MS,
  GRID_LIVE_HEARTBEAT_TIMEOUT_MS,
  GRID_LIVE_RECONNECT_MS,
  GridLiveSocket,
  gridLiveSocketUrl,
} from '../../../../runtime/grid';
import { FakeWebSocket } from '../../../support/fakeWebSocket';

const URL = 'ws://localhost/insurance/vxeSocket/u1/maintenance.expert';
const HEART_BEAT_OUT = { type: 'heart_beat', data: '' };
const HEART_BEAT_ANSWER = { type: 'heart_beat', data: true };
const sockets = () => FakeWebSocket.instances;
const latest = () => sockets()[sockets().length - 1];

describe('GridLiveSocket (the live grid socket client)', () => {
  let client: GridLiveSocket;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
    client = new GridLiveSocket({ url: URL, token: 'tok-1', WebSocketImpl: FakeWebSocket });
  });
  afterEach(() => {
    client.dispose();
    vi.useRealTimers();
  });

  it('connects with the token as protocol and sends a heartbeat on open', () => {
    client.start();
    expect(latest().url).toBe(URL);
    expect(latest().protocols).toEqual(['tok-1']);
    latest().serverOpens();
    expect(latest().messages()).toEqual([HEART_BEAT_OUT]);
    expect(client.connected).toBe(true);
  });

  it('sends the next heartbeat 10 s after each answer', () => {
    client.start();
    const socket = latest();
    socket.serverOpens();
    socket.serverSends(HEART_BEAT_ANSWER);
    vi.advanceTimersByTime(GRID_LIVE_HEARTBEAT_INTERVAL_MS - 1);
    expect(socket.sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toHaveLength(2);
    // A minute of answered heartbeats: one every 10 s, and the link stays.
    for (let beat = 3; beat <= 8; beat++) {
      socket.serverSends(HEART_BEAT_ANSWER);
      vi.advanceTimersByTime(GRID_LIVE_HEARTBEAT_INTERVAL_MS);
      expect(socket.sent).toHaveLength(beat);
    }
    expect(socket.messages().every((m) => JSON.stringify(m) === JSON.stringify(HEART_BEAT_OUT))).toBe(true);
    expect(sockets()).toHaveLength(1);
  });

  it('says it joined the page at the first heartbeat answer (not at open), and left when the link goes', () => {
    const said: boolean[] = [];
    const told = new GridLiveSocket({ url: URL, token: 'tok-1', WebSocketImpl: FakeWebSocket, onJoinedChange: (joined) => said.push(joined) });
    try {
      told.start();
      const first = latest();
      first.serverOpens();
      // Open, but the server admits the socket to the page only before it answers a heartbeat.
      expect(said).toEqual([]);
      first.serverSends(HEART_BEAT_ANSWER);
      first.serverSends(HEART_BEAT_ANSWER);
      expect(said).toEqual([true]);
      // No answer within 6 s: the link is let go, and so is the page, until the next link answers.
      vi.advanceTimersByTime(GRID_LIVE_HEARTBEAT_INTERVAL_MS + GRID_LIVE_HEARTBEAT_TIMEOUT_MS);
      expect(said).toEqual([true, false]);
      vi.advanceTimersByTime(GRID_LIVE_RECONNECT_MS);
      latest().serverOpens();
      latest().serverSends(HEART_BEAT_ANSWER);
      expect(said).toEqual([true, false, true]);
    } finally {
      told.dispose();
    }
    expect(said).toEqual([true, false, true, false]);
  });

  it('treats 6 s without an answer as a dead link and reconnects 5 s later', () => {
    client.start();
    const first = latest();
    first.serverOpens();
    vi.advanceTimersByTime(GRID_LIVE_HEARTBEAT_TIMEOUT_MS - 1);
    expect(first.readyState).toBe(1);
    vi.advanceTimersByTime(1);
    expect(first.readyState).toBe(3);
    vi.advanceTimersByTime(GRID_LIVE_RECONNECT_MS - 1);
    expect(sockets()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(2);
  });

  it('reconnects 5 s after a close, and once only when an error and a close both arrive', () => {
    client.start();
    latest().serverOpens();
    latest().serverCloses();
    vi.advanceTimersByTime(GRID_LIVE_RECONNECT_MS);
    expect(sockets()).toHaveLength(2);
    latest().fails();
    latest().serverCloses();
    vi.advanceTimersByTime(GRID_LIVE_RECONNECT_MS);
    expect(sockets()).toHaveLength(3);
    vi.advanceTimersByTime(60_000);
    expect(sockets()).toHaveLength(3);
  });

  it('stays silent on errors: nothing thrown, nothing logged', () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    client.start();
    latest().fails();
    latest().serverSends('not json');
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('keeps trying while the constructor throws (server unreachable)', () => {
    let attempts = 0;
    class Refusing extends FakeWebSocket {
      constructor(url: string) {
        super(url);
        attempts += 1;
        throw new Error('refused');
      }
    }
    const refused = new GridLiveSocket({ url: URL, token: 't', WebSocketImpl: Refusing });
    refused.start();
    vi.advanceTimersByTime(GRID_LIVE_RECONNECT_MS * 3);
    expect(attempts).toBe(4);
    refused.dispose();
  });

  it('stops on dispose: closes, no heartbeat, no reconnect', () => {
    client.start();
    const socket = latest();
    socket.serverOpens();
    client.dispose();
    expect(socket.readyState).toBe(3);
    vi.advanceTimersByTime(120_000);
    expect(socket.sent).toHaveLength(1);
    expect(sockets()).toHaveLength(1);
  });

  it('hands row changes to the grids bound to their socketKey and common data to its key', () => {
    client.start();
    latest().serverOpens();
    const onTable = vi.fn();
    const onOther = vi.fn();
    const onCommon = vi.fn();
    const unbind = client.bindTable('expertGrid', onTable);
    client.bindTable('otherGrid', onOther);
    client.bindCommon('reload', onCommon);
    latest().serverSends({ type: 'update_vxe_table', data: { socketKey: 'expertGrid', args: [{ id: 'e1' }, 'sender'] } });
    latest().serverSends({ type: 'common_send_date', data: { key: 'reload', args: [1, 2] } });
    latest().serverSends({ type: 'update_vxe_table', data: { socketKey: 'expertGrid', args: ['not a row'] } });
    expect(onTable).toHaveBeenCalledWith({ id: 'e1' }, 'sender', 'update');
    expect(onTable).toHaveBeenCalledTimes(1);
    expect(onOther).not.toHaveBeenCalled();
    expect(onCommon).toHaveBeenCalledWith(1, 2);
    unbind();
    latest().serverSends({ type: 'update_vxe_table', data: { socketKey: 'expertGrid', args: [{ id: 'e1' }, 's'] } });
    expect(onTable).toHaveBeenCalledTimes(1);
  });

  it('sends common data only while connected', () => {
    expect(client.sendCommon('k', ['a'])).toBe(false);
    client.start();
    latest().serverOpens();
    expect(client.sendCommon('k', ['a'])).toBe(true);
    expect(latest().messages().slice(1)).toEqual([{ type: 'common_send_date', data: { key: 'k', args: ['a'] } }]);
  });

  it('links a grid: other clients’ saved changes merge in, its own echo does not', () => {
    const grid = createGrid({ columns: [{ key: 'name' }] });
    grid.load([{ id: 'r1', name: '甲' }]);
    client.start();
    latest().serverOpens();
    const link = linkGridToSocket(grid, client, 'expertGrid');
    latest().serverSends({ type: 'update_vxe_table', data: { socketKey: 'expertGrid', args: [{ id: 'r1', name: '乙' }, 'other'] } });
    expect(grid.store.getRow('r1')?.values.name).toBe('乙');
    latest().serverSends({ type: 'update_vxe_table', data: { socketKey: 'expertGrid', args: [{ id: 'r1', name: '丙' }, grid.senderId] } });
    expect(grid.store.getRow('r1')?.values.name).toBe('乙');

    // Saved new and deleted rows of another client (the third argument).
    latest().serverSends({ type: 'update_vxe_table', data: { socketKey: 'expertGrid', args: [{ id: 'r2', name: '新' }, 'other', 'add'] } });
    expect(grid.store.getRow('r2')?.values.name).toBe('新');
    latest().serverSends({ type: 'update_vxe_table', data: { socketKey: 'expertGrid', args: [{ id: 'r2' }, 'other', 'remove'] } });
    expect(grid.store.getRow('r2')).toBeUndefined();
    // An unknown kind is an edit, as JeecgBoot's two-argument messages are.
    latest().serverSends({ type: 'update_vxe_table', data: { socketKey: 'expertGrid', args: [{ id: 'r3', name: 'x' }, 'other', 'bogus'] } });
    expect(grid.store.getRow('r3')).toBeUndefined();
    link.unbind();
  });
});

describe('grid live socket messages and url', () => {
  it('parses the three message types and drops everything else', () => {
    expect(parseGridLiveMessage('{"type":"heart_beat","data":true}')).toEqual({ type: 'heart_beat', data: true });
    expect(parseGridLiveMessage('{"type":"update_vxe_table","data":{"socketKey":"g","args":[],"x":1}}')).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: 'g', args: [] },
    });
    for (const bad of ['', 'x', 'null', '[]', '{"type":"other"}', '{"type":"common_send_date","data":{"key":"","args":[]}}']) {
      expect(parseGridLiveMessage(bad)).toBeUndefined();
    }
  });

  it('builds ws or wss from the page, or from an absolute API base', () => {
    const http = { protocol: 'http:', host: 'desk.local:8080' };
    const https = { protocol: 'https:', host: 'desk.example.cn' };
    expect(gridLiveSocketUrl('/insurance', 'u 1', 'maintenance.expert', http)).toBe('ws://desk.local:8080/insurance/vxeSocket/u%201/maintenance.expert');
    expect(gridLiveSocketUrl('/insurance/', 'u1', 'p', https)).toBe('wss://desk.example.cn/insurance/vxeSocket/u1/p');
    expect(gridLiveSocketUrl('https://api.example.cn/insurance', 'u1', 'p', http)).toBe('wss://api.example.cn/insurance/vxeSocket/u1/p');
    // A tenant other than 0 rides as a query: a browser cannot set the tenant-id header on a socket.
    expect(gridLiveSocketUrl('/insurance', 'u1', 'cost.workHour', http, 7)).toBe('ws://desk.local:8080/insurance/vxeSocket/u1/cost.workHour?tenantId=7');
    expect(gridLiveSocketUrl('/insurance', 'u1', 'cost.workHour', http, 0)).toBe('ws://desk.local:8080/insurance/vxeSocket/u1/cost.workHour');
  });
});
