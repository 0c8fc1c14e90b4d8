import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeHeartbeat, type BeatSchedule } from '../../../../server/sys/serviceNode/heartbeat';
import type { ServiceNodeRecord } from '../../../../server/sys/serviceNode/serviceNodeRoutes';
import { DATABASE_KINDS } from '../../../support/database';
import { body, get, login, startTestApp } from '../../support/app';
import { startSharedNodes, type SharedNodes } from '../../support/sharedPostgres';

/** A heartbeat schedule driven by the test: `beat()` is one tick, `cancelled` says the node stopped it. */
function manualSchedule() {
  const state = { beat: () => undefined as void, interval: 0, cancelled: false };
  const schedule: BeatSchedule = (beat, ms) => {
    state.beat = beat;
    state.interval = ms;
    return () => {
      state.cancelled = true;
    };
  };
  return { state, schedule };
}

describe('服务节点: two API nodes on one PostgreSQL database', () => {
  let shared: SharedNodes;
  const schedules = [manualSchedule(), manualSchedule()];
  let admin: string;

  const nodes = async (node = 0) =>
    body<{ records: ServiceNodeRecord[]; total: number }>(await get(shared.nodes[node], '/sys/serviceNode/list', admin)).result;
  const db = () => shared.shared.databases[0].db;

  beforeAll(async () => {
    shared = await startSharedNodes(2, { heartbeatSchedules: schedules.map((s) => s.schedule) });
    admin = (await login(shared.nodes[0], 'admin')).token;
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('each node writes its row on start: address, pid, version, start time, last heartbeat, 在线', async () => {
    const answer = await nodes();
    expect(answer.total).toBe(2);
    const ports = shared.nodes.map((n) => (n.server.address() as { port: number }).port);
    expect(answer.records.map((r) => r.address).sort()).toEqual(ports.map((p) => `127.0.0.1:${p}`).sort());
    for (const record of answer.records) {
      expect(record).toMatchObject({ pid: process.pid, version: '0.1.0', databaseKind: 'PostgreSQL', heartbeatSeconds: 5, status: '在线' });
      expect(record.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(record.lastHeartbeat).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    // Each node marks itself as the one answering.
    expect(answer.records.filter((r) => r.current)).toHaveLength(1);
    const fromOther = await nodes(1);
    expect(fromOther.records.find((r) => r.current)?.id).not.toBe(answer.records.find((r) => r.current)?.id);
    expect(schedules.map((s) => s.state.interval)).toEqual([5000, 5000]);
  });

  it('a node missing three beats shows 离线; its next beat brings it back', async () => {
    const second = (await nodes(1)).records.find((r) => r.current)!;
    await sql`UPDATE sys_service_node SET last_heartbeat = last_heartbeat - interval '16 seconds' WHERE id = ${second.id}`.execute(db());
    expect((await nodes()).records.find((r) => r.id === second.id)?.status).toBe('离线');
    schedules[1].state.beat();
    await expect.poll(async () => (await nodes()).records.find((r) => r.id === second.id)?.status).toBe('在线');
  });

  it('a beat writes the row again when it was removed', async () => {
    const first = (await nodes(0)).records.find((r) => r.current)!;
    await sql`DELETE FROM sys_service_node WHERE id = ${first.id}`.execute(db());
    expect((await nodes()).total).toBe(1);
    schedules[0].state.beat();
    await expect.poll(async () => (await nodes()).total).toBe(2);
  });

  it('a starting node forgets nodes silent for a day, not those only 离线', async () => {
    await sql`INSERT INTO sys_service_node (id, address, host_name, pid, version, database_kind, heartbeat_ms, start_time, last_heartbeat)
      VALUES ('crashed_long_ago', '10.0.0.9:8080', 'old', 1, '0.0.9', 'postgres', 5000, now() - interval '3 days', now() - interval '25 hours'),
             ('crashed_lately', '10.0.0.8:8080', 'old', 2, '0.0.9', 'postgres', 5000, now() - interval '3 days', now() - interval '1 hour')`.execute(db());
    const starting = new NodeHeartbeat(db(), { heartbeatMs: 5000, databaseKind: 'postgres', schedule: manualSchedule().schedule });
    await starting.start('10.0.0.7:8080');
    const ids = (await nodes()).records.map((r) => r.id);
    expect(ids).not.toContain('crashed_long_ago');
    expect(ids).toContain('crashed_lately');
    expect((await nodes()).records.find((r) => r.id === 'crashed_lately')?.status).toBe('离线');
    await starting.stop();
    await sql`DELETE FROM sys_service_node WHERE id = 'crashed_lately'`.execute(db());
  });

  it('a node that stops cleanly removes its row and stops beating', async () => {
    const second = (await nodes(1)).records.find((r) => r.current)!;
    await shared.nodes[1].close();
    expect(schedules[1].state.cancelled).toBe(true);
    const answer = await nodes();
    expect(answer.total).toBe(1);
    expect(answer.records.some((r) => r.id === second.id)).toBe(false);
  });
});

describe.each(DATABASE_KINDS)('服务节点 (%s)', (kind) => {
  it('an app that is only injected into (never listens) writes no row', async () => {
    const t = await startTestApp(kind);
    try {
      const admin = (await login(t.app, 'admin')).token;
      expect(body(await get(t.app, '/sys/serviceNode/list', admin))).toMatchObject({ success: true, result: { total: 0, records: [] } });
    } finally {
      await t.close();
    }
  });
});
