/**
 * Admission control (server/http/admission.ts, API_CONCURRENCY): at most K API requests run at once,
 * the others wait and run in arrival order, a full queue is answered 503 系统繁忙 at once, and every
 * way a request ends — answered, failed, closed by the client — gives its place back.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdmissionGate, BUSY_MESSAGE, installAdmission } from '../../../server/http/admission';
import { SIGNED_IN } from '../../../server/http/routeConfig';
import { readConfig } from '../../../server/config';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, get, login, startTestApp, type TestApp } from '../support/app';

/** A promise the test settles by hand: a handler awaits it to hold its place. */
function latch(): { promise: Promise<void>; open(): void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('AdmissionGate', () => {
  it('admits K at once, then one per release in arrival order; a full queue refuses', async () => {
    const gate = new AdmissionGate({ concurrency: 2, queueMax: 3 });
    const first = gate.enter();
    const second = gate.enter();
    expect(await first?.admitted).toBe(true);
    expect(await second?.admitted).toBe(true);
    const admittedOrder: number[] = [];
    const queued = [1, 2, 3].map((n) => {
      const ticket = gate.enter();
      void ticket?.admitted.then((ok) => ok && admittedOrder.push(n));
      return ticket;
    });
    expect(gate.enter()).toBeUndefined();
    expect(gate.queued).toBe(3);
    first?.release();
    first?.release(); // a second release of the same ticket changes nothing
    await Promise.resolve();
    expect(admittedOrder).toEqual([1]);
    expect(gate.active).toBe(2);
    second?.release();
    await Promise.resolve();
    expect(admittedOrder).toEqual([1, 2]);
    queued[2]?.release(); // leaves the queue before its turn: never admitted
    expect(await queued[2]?.admitted).toBe(false);
    expect(gate.queued).toBe(0);
    queued[0]?.release();
    queued[1]?.release();
    expect(gate.active).toBe(0);
    expect(gate.queued).toBe(0);
  });
});

describe('installAdmission on an HTTP server', () => {
  let app: FastifyInstance;
  let origin: string;
  const entered: string[] = [];
  let hold = latch();
  let gate: AdmissionGate;

  beforeAll(async () => {
    app = Fastify();
    gate = installAdmission(app, { concurrency: 1, queueMax: 3 }) as AdmissionGate;
    app.get('/hold', async () => {
      entered.push('hold');
      await hold.promise;
      return { held: true };
    });
    app.get('/work/:n', async (request) => {
      entered.push((request.params as { n: string }).n);
      return { n: (request.params as { n: string }).n };
    });
    app.get('/fail', async () => {
      entered.push('fail');
      throw new Error('boom');
    });
    app.get('/static', { config: { admission: false } }, async () => ({ static: true }));
    app.post('/upload', async () => ({ uploaded: true }));
    app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, {}));
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    hold.open();
    await app.close();
  });
  afterEach(() => {
    entered.length = 0;
    hold.open();
    hold = latch();
  });

  /** Sends a GET and waits until it is in the queue (so the next one arrives after it); its answer to await later. */
  async function sendQueued(url: string, queuedBefore: number): Promise<{ answer: Promise<Response> }> {
    const answer = fetch(`${origin}${url}`);
    await vi.waitFor(() => expect(gate.queued).toBe(queuedBefore + 1));
    return { answer };
  }

  it('runs the requests beyond K one by one in arrival order', async () => {
    const holding = fetch(`${origin}/hold`);
    await vi.waitFor(() => expect(entered).toEqual(['hold']));
    const waiting: Array<Promise<Response>> = [];
    for (const n of ['1', '2', '3']) waiting.push((await sendQueued(`/work/${n}`, waiting.length)).answer);
    expect(entered).toEqual(['hold']);
    hold.open();
    expect((await holding).status).toBe(200);
    const bodies = await Promise.all(waiting.map(async (w) => (await w).json()));
    expect(bodies).toEqual([{ n: '1' }, { n: '2' }, { n: '3' }]);
    expect(entered).toEqual(['hold', '1', '2', '3']);
    expect(gate.active).toBe(0);
  });

  it('answers 503 系统繁忙 at once when the queue is full, in the JeecgBoot envelope', async () => {
    const holding = fetch(`${origin}/hold`);
    await vi.waitFor(() => expect(entered).toEqual(['hold']));
    const waiting: Array<Promise<Response>> = [];
    for (const n of ['1', '2', '3']) waiting.push((await sendQueued(`/work/${n}`, waiting.length)).answer);
    const refused = await fetch(`${origin}/work/4`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ success: false, code: 503, message: BUSY_MESSAGE, result: null });
    hold.open();
    await holding;
    await Promise.all(waiting);
    expect(entered).toEqual(['hold', '1', '2', '3']);
  });

  it('gives the place of a failed request to the next one', async () => {
    const failing = await fetch(`${origin}/fail`);
    expect(failing.status).toBe(500);
    expect(gate.active).toBe(0);
    expect(await (await fetch(`${origin}/work/after-failure`)).json()).toEqual({ n: 'after-failure' });
  });

  it('gives back the place of a running request whose client goes away, and drops a waiting one from the queue', async () => {
    const running = http.get(`${origin}/hold`);
    running.on('error', () => undefined);
    await vi.waitFor(() => expect(entered).toEqual(['hold']));
    const gone = http.get(`${origin}/work/gone`);
    gone.on('error', () => undefined);
    await vi.waitFor(() => expect(gate.queued).toBe(1));
    const { answer: next } = await sendQueued('/work/next', 1);
    gone.destroy();
    await vi.waitFor(() => expect(gate.queued).toBe(1));
    running.destroy();
    expect(await (await next).json()).toEqual({ n: 'next' });
    // The closed waiting request never ran; the closed running one's handler still ends when it can.
    expect(entered).toEqual(['hold', 'next']);
    await vi.waitFor(() => expect(gate.active).toBe(0));
  });

  it('lets static files and multipart uploads pass while every place is taken', async () => {
    const holding = fetch(`${origin}/hold`);
    await vi.waitFor(() => expect(entered).toEqual(['hold']));
    expect(await (await fetch(`${origin}/static`)).json()).toEqual({ static: true });
    const form = new FormData();
    form.append('file', new Blob(['a,b\n1,2\n']), 'rows.csv');
    expect(await (await fetch(`${origin}/upload`, { method: 'POST', body: form })).json()).toEqual({ uploaded: true });
    expect(gate.queued).toBe(0);
    hold.open();
    await holding;
  });
});

