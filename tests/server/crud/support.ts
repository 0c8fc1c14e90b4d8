import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { readConfig } from '../../../server/config';
import { loadEntityPages } from '../../../server/crud/pages';
import { prepareDatabase } from '../../../server/db/prepare';
import { openPglite, openPostgres, type Database } from '../../../server/db/open';
import type { CompiledPage } from '../../../runtime/schema/loadPageSchema';
import { createPostgresDatabase, openTestDatabase, type DatabaseKind } from '../../support/database';
import { tenantExpertPage } from '../../support/tenantExpertPage';
import { afterAll, beforeAll } from 'vitest';
import type { Envelope } from '../../../server/http/envelope';
import { API, authHeaders, body, login } from '../support/app';

/** An empty database of the given kind; `close()` throws it away. */
async function openEmptyDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-crud-test-'));
    const database = await openPglite(dir);
    return {
      ...database,
      async close() {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const created = await createPostgresDatabase('crud');
  const database = await openPostgres(created.url, 5);
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

export interface CrudApp {
  app: FastifyInstance;
  database: Database;
  pages: CompiledPage[];
  close(): Promise<void>;
}

/**
 * The server as main.ts starts it on a new database: migrations, entity tables, the seed with the
 * pages (entity buttons, role grants, demo rows), then the app with the pages' endpoints.
 */
export async function startCrudApp(kind: DatabaseKind, extraPages: readonly CompiledPage[] = []): Promise<CrudApp> {
  // Without pages of its own a test copies the template prepared with exactly these pages (a fresh
  // PGlite plus the whole preparation costs seconds per file); a test's own pages need the seed of an
  // empty database (their buttons and grants), so those start from nothing.
  const own = extraPages.length > 0;
  const database = own ? await openEmptyDatabase(kind) : await openTestDatabase(kind, { template: 'crud' });
  try {
    const pages = [...loadEntityPages(), tenantExpertPage(), ...extraPages];
    if (own) await prepareDatabase(database.db, { pages, seed: { demo: true } });
    // Import error workbooks land in a folder of this app's own.
    const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-crud-upload-'));
    const config = readConfig({ DEMO: 'on', CAPTCHA: 'off', WEB_DIR: '', API_BASE: API, UPLOAD_DIR: uploadDir });
    const app = await buildApp({ config, database, pages });
    return {
      app,
      database,
      pages,
      async close() {
        await app.close();
        await database.close();
        fs.rmSync(uploadDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** A multipart/form-data body with the given files. */
export function multipart(files: { field: string; name: string; content: Buffer }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lossdesk${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A describe block's crud app, signed in as admin; requests default to admin's token. */
export interface SignedInCrudApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly pages: CompiledPage[];
  readonly admin: string;
  get<T = unknown>(url: string, token?: string): Promise<Envelope<T>>;
  send<T = unknown>(method: Method, url: string, payload?: Record<string, unknown>, token?: string): Promise<Envelope<T>>;
}

/**
 * Starts the crud app before the describe block's tests (admin signed in) and closes it after them;
 * `extraPages` are served beside the real ones (a test's own page).
 */
export function signedInCrudApp(kind: DatabaseKind, extraPages: readonly CompiledPage[] = []): SignedInCrudApp {
  let ctx: CrudApp | undefined;
  let admin = '';
  beforeAll(async () => {
    ctx = await startCrudApp(kind, extraPages);
    admin = (await login(ctx.app, 'admin')).token;
  }, 120_000);
  afterAll(async () => ctx?.close());
  const started = (): CrudApp => {
    if (!ctx) throw new Error('the crud app has not started');
    return ctx;
  };
  const send = async <T>(method: Method, url: string, payload?: Record<string, unknown>, token = admin) =>
    body<T>(await started().app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(token) }));
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get pages() {
      return started().pages;
    },
    get admin() {
      return admin;
    },
    get: (url, token) => send('GET', url, undefined, token),
    send,
  };
}
