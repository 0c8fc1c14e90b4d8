import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Database } from '../db/open';
import type { SysAnnouncement } from '../db/types';
import { inProcessFanOut, MAX_NOTIFY_BYTES, postgresFanOut, readEnvelope, type FanOut } from './fanOut';
import { SocketRegistry } from './socketRegistry';

/** What the web client reads (JeecgBoot's socket messages): 'topic' is for everyone, 'user' for one user. */
export interface NoticeMessage {
  cmd: 'topic' | 'user';
  msgId: string;
  msgTxt: string;
}

export type NoticeTarget = { all: true } | { userIds: string[] };

/** The part of a connected socket the hub needs. */
export interface NoticeReceiver {
  readonly readyState: number;
  send(data: string): void;
}

interface NoticeEnvelope {
  target: NoticeTarget;
  message: NoticeMessage;
}

const OPEN = 1;
/** msgTxt is a hint (the client only reads cmd); capped so an envelope always fits a NOTIFY. */
const MAX_MSG_TXT = 500;

declare module 'fastify' {
  interface FastifyInstance {
    noticeHub: NoticeHub;
  }
}

function isNoticeEnvelope(value: unknown): value is NoticeEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const { target, message } = value as Partial<NoticeEnvelope>;
  if (typeof target !== 'object' || target === null || typeof message !== 'object' || message === null) return false;
  const targetOk =
    ('all' in target && target.all === true) ||
    ('userIds' in target && Array.isArray(target.userIds) && target.userIds.every((id) => typeof id === 'string'));
  return (
    targetOk &&
    (message.cmd === 'topic' || message.cmd === 'user') &&
    typeof message.msgId === 'string' &&
    typeof message.msgTxt === 'string'
  );
}

/** Envelopes for one publish, the user list split so that each stays under the NOTIFY limit. */
function envelopesOf(target: NoticeTarget, message: NoticeMessage): string[] {
  const capped = { ...message, msgTxt: message.msgTxt.slice(0, MAX_MSG_TXT) };
  if ('all' in target) return [JSON.stringify({ target, message: capped })];
  const envelopes: string[] = [];
  const base = Buffer.byteLength(JSON.stringify({ target: { userIds: [] }, message: capped }));
  let batch: string[] = [];
  let size = base;
  for (const userId of new Set(target.userIds)) {
    const extra = Buffer.byteLength(JSON.stringify(userId)) + 1;
    if (batch.length > 0 && size + extra > MAX_NOTIFY_BYTES) {
      envelopes.push(JSON.stringify({ target: { userIds: batch }, message: capped }));
      batch = [];
      size = base;
    }
    batch.push(userId);
    size += extra;
  }
  if (batch.length > 0) envelopes.push(JSON.stringify({ target: { userIds: batch }, message: capped }));
  return envelopes;
}

/**
 * The notification sockets of this API node, by user id, and the publishing side: a publish goes
 * through the fan-out so that every node delivers it to the sockets it holds.
 */
export class NoticeHub {
  private readonly receivers = new SocketRegistry<NoticeReceiver>();

  constructor(
    private readonly fanOut: FanOut,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): Promise<void> {
    return this.fanOut.start((envelope) => this.receive(envelope));
  }

  stop(): Promise<void> {
    return this.fanOut.stop();
  }

  /** Registers a signed-in user's socket; returns the function that removes it again. */
  add(userId: string, receiver: NoticeReceiver): () => void {
    return this.receivers.add(userId, receiver);
  }

  /**
   * Best effort: the change the notice tells about is already stored, so a failed fan-out is
   * logged and never fails the caller's request.
   */
  async publish(target: NoticeTarget, message: NoticeMessage): Promise<void> {
    for (const envelope of envelopesOf(target, message)) {
      try {
        await this.fanOut.send(envelope);
      } catch (err) {
        this.log.warn({ err, cmd: message.cmd, msgId: message.msgId }, '通知推送失败');
      }
    }
  }

  /** A released announcement: 'topic' to everyone (msg_type ALL) or 'user' to its addressees (USER). */
  publishAnnouncement(annt: Pick<Selectable<SysAnnouncement>, 'id' | 'titile' | 'msg_type' | 'user_ids'>): Promise<void> {
    if (annt.msg_type === 'ALL') {
      return this.publish({ all: true }, { cmd: 'topic', msgId: annt.id, msgTxt: annt.titile });
    }
    const userIds = (annt.user_ids ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    if (userIds.length === 0) return Promise.resolve();
    return this.publish({ userIds }, { cmd: 'user', msgId: annt.id, msgTxt: annt.titile });
  }

  private receive(raw: string): void {
    const envelope = readEnvelope(raw, isNoticeEnvelope, this.log, '通知推送');
    if (!envelope) return;
    const text = JSON.stringify(envelope.message);
    const targets = 'all' in envelope.target ? this.receivers.all() : envelope.target.userIds.flatMap((id) => [...this.receivers.of(id)]);
    for (const receiver of targets) {
      if (receiver.readyState === OPEN) receiver.send(text);
    }
  }
}

/**
 * Creates the node's hub on the root instance (so every area can publish through
 * `app.noticeHub`); it listens from `ready` until `close`.
 */
export function installNoticeHub(app: FastifyInstance, database: Database): NoticeHub {
  const fanOut = database.kind === 'postgres' ? postgresFanOut(database, app.log) : inProcessFanOut();
  const hub = new NoticeHub(fanOut, app.log);
  app.decorate('noticeHub', hub);
  app.addHook('onReady', () => hub.start());
  app.addHook('onClose', () => hub.stop());
  return hub;
}
