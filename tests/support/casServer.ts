import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface LocalCasServer {
  /** The CAS prefix (CAS_SERVER_URL): /login and /serviceValidate are under it. */
  url: string;
  /** Issues a service ticket for `user` and `service`, as CAS does after its login; valid `lifetimeMs`, once. */
  issue(user: string, service: string, lifetimeMs?: number): string;
  /** The next /serviceValidate answer is this text instead (a broken or hostile server). */
  answerNext: string | undefined;
  /** /serviceValidate requests seen. */
  validations: number;
  close(): Promise<void>;
}

/**
 * A small server speaking the CAS 2.0 protocol on 127.0.0.1: /cas/serviceValidate answers XML
 * success or failure (INVALID_TICKET for unknown, used or expired tickets, INVALID_SERVICE for a
 * ticket issued to another service), as a CAS server does.
 */
export async function startCasServer(opts: { port?: number } = {}): Promise<LocalCasServer> {
  const tickets = new Map<string, { user: string; service: string; expiresAt: number }>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/cas/login') {
      casLogin(req, res, url).catch(() => res.writeHead(500).end());
      return;
    }
    if (url.pathname !== '/cas/serviceValidate') {
      res.writeHead(404).end();
      return;
    }
    cas.validations += 1;
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
    if (cas.answerNext !== undefined) {
      res.end(cas.answerNext);
      cas.answerNext = undefined;
      return;
    }
    const ticket = url.searchParams.get('ticket') ?? '';
    const service = url.searchParams.get('service') ?? '';
    const issued = tickets.get(ticket);
    tickets.delete(ticket);
    const failure = (code: string, text: string) =>
      `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n  <cas:authenticationFailure code="${code}">${escapeXml(text)}</cas:authenticationFailure>\n</cas:serviceResponse>`;
    if (!issued || issued.expiresAt <= Date.now()) res.end(failure('INVALID_TICKET', `Ticket ${ticket} not recognized`));
    else if (issued.service !== service) res.end(failure('INVALID_SERVICE', `Ticket ${ticket} does not match supplied service`));
    else {
      res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess>
    <cas:user>${escapeXml(issued.user)}</cas:user>
    <cas:attributes><cas:authenticationDate>${new Date().toISOString()}</cas:authenticationDate></cas:attributes>
  </cas:authenticationSuccess>
</cas:serviceResponse>`);
    }
  });
  /** CAS's own login page: any account typed is signed in (the test's CAS knows everyone), then back to the service with a ticket. */
  async function casLogin(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const service = url.searchParams.get('service') ?? '';
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const user = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('username') ?? '';
      const back = new URL(service);
      back.searchParams.set('ticket', cas.issue(user, service));
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>测试 CAS</title></head><body><h1>测试 CAS 登录</h1>
<form method="post" action="/cas/login?service=${encodeURIComponent(service)}"><label>用户名 <input name="username" autofocus></label>
<button type="submit">登录</button></form></body></html>`);
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const cas: LocalCasServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`,
    issue(user, service, lifetimeMs = 10_000) {
      const ticket = `ST-${crypto.randomBytes(12).toString('hex')}`;
      tickets.set(ticket, { user, service, expiresAt: Date.now() + lifetimeMs });
      return ticket;
    },
    answerNext: undefined,
    validations: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return cas;
}
