import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { COMMON_SEND_DATE, GRID_UPDATE_COMMAND, type GridLiveMessage } from '../../runtime/grid/socket/messages';
import type { Database } from '../db/open';
import { inProcessFanOut, MAX_NOTIFY_BYTES, postgresFanOut, readEnvelope, type FanOut } from './fanOut';
import { SocketRegistry } from './socketRegistry';

/** Own channel, so the notice hub never sees (and warns about) grid envelopes. */
export const GRID_LIVE_CHANNEL = 'lossdesk_grid_live';
const OPEN = 1;

/** A grid socket as the hub sees it. `id` tells the sender's socket apart on every node. */
export interface GridLiveMember {
  readonly id: string;
  /** The tenant the socket opened in: it hears only its tenant's messages. */
  readonly tenantId: number;
  readonly readyState: number;
  send(data: string): void;
}

/** The messages passed between clients (heartbeats stay between one client and its node). */
export type GridLiveRelayed = Extract<GridLiveMessage, { type: typeof GRID_UPDATE_COMMAND | typeof COMMON_SEND_DATE }>;

interface GridLiveEnvelope {
  pageId: string;
  tenantId: number;
  /** The sending socket's id: it does not get its own message back. */
  origin: string;
  message: GridLiveRelayed;
}

declare module 'fastify' {
  interface FastifyInstance {
    gridLiveHub: GridLiveHub;
  }
}

function isEnvelope(value: unknown): value is GridLiveEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const { pageId, tenantId, origin, message } = value as Partial<GridLiveEnvelope>;
  return (
    typeof pageId === 'string' &&
    typeof tenantId === 'number' &&
    typeof origin === 'string' &&
    typeof message === 'object' &&
    message !== null &&
    (message.type === GRID_UPDATE_COMMAND || message.type === COMMON_SEND_DATE)
  );
}

/**
 * The grid sockets of this API node by page id, and the relay between them: a message goes
 * through the fan-out, so every node hands it to its sockets of that page except the sender.
 * The fan-out starts with the first socket, so a node nobody opens a grid on holds no LISTEN
 * connection.
 */
export class GridLiveHub {
  private readonly pages = new SocketRegistry<GridLiveMember>();
  private started: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly fanOut: FanOut,
    private readonly log: FastifyBaseLogger,
  ) {}

  static newMemberId(): string {
    return crypto.randomUUID();
  }

  /** Registers a socket once the fan-out listens; returns the function that removes it. */
  async add(pageId: string, member: GridLiveMember): Promise<() => void> {
    await this.start();
    return this.pages.add(pageId, member);
  }

  /**
   * Passes a message to the page's other sockets of the tenant on every node. False when it was
   * dropped: too large for one NOTIFY, or the fan-out failed (logged; live updates are best effort).
   */
  async publish(pageId: string, tenantId: number, origin: string, message: GridLiveRelayed): Promise<boolean> {
    const envelope = JSON.stringify({ pageId, tenantId, origin, message } satisfies GridLiveEnvelope);
    if (Buffer.byteLength(envelope) > MAX_NOTIFY_BYTES) return false;
    try {
      await this.fanOut.send(envelope);
      return true;
    } catch (err) {
      this.log.warn({ err, pageId }, '表格实时同步推送失败');
      return false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.started) await this.fanOut.stop();
  }

  private start(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.started ??= this.fanOut.start((envelope) => this.receive(envelope));
    return this.started;
  }

  private receive(raw: string): void {
    const envelope = readEnvelope(raw, isEnvelope, this.log, '表格同步消息');
    if (!envelope) return;
    const members = this.pages.of(envelope.pageId);
    if (members.size === 0) return;
    const text = JSON.stringify(envelope.message);
    for (const member of members) {
      if (member.id !== envelope.origin && member.tenantId === envelope.tenantId && member.readyState === OPEN) member.send(text);
    }
  }
}

/** Creates the node's grid hub on the root instance; it stops on close. */
export function installGridLiveHub(app: FastifyInstance, database: Database): GridLiveHub {
  const fanOut =
    database.kind === 'postgres'
      ? postgresFanOut(database, app.log, { channel: GRID_LIVE_CHANNEL, label: '表格实时同步', retryFirstListen: true })
      : inProcessFanOut();
  const hub = new GridLiveHub(fanOut, app.log);
  app.decorate('gridLiveHub', hub);
  app.addHook('onClose', () => hub.stop());
  return hub;
}
