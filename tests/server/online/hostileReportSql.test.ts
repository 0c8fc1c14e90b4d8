import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { body, get, login, send, startTestApp, type TestApp } from '../support/app';
import { HOSTILE_SQL, HOSTILE_VALUES } from './hostileReportSql';

const HEAD = '/online/cgreportHead';
// The corpus sleeps 30 s where it tries pg_sleep: an answer slower than this means a sleep ran. Far
// from the ordinary answer time, so a loaded machine does not pass for a sleep.
const QUICK_MS = 15_000;

interface Fingerprint {
  users: number;
  passwords: string;
  sessions: number;
  experts: number;
  cases: number;
  tables: number;
  heads: number;
}

async function fingerprint(t: TestApp): Promise<Fingerprint> {
  const { rows } = await sql<Fingerprint>`
    SELECT (SELECT count(*) FROM sys_user)::int AS users,
           (SELECT md5(string_agg(coalesce(password, ''), ',' ORDER BY id)) FROM sys_user) AS passwords,
           (SELECT count(*) FROM sys_session)::int AS sessions,
           (SELECT count(*) FROM mnt_expert)::int AS experts,
           (SELECT count(*) FROM biz_receive)::int AS cases,
           (SELECT count(*) FROM pg_class WHERE relkind = 'r')::int AS tables,
           (SELECT count(*) FROM onl_cgreport_head)::int AS heads`.execute(t.database.db);
  return rows[0];
}

describe.each(DATABASE_KINDS)('hostile online report SQL and parameter values (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let before: Fingerprint;
  let secrets: string[];
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await login(t.app, 'admin')).token;
    before = await fingerprint(t);
    const { rows } = await sql<{ secret: string }>`
      SELECT password AS secret FROM sys_user WHERE password IS NOT NULL
      UNION ALL SELECT token_hash FROM sys_session`.execute(t.database.db);
    secrets = rows.map((r) => r.secret).filter((s) => s.length >= 16);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`has at least 200 hostile SQL texts and 50 hostile values (${HOSTILE_SQL.length} + ${HOSTILE_VALUES.length})`, () => {
    expect(HOSTILE_SQL.length).toBeGreaterThanOrEqual(200);
    expect(HOSTILE_VALUES.length).toBeGreaterThanOrEqual(50);
  });

  it('refuses every hostile SQL text in parseSql, preview and saveAll: nothing written, nothing secret read, no sleep', async () => {
    const successes: string[] = [];
    for (const [i, cgrSql] of HOSTILE_SQL.entries()) {
      const payloads = [
        ['parseSql', { cgrSql }],
        ['preview', { head: { cgrSql }, items: [], params: [{ paramName: 'x' }], paramValues: {} }],
        ['saveAll', { head: { code: `hostile_${i}`, name: '恶意', cgrSql }, items: [], params: [{ paramName: 'x' }] }],
      ] as const;
      for (const [action, payload] of payloads) {
        const started = Date.now();
        const response = await send(t.app, 'POST', `${HEAD}/${action}`, payload, admin);
        const elapsed = Date.now() - started;
        const answer = body(response);
        if (answer.success !== false || elapsed > QUICK_MS) successes.push(`${action} #${i} ${JSON.stringify(cgrSql)} → ${response.body.slice(0, 200)} (${elapsed} ms)`);
        else expect(answer.message, `${action} ${cgrSql}`).toMatch(/[\u4e00-\u9fa5]/);
        for (const secret of secrets) if (response.body.includes(secret)) successes.push(`${action} #${i} leaked a secret`);
      }
    }
    expect(successes).toEqual([]);
    expect(await fingerprint(t)).toEqual(before);
    // The session is itself again: not the reader role, no setting left changed.
    const { rows } = await sql<{ who: string; ro: string }>`SELECT current_user AS who, current_setting('transaction_read_only') AS ro`.execute(t.database.db);
    expect(rows[0]).toEqual({ who: 'postgres', ro: 'off' });
  });

  it('binds every hostile parameter value: it comes back as the very text, in a bare and in a quoted placeholder', async () => {
    const saved = body<string>(
      await send(t.app, 'POST', `${HEAD}/saveAll`, {
        head: { code: 'echo_params', name: '回显', cgrSql: "SELECT ${v}::text AS bare, 'pre${v}post' AS quoted, count(*) AS experts FROM mnt_expert" },
        items: [{ fieldName: 'bare' }, { fieldName: 'quoted' }, { fieldName: 'experts', fieldType: 'Integer' }],
        params: [{ paramName: 'v', paramTxt: '值' }],
      }, admin),
    );
    expect(saved.success).toBe(true);
    const bad: string[] = [];
    for (const value of HOSTILE_VALUES) {
      const started = Date.now();
      const response = await get(t.app, `/online/cgreport/api/getData/${saved.result}?self_v=${encodeURIComponent(value)}`, admin);
      const elapsed = Date.now() - started;
      const answer = body<{ records: Array<Record<string, unknown>> }>(response);
      const record = answer.result?.records?.[0];
      const blank = value.trim() === '';
      if (!answer.success || elapsed > QUICK_MS || record?.bare !== (blank ? null : value) || record?.quoted !== (blank ? null : `pre${value}post`)) {
        bad.push(`${JSON.stringify(value)} → ${response.body.slice(0, 200)} (${elapsed} ms)`);
      }
      // The same values as query conditions and sort names of the demo report are data or refused, never SQL.
      const demo = await get(t.app, `/online/cgreport/api/getData/case_by_insurer?insurer_name=${encodeURIComponent(value)}&column=${encodeURIComponent(value)}&self_beginDate=${encodeURIComponent(value)}`, admin);
      if (Date.now() - started > 2 * QUICK_MS) bad.push(`demo ${JSON.stringify(value)} slow`);
      for (const secret of secrets) if (demo.body.includes(secret) || response.body.includes(secret)) bad.push(`${JSON.stringify(value)} leaked a secret`);
    }
    expect(bad).toEqual([]);
    expect({ ...(await fingerprint(t)), heads: before.heads }).toEqual(before);
  });
});
