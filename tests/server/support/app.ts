import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import { loadEntityPages } from '../../../server/crud/pages';
import { readConfig, type ServerConfig } from '../../../server/config';
import type { Database } from '../../../server/db/open';
import type { Envelope } from '../../../server/http/envelope';
import { openTestDatabase, type DatabaseKind, type TestDatabaseOptions } from '../../support/database';

export const API = '/insurance';
export const DEMO_PASSWORD = '123456';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  close(): Promise<void>;
}

/** The server as `npm start` builds it, on a private copy of the demo database; captcha off by default. */
export async function startTestApp(
  kind: DatabaseKind,
  opts: {
    config?: Partial<ServerConfig>;
    captchaCode?: BuildAppOptions['captchaCode'];
    jobRunner?: BuildAppOptions['jobRunner'];
    database?: TestDatabaseOptions;
    logger?: BuildAppOptions['logger'];
    clock?: BuildAppOptions['clock'];
    smsSender?: BuildAppOptions['smsSender'];
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(kind, opts.database);
  // Files a test makes (uploads, import error workbooks) go to a folder of its own, removed at close.
  const ownUploadDir = opts.config?.uploadDir ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-upload-'));
  const config: ServerConfig = {
    ...readConfig({ DEMO: 'on', CAPTCHA: 'off', WEB_DIR: '', API_BASE: API }),
    ...(ownUploadDir ? { uploadDir: ownUploadDir } : {}),
    ...opts.config,
  };
  const removeOwnUploadDir = () => {
    if (ownUploadDir) fs.rmSync(ownUploadDir, { recursive: true, force: true });
  };
  try {
    const app = await buildApp({
      config,
      database,
      captchaCode: opts.captchaCode,
      pages: loadEntityPages(),
      jobRunner: opts.jobRunner,
      logger: opts.logger,
      clock: opts.clock,
      smsSender: opts.smsSender,
    });
    return {
      app,
      database,
      config,
      async close() {
        await app.close();
        await database.close();
        removeOwnUploadDir();
      },
    };
  } catch (err) {
    await database.close();
    removeOwnUploadDir();
    throw err;
  }
}

export function body<T = unknown>(response: LightMyRequestResponse): Envelope<T> {
  return response.json() as Envelope<T>;
}

export function authHeaders(token: string): Record<string, string> {
  return { 'x-access-token': token };
}

export interface LoginResult {
  token: string;
  userInfo: Record<string, unknown> & { id: string; username: string; orgCode: string | null };
  departs: Array<{ id: string; orgCode: string; departName: string }>;
  multi_depart: number;
  sysAllDictItems: Record<string, Array<{ value: string; text: string; title: string; label: string }>>;
  tenantList: unknown[];
}

export async function postLogin(app: FastifyInstance, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `${API}/sys/login`, payload });
}

/** Signs in (captcha off) and returns the login result; fails the test on refusal. */
export async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<LoginResult> {
  const response = await postLogin(app, { username, password });
  const envelope = body<LoginResult>(response);
  if (!envelope.success) throw new Error(`登录 ${username} 失败: ${envelope.message}`);
  return envelope.result;
}

export async function get(app: FastifyInstance, url: string, token?: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `${API}${url}`, headers: { ...(token ? authHeaders(token) : {}), ...headers } });
}

export async function send(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  payload: Record<string, unknown>,
  token?: string,
) {
  return app.inject({ method, url: `${API}${url}`, payload, headers: token ? authHeaders(token) : {} });
}

export const DEMO_USERS = ['admin', 'zhangsan', 'lisi', 'wangwu'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** Signs every demo user in: their tokens, and the button codes each holds as the web app receives them. */
export async function signInDemoUsers(app: FastifyInstance): Promise<{ tokens: Record<DemoUser, string>; codes: Record<DemoUser, Set<string>> }> {
  const tokens = {} as Record<DemoUser, string>;
  const codes = {} as Record<DemoUser, Set<string>>;
  for (const user of DEMO_USERS) {
    tokens[user] = (await login(app, user)).token;
    const permissions = body<{ auth: Array<{ action: string }> }>(await get(app, '/sys/permission/getUserPermissionByToken', tokens[user]));
    codes[user] = new Set(permissions.result.auth.flatMap((a) => a.action.split(',')));
  }
  return { tokens, codes };
}
