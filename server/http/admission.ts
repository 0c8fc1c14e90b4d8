/**
 * Admission control: at most `limit` API requests run in their hooks and handlers at once; the others
 * wait in arrival order (FIFO) and a full queue is answered at once.
 *
 * Why: with every user's request in flight together, a request of several SQL round trips (an edit
 * is 7 statements, a list waits on its page) competes with all the others' work at each round trip,
 * so the slowest requests take many times the median. Admitted a few at a time, each waits about as
 * long in the queue and then runs nearly uncontended: under overload requests are served in order
 * instead of all being slowed together, and the tail comes close to the mean.
 *
 * What passes the gate without a slot:
 * - WebSocket upgrades (a socket lives for the whole session, it would hold a slot for hours);
 * - routes whose config says `admission: false` — the web app's static files and /config.js: no
 *   database work, and the sign-in page must not wait behind a queue of API calls;
 * - multipart requests (uploads, Excel imports): their body arrives at the client's pace, which
 *   would hold a slot while the server does nothing; their size is bounded by the upload limits and
 *   their database work by the pool, so they neither starve nor are starved by the queue;
 * - 404s (no route).
 * A slot is given back once the answer is ready (onSend): a streamed export or download counts as
 * one while its handler prepares it (permission, count, first query) and streams outside the gate,
 * so a slow reader holds no slot. A slot is also given back when the response ends or its
 * connection closes (client abort, socket timeout) before that — whichever comes first, once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope';

/** The answer to a request that finds the queue full (HTTP 503; the web app shows the message). */
export const BUSY_MESSAGE = '系统繁忙，请稍后重试';

declare module 'fastify' {
  interface FastifyInstance {
    /** The admission gate (how many run and wait now); null when API_CONCURRENCY is off. */
    admission: AdmissionGate | null;
  }
  interface FastifyContextConfig {
    /** `false`: the route is not counted by the admission gate (static files; server/http/admission.ts). */
    admission?: false;
  }
}

export interface AdmissionLimits {
  /** Requests in their handlers at once; 0 = no limit (the gate is not installed). */
  concurrency: number;
  /** Requests waiting beyond those; one more is answered 503 at once. */
  queueMax: number;
}

/** One request's place: waiting, then running, then done. `release` may be called any number of times. */
export interface AdmissionTicket {
  /** Resolves true when the request may run, false when it was released (closed) while it waited. */
  readonly admitted: Promise<boolean>;
  release(): void;
}

/** The counting part, without Fastify: a semaphore with a bounded FIFO queue. */
export class AdmissionGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limits: AdmissionLimits) {
    if (!(limits.concurrency >= 1)) throw new Error('AdmissionGate needs a concurrency of at least 1');
  }

  /** Requests in their handlers now. */
  get active(): number {
    return this.running;
  }

  /** Requests in the queue now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** A ticket, or undefined when the queue is full (the caller answers 503). */
  enter(): AdmissionTicket | undefined {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
      return this.runningTicket(Promise.resolve(true));
    }
    if (this.waiting.length >= this.limits.queueMax) return undefined;
    let state: 'waiting' | 'running' | 'done' = 'waiting';
    let settle: (admitted: boolean) => void = () => undefined;
    const admitted = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    // Called by release() of a running ticket: the slot passes straight to this request.
    const admit = () => {
      state = 'running';
      settle(true);
    };
    this.waiting.push(admit);
    return {
      admitted,
      release: () => {
        if (state === 'done') return;
        if (state === 'waiting') {
          const at = this.waiting.indexOf(admit);
          if (at >= 0) this.waiting.splice(at, 1);
          settle(false);
        } else {
          this.handOn();
        }
        state = 'done';
      },
    };
  }

  private runningTicket(admitted: Promise<boolean>): AdmissionTicket {
    let done = false;
    return {
      admitted,
      release: () => {
        if (done) return;
        done = true;
        this.handOn();
      },
    };
  }

  /** A running request is done: the first waiting one takes its slot, or the slot is free. */
  private handOn(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}

function passesFreely(request: FastifyRequest): boolean {
  if (request.is404) return true;
  if (request.routeOptions.config.admission === false) return true;
  if (request.headers.upgrade !== undefined) return true;
  const type = request.headers['content-type'];
  return typeof type === 'string' && type.toLowerCase().startsWith('multipart/');
}

/**
 * Installs the gate's hooks on the root instance, after the request monitor (which should see every
 * request, refused ones too) and before the auth guard (whose session reads are work like any other).
 * Nothing is installed when `concurrency` is 0. Returns the gate, for 系统监控 and tests.
 */
export function installAdmission(app: FastifyInstance, limits: AdmissionLimits): AdmissionGate | undefined {
  if (limits.concurrency === 0) {
    app.decorate('admission', null);
    return undefined;
  }
  const gate = new AdmissionGate(limits);
  app.decorate('admission', gate);
  const tickets = new WeakMap<FastifyRequest, AdmissionTicket>();
  const release = (request: FastifyRequest) => tickets.get(request)?.release();

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (passesFreely(request)) return;
    const ticket = gate.enter();
    if (!ticket) {
      request.log.warn({ active: gate.active, queued: gate.queued }, 'admission queue full');
      return reply.code(503).header('retry-after', '1').send(fail(BUSY_MESSAGE, 503));
    }
    tickets.set(request, ticket);
    // The response's close comes once it is sent or its connection ends (abort, timeout): a waiting
    // request leaves the queue, a running one gives its slot back.
    reply.raw.once('close', ticket.release);
    if (await ticket.admitted) return;
    // Closed while it waited: nobody reads an answer, and no handler should run for it.
    reply.hijack();
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    release(request);
    return payload;
  });
  app.addHook('onResponse', async (request) => release(request));
  return gate;
}
