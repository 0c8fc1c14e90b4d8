/**
 * The case bench's set-based fill (bench/support/cases.ts) writes cases the system itself accepts:
 * numbered GA + year + 6 digits and unique, in every state of the lifecycle with the fees and
 * invoiced amounts the state needs, handled by the demo staff in their departments. The lists show
 * them as to the users they belong to — lisi (公估师) sees his department's and his own cases, in
 * 在办案件 only cases being handled — and each state's case saves back unchanged through the page.
 * The table carries the index the views read in order (receive.json `indexes`).
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCases } from '../../../bench/support/cases';
import { loadEntityPages } from '../../../server/crud/pages';
import type { DB } from '../../../server/db/types';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

const CASES = 2000;
const LISI_DEPART = '00000000000000000000000000a01a01';

interface CaseRecord {
  id: string;
  receiveNumber: string;
  receiveStatus: string;
  departId: string | null;
  handler: string | null;
  assistants: string | null;
  createBy: string;
}

async function rows<T>(db: Kysely<DB>, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

describe.each(DATABASE_KINDS)('case bench fill (%s)', (kind) => {
  let ctx: TestApp;
  let admin: string;
  let lisi: string;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const { db } = ctx.database;
    // The fill writes into a firm without cases (its numbers start at GA2023000001), as the bench's fresh database is.
    await sql`DELETE FROM biz_receive_member`.execute(db);
    await sql`DELETE FROM biz_receive`.execute(db);
    await fillCases(db, CASES);
    admin = (await login(ctx.app, 'admin')).token;
    lisi = (await login(ctx.app, 'lisi')).token;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const list = async (token: string, query: string) => {
    const answer = body<{ records: CaseRecord[]; total: number }>(
      await ctx.app.inject({ method: 'GET', url: `${API}/receive/receive/list?${query}`, headers: authHeaders(token) }),
    );
    expect(answer.success, answer.message).toBe(true);
    return answer.result;
  };

  it('writes unique GA numbers, every state, and the amounts each state needs', async () => {
    const { db } = ctx.database;
    const [numbers] = await rows<{ n: number; distinct: number; wrong: number }>(db, sql`
      SELECT count(*)::int AS n, count(DISTINCT receive_number)::int AS distinct,
             count(*) FILTER (WHERE receive_number !~ '^GA20[0-9]{2}[0-9]{6}$')::int AS wrong FROM biz_receive`);
    expect(numbers).toEqual({ n: CASES, distinct: CASES, wrong: 0 });
    const states = await rows<{ s: string }>(db, sql`SELECT DISTINCT receive_status AS s FROM biz_receive ORDER BY 1`);
    expect(states.map((r) => r.s)).toEqual(['approve', 'handle', 'new', 'old', 'over', 'receipted', 'wait_receipt']);
    const broken = await rows(db, sql`
      SELECT receive_number, receive_status, fee_amount, invoiced_amount FROM biz_receive
      WHERE (receive_status NOT IN ('new', 'handle') AND fee_amount IS NULL)
         OR (receive_status IN ('receipted', 'old') AND invoiced_amount < fee_amount)
         OR (receive_status = 'wait_receipt' AND invoiced_amount >= fee_amount)
         OR (receive_status <> 'new' AND (handler IS NULL OR depart_id IS NULL))`);
    expect(broken).toEqual([]);
    const orphans = await rows(db, sql`SELECT id FROM biz_receive_member WHERE receive_id NOT IN (SELECT id FROM biz_receive)`);
    expect(orphans).toEqual([]);
  });

  it('lists every case to admin, and to lisi only his department’s and his own', async () => {
    expect((await list(admin, 'pageSize=10')).total).toBe(CASES);
    const mine = await list(lisi, 'pageSize=1000');
    expect(mine.total).toBeGreaterThan(CASES / 3);
    expect(mine.total).toBeLessThan(CASES);
    const { db } = ctx.database;
    const memberOf = new Set(
      (await rows<{ id: string }>(db, sql`SELECT receive_id AS id FROM biz_receive_member WHERE user_name = 'lisi'`)).map((r) => r.id),
    );
    const outside = mine.records.filter(
      (r) => r.departId !== LISI_DEPART && r.handler !== 'lisi' && r.createBy !== 'lisi' && !(r.assistants ?? '').split(',').includes('lisi') && !memberOf.has(r.id),
    );
    expect(outside).toEqual([]);
    const handling = await list(lisi, 'view=handle&pageSize=1000');
    expect(handling.total).toBeGreaterThan(0);
    expect(new Set(handling.records.map((r) => r.receiveStatus))).toEqual(new Set(['handle']));
  });

  it('keeps the case table indexed in the order the views read it: tenant, state, newest first', async () => {
    // 在办案件, 历史案件, 结案审批 … each filter one state and show the newest cases first (createTime desc, id).
    const found = await rows<{ indexdef: string }>(ctx.database.db, sql`
      SELECT indexdef FROM pg_indexes WHERE tablename = 'biz_receive' AND indexname = 'idx_biz_receive_tenant_id_receive_status_create_time_id'`);
    expect(found.map((r) => r.indexdef.replace(/^.* USING btree /, ''))).toEqual(['(tenant_id, receive_status, create_time, id)']);
  });

  it('saves a case of each state back unchanged through the page', async () => {
    const { db } = ctx.database;
    const page = loadEntityPages().find((p) => p.entity.table === 'biz_receive');
    if (!page) throw new Error('no page over biz_receive');
    const picked = await rows<{ id: string }>(db, sql`SELECT DISTINCT ON (receive_status) id FROM biz_receive ORDER BY receive_status, id`);
    expect(picked).toHaveLength(7);
    const call = async <T>(method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
      body<T>(await ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(admin) }));
    for (const { id } of picked) {
      const read = await call<Record<string, unknown>>('GET', `/receive/receive/queryById?id=${id}`);
      expect(read.success, read.message).toBe(true);
      const payload: Record<string, unknown> = { id };
      for (const field of page.fields) if (!field.readOnly) payload[field.name] = read.result[field.name];
      const saved = await call('PUT', '/receive/receive/edit', payload);
      expect(saved.success, `${id}: ${saved.message}`).toBe(true);
    }
  });
});
