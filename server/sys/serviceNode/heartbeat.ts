/**
 * 服务节点: every API node sharing the database keeps one row of sys_service_node — written when it
 * starts listening, its last_heartbeat renewed every `heartbeatMs` (NODE_HEARTBEAT_MS) and removed
 * when it stops cleanly. Times are the database's now(), so nodes with skewed clocks agree; a node
 * whose row is not renewed for MISSED_BEATS intervals is shown as 离线 (it crashed or lost the
 * database); a row silent for FORGET_AFTER_HOURS is removed when a node starts.
 */
import fs from 'node:fs';
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { newId } from '../../db/ids';

/** Missed beats after which a node counts as 离线. */
export const MISSED_BEATS = 3;
/** A node silent this long is forgotten when another starts: it crashed long ago, or its address changed. */
export const FORGET_AFTER_HOURS = 24;

/** Calls `beat` every `ms` until the returned function is called; tests pass one they drive by hand. */
export type BeatSchedule = (beat: () => void, ms: number) => () => void;

export const timerSchedule: BeatSchedule = (beat, ms) => {
  const timer = setInterval(beat, ms);
  timer.unref();
  return () => clearInterval(timer);
};

function readVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '未知';
  } catch {
    return '未知';
  }
}

export const APP_VERSION = readVersion();

/** host:port a colleague can reach: the listen address, or this machine's first outside IPv4 when it listens on all. */
export function nodeAddress(listenHost: string, port: number): string {
  const wildcard = listenHost === '0.0.0.0' || listenHost === '::' || listenHost === '';
  let host = listenHost;
  if (wildcard) {
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((n) => n && n.family === 'IPv4' && !n.internal);
    host = outside?.address ?? os.hostname();
  }
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

export interface HeartbeatOptions {
  heartbeatMs: number;
  databaseKind: string;
  schedule?: BeatSchedule;
  /** Told when a beat cannot be written (the database is away); the next beat tries again. */
  onError?: (err: unknown) => void;
}

export class NodeHeartbeat {
  readonly id = newId();
  private cancel: (() => void) | undefined;
  private address = '';

  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: HeartbeatOptions,
  ) {}

  /** Writes this node's row, forgets nodes silent for FORGET_AFTER_HOURS, and starts beating. */
  async start(address: string): Promise<void> {
    this.address = address;
    await this.db
      .deleteFrom('sys_service_node')
      .where(sql<boolean>`last_heartbeat < CAST(now() AS timestamp) - ${FORGET_AFTER_HOURS} * interval '1 hour'`)
      .execute();
    await this.write();
    const schedule = this.opts.schedule ?? timerSchedule;
    this.cancel = schedule(() => {
      this.beat().catch((err: unknown) => this.opts.onError?.(err));
    }, this.opts.heartbeatMs);
  }

  /** Renews last_heartbeat; writes the row again when it is gone. */
  async beat(): Promise<void> {
    const updated = await this.db
      .updateTable('sys_service_node')
      .set({ last_heartbeat: sql<string>`now()` })
      .where('id', '=', this.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) await this.write();
  }

  /** Stops beating and removes the row (a clean stop). */
  async stop(): Promise<void> {
    this.cancel?.();
    this.cancel = undefined;
    await this.db.deleteFrom('sys_service_node').where('id', '=', this.id).execute();
  }

  private async write(): Promise<void> {
    await this.db
      .insertInto('sys_service_node')
      .values({
        id: this.id,
        address: this.address,
        host_name: os.hostname(),
        pid: process.pid,
        version: APP_VERSION,
        database_kind: this.opts.databaseKind,
        heartbeat_ms: this.opts.heartbeatMs,
        start_time: sql<string>`now()`,
        last_heartbeat: sql<string>`now()`,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ last_heartbeat: sql<string>`now()` }))
      .execute();
  }
}
