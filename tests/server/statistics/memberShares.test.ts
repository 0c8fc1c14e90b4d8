/**
 * 分摊比例 of 案件成员 (schemas/pages/receive/receiveMember.json `shareRatio`), the shares 分摊统计 divides
 * each case's 公估费 and effective costs by: the demo gives every case's members the default rule
 * (复核 0, 协办 20, 查勘/其他 10, 主办 the rest) adding up to exactly 100; migration 0031 gives members of
 * a database seeded before the same shares; the form refuses a share outside 0–100.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as migration0031 } from '../../../server/db/migrations/0031_statistics_reports';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

type Share = { receive_id: string; user_name: string; member_role: string; share_ratio: string | null };

describe.each(DATABASE_KINDS)('案件成员的分摊比例 (%s)', (kind) => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await login(t.app, 'admin')).token;
  }, 120_000);
  afterAll(async () => t?.close());

  const shares = async () =>
    (await sql<Share>`SELECT receive_id, user_name, member_role, share_ratio FROM biz_receive_member ORDER BY receive_id, user_name`.execute(t.database.db)).rows;

  it('gives each demo case shares that add up to 100, 复核 none, 主办 the rest', async () => {
    const rows = await shares();
    expect(rows.length).toBeGreaterThan(100);
    const byCase = new Map<string, Share[]>();
    for (const r of rows) byCase.set(r.receive_id, [...(byCase.get(r.receive_id) ?? []), r]);
    for (const members of byCase.values()) {
      const cents = members.reduce((s, m) => s + Math.round(Number(m.share_ratio) * 100), 0);
      expect(cents, members.map((m) => `${m.user_name}:${m.member_role}:${m.share_ratio}`).join(' ')).toBe(10_000);
    }
    const fixed = rows.filter((r) => r.member_role !== 'handler').map((r) => [r.member_role, Number(r.share_ratio)]);
    for (const [role, share] of fixed) expect(share).toBe({ reviewer: 0, assistant: 20, surveyor: 10, other: 10 }[String(role)]);
  });

  it('migration 0031 gives members written before the same shares by the same rule', async () => {
    const seeded = await shares();
    await sql`UPDATE biz_receive_member SET share_ratio = NULL`.execute(t.database.db);
    // A case whose shares someone set by hand keeps them.
    const [kept] = seeded;
    await sql`UPDATE biz_receive_member SET share_ratio = 55 WHERE receive_id = ${kept.receive_id}`.execute(t.database.db);
    await migration0031(t.database.db as unknown as Kysely<unknown>);
    const after = await shares();
    expect(after.filter((r) => r.receive_id !== kept.receive_id)).toEqual(seeded.filter((r) => r.receive_id !== kept.receive_id));
    expect(after.filter((r) => r.receive_id === kept.receive_id).every((r) => Number(r.share_ratio) === 55)).toBe(true);
  });

  it('refuses a share outside 0–100 with the form’s message', async () => {
    const [member] = (await sql<{ id: string }>`SELECT id FROM biz_receive_member LIMIT 1`.execute(t.database.db)).rows;
    const answer = body(
      await t.app.inject({
        method: 'PUT',
        url: `${API}/receive/receiveMember/edit`,
        payload: { id: member.id, shareRatio: 120 },
        headers: authHeaders(admin),
      }),
    );
    expect(answer).toMatchObject({ success: false });
    expect(answer.message).toContain('分摊比例在0到100之间');
  });
});
