/**
 * What this node watches about itself from start to close: the request trace and HTTP activity
 * (filled by two hooks on every request) and the runtime's delay histogram and GC observer.
 */
import type { FastifyInstance } from 'fastify';
import { HttpActivity } from './httpActivity';
import { RequestTrace, tracedPath } from './requestTrace';
import { RuntimeStats } from './runtimeStats';

export interface NodeMonitor {
  trace: RequestTrace;
  http: HttpActivity;
  runtime: RuntimeStats;
}

/**
 * Installs the hooks; call before any route is registered so every route passes through them.
 * Requests to routes under `untracedPrefix` (请求追踪's own reads, every few seconds while it is
 * open) are counted but not traced: they would push out the requests a reader looks for.
 */
export function installNodeMonitor(app: FastifyInstance, untracedPrefix: string): NodeMonitor {
  const monitor: NodeMonitor = { trace: new RequestTrace(), http: new HttpActivity(), runtime: new RuntimeStats() };
  monitor.http.attach(app.server);
  const started = new WeakMap<object, bigint>();
  app.addHook('onRequest', async (request, reply) => {
    started.set(request, process.hrtime.bigint());
    monitor.http.requestStarted(request.raw.socket);
    // 'close' comes once for every response: sent, or its connection gone first (a client that gave
    // up, a request left in the admission queue). onResponse runs only for the ones sent.
    reply.raw.once('close', () => monitor.http.requestEnded());
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url?.startsWith(untracedPrefix)) return;
    const start = started.get(request);
    const durationMs = start === undefined ? 0 : Number(process.hrtime.bigint() - start) / 1e6;
    // A 404 has no route: its pattern is unknown and the path as sent is kept.
    const pattern = reply.statusCode === 404 && !request.routeOptions.url ? undefined : request.routeOptions.url;
    monitor.trace.record({
      time: Date.now(),
      method: request.method,
      path: tracedPath(request.url, pattern),
      status: reply.statusCode,
      durationMs: Math.round(durationMs * 100) / 100,
    });
  });
  app.addHook('onReady', async () => monitor.runtime.start());
  app.addHook('onClose', async () => monitor.runtime.stop());
  return monitor;
}