describe('API_CONCURRENCY', () => {
  it('is 16 by default; off or 0 turns the limit off; anything else is refused', () => {
    // As many as the pool has connections, unless said otherwise.
    expect(readConfig({})).toMatchObject({ databasePoolMax: 10, apiConcurrency: 10, apiQueueMax: 1000 });
    expect(readConfig({ DB_POOL_MAX: '24' }).apiConcurrency).toBe(24);
    expect(readConfig({ API_CONCURRENCY: 'off' }).apiConcurrency).toBe(0);
    expect(readConfig({ API_CONCURRENCY: '0' }).apiConcurrency).toBe(0);
    expect(readConfig({ API_CONCURRENCY: '4', API_QUEUE_MAX: '50' })).toMatchObject({ apiConcurrency: 4, apiQueueMax: 50 });
    expect(() => readConfig({ API_CONCURRENCY: 'many' })).toThrow(/API_CONCURRENCY/);
  });
});

describe.each(DATABASE_KINDS)('the admission limit in the server (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let hold = latch();
  let holding = 0;
  beforeAll(async () => {
    t = await startTestApp(kind, { config: { apiConcurrency: 1, apiQueueMax: 1 } });
    // A route that holds the one place until the test lets it go.
    t.app.get(`${API}/test/hold`, { config: { permission: SIGNED_IN }, schema: { querystring: { type: 'object' } } }, async () => {
      holding += 1;
      await hold.promise;
      return { held: true };
    });
    token = (await login(t.app, 'admin')).token;
  });
  afterAll(async () => {
    hold.open();
    await t?.close();
  });

  it('queues a list behind a running request, refuses one more with 503 系统繁忙, and answers the list after', async () => {
    const held = get(t.app, '/test/hold', token);
    await vi.waitFor(() => expect(holding).toBe(1));
    const list = get(t.app, '/maintenance/expert/list?pageNo=1&pageSize=10', token);
    // The list is queued (one place, taken): one more finds the queue full.
    await vi.waitFor(() => expect(t.app.admission?.queued).toBe(1));
    const refused = await get(t.app, '/maintenance/expert/list?pageNo=2&pageSize=10', token);
    expect(refused.statusCode).toBe(503);
    expect(body(refused)).toMatchObject({ success: false, code: 503, message: BUSY_MESSAGE });
    hold.open();
    expect(body(await held)).toMatchObject({ held: true });
    expect(body(await list)).toMatchObject({ success: true });
  });

  it('streams an export and takes an import while other requests use the one place', async () => {
    hold = latch();
    holding = 0;
    const exported = await t.app.inject({ method: 'GET', url: `${API}/maintenance/expert/exportXls`, headers: authHeaders(token) });
    expect(exported.statusCode).toBe(200);
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const held = get(t.app, '/test/hold', token);
    await vi.waitFor(() => expect(holding).toBe(1));
    // An import (multipart) passes while the place is taken; it answers with its own verdict.
    const boundary = 'admission-test';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
      exported.rawPayload,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await t.app.inject({
      method: 'POST',
      url: `${API}/maintenance/expert/importExcel`,
      headers: { ...authHeaders(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(imported.statusCode).toBe(200);
    expect(body(imported).message).not.toBe(BUSY_MESSAGE);
    hold.open();
    await held;
  });
});
