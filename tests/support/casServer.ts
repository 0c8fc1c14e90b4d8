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
export async function startCasServer(): Promise<LocalCasServer> {
  const tickets = new Map<string, { user: string; service: string; expiresAt: number }>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
