/**
 * No request holds the database forever. A new 专家费 row saved from the grid once froze the whole
 * API on the embedded database: the save's transaction held the one connection while the dictionary
 * cache, aged out after a minute, reloaded through the pool and waited for that same connection.
 * Now the reload runs in the caller's transaction, a query that bypasses its transaction is refused
 * at once, a request waits a bounded time for a connection, and (PostgreSQL) a stuck statement is
 * ended by the statement timeout — each answered with a clear message instead of a hang.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PoolReentryError } from '../../../server/db/pool';
import { inTransaction } from '../../../server/db/transaction';
import { DATABASE_KINDS } from '../../support/database';
import { authHeaders, body, get, login, API, startTestApp, type TestApp } from '../support/app';

const LIMITS = { poolWaitMs: 400, statementTimeoutMs: 1_000 };

/** A gate a test opens when it is done holding something. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe.each(DATABASE_KINDS)('no request holds the database forever on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // Two connections on PostgreSQL, so one can hold a lock while a request waits on it; PGlite has one.
    t = await startTestApp(kind, { database: { limits: LIMITS, maxConnections: 2 } });
    token = (await login(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const firstId = async (table: 'biz_receive' | 'mnt_expert') =>
    (await sql<{ id: string }>`SELECT id FROM ${sql.table(table)} ORDER BY id LIMIT 1`.execute(t.database.db)).rows[0].id;

  it('saves a new 专家费 row after the dictionaries aged out, and the API answers afterwards', async () => {
    const values = { caseId: await firstId('biz_receive'), expertId: await firstId('mnt_expert'), amount: 2500.5, occurTime: '2026-11-26 10:00:00' };
    // What a minute of filling in the row does to the cache.
    t.app.dictionaries.invalidate();
    const saved = await t.app.inject({
      method: 'POST',
      url: `${API}/cost/expertCost/saveBatch`,
      headers: authHeaders(token),
      payload: { added: [{ row: 1, values }], updated: [], removedIds: [] },
    });
    expect(body(saved)).toMatchObject({ success: true, message: '保存成功！' });
    expect(body(await get(t.app, '/sys/randomImage/after-save'))).toMatchObject({ success: true });
    expect(body(await get(t.app, '/cost/expertCost/list', token))).toMatchObject({ success: true });
  });

  it('answers 数据库繁忙 when no connection frees up in time, and serves the next request once one does', async () => {
    const held = gate();
    const holders: Promise<void>[] = [];
    const busy: Promise<void>[] = [];
    // Hold every connection of the pool inside transactions.
    for (let i = 0; i < (kind === 'pglite' ? 1 : 2); i++) {
      const started = gate();
      holders.push(
        inTransaction(t.database.db, async (trx) => {
          await sql`SELECT 1`.execute(trx);
          started.open();
          await held.wait;
        }),
      );
      busy.push(started.wait);
    }
    await Promise.all(busy);
    const answer = body(await get(t.app, '/cost/expertCost/list', token));
    expect(answer.success).toBe(false);
    expect(answer.message).toMatch(/^数据库繁忙，请稍后重试/);
    held.open();
    await Promise.all(holders);
    expect(body(await get(t.app, '/cost/expertCost/list', token))).toMatchObject({ success: true });
  });

  it.runIf(kind === 'pglite')('refuses at once a query that bypasses its own transaction (it would wait for itself)', async () => {
    const bypass = inTransaction(t.database.db, async () => {
      await t.database.db.selectFrom('sys_user').select('id').execute();
    });
    await expect(bypass).rejects.toBeInstanceOf(PoolReentryError);
    // The refused transaction gave its connection back.
    expect(body(await get(t.app, '/cost/expertCost/list', token))).toMatchObject({ success: true });
  });

  it.runIf(kind === 'postgres')('never JIT-compiles a list query: a data rule OR made PostgreSQL spend most of a second compiling', async () => {
    const shown = await sql<{ jit: string }>`SHOW jit`.execute(t.database.db);
    expect(shown.rows[0]?.jit).toBe('off');
  });

  it.runIf(kind === 'postgres')('ends a statement stuck behind a lock with 数据库操作超时 instead of waiting for it', async () => {
    const held = gate();
    const locked = gate();
    const holder = inTransaction(t.database.db, async (trx) => {
      await sql`LOCK TABLE mnt_expert IN ACCESS EXCLUSIVE MODE`.execute(trx);
      locked.open();
      await held.wait;
    });
    await locked.wait;
    try {
      const answer = body(await get(t.app, '/maintenance/expert/list', token));
      expect(answer).toMatchObject({ success: false, message: '数据库操作超时，请稍后重试' });
    } finally {
      held.open();
      await holder;
    }
    expect(body(await get(t.app, '/maintenance/expert/list', token))).toMatchObject({ success: true });
  });

  it.runIf(kind === 'postgres')('survives a transaction the database ends for sitting idle, and answers the next request', async () => {
    const idle = inTransaction(t.database.db, async (trx) => {
      await sql`SELECT 1`.execute(trx);
      // Longer than the idle-in-transaction limit (twice the statement timeout).
      await new Promise((resolve) => setTimeout(resolve, 2 * LIMITS.statementTimeoutMs + 500));
      await sql`SELECT 1`.execute(trx);
    });
    await expect(idle).rejects.toThrow();
    expect(body(await get(t.app, '/maintenance/expert/list', token))).toMatchObject({ success: true });
  });
});
