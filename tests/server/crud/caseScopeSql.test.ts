/**
 * The SQL of the case page's 我的案件 view and 公估师 scope (schemas/pages/receive/receive.json) as
 * rowConditionSql writes it — a union of id lookups for 我的案件, member rows read through the derived
 * child-link index — selects exactly the cases a hand-written EXISTS says, on PGlite and PostgreSQL:
 * a user in no department, a case naming him in two ways (主办 and member), member rows and cases of
 * another tenant. The test writes its own cases (ids starting `scopesql`) and reads only those.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childLinkIndexes } from '../../../server/crud/childLinkIndexes';
import { loadEntityPages } from '../../../server/crud/pages';
import { PageModels } from '../../../server/crud/entity/pageModels';
import { rowConditionSql, type ConditionSession } from '../../../server/crud/entity/rowConditionSql';
import type { Database } from '../../../server/db/open';
import { DATABASE_KINDS, openTestDatabase } from '../../support/database';

const TENANT = 0;
const OTHER = 9;
const DEPART = '00000000000000000000000000a01a01';
const pages = loadEntityPages();
const models = new PageModels(pages);
const receive = models.get('receive/receive');

/** id → [tenant, department, handler, assistants, create_by] */
const CASES: Record<string, [number, string | null, string | null, string | null, string]> = {
  handled: [TENANT, null, 'scopeuser', null, 'admin'],
  handledAndMember: [TENANT, null, 'scopeuser', null, 'admin'],
  memberOnly: [TENANT, null, 'zhaoliu', null, 'admin'],
  memberOtherTenantRow: [TENANT, null, 'zhaoliu', null, 'admin'],
  assisted: [TENANT, null, 'zhaoliu', 'zhaoliu,scopeuser', 'admin'],
  registered: [TENANT, null, 'zhaoliu', null, 'scopeuser'],
  department: [TENANT, DEPART, 'zhaoliu', null, 'admin'],
  otherTenantHandled: [OTHER, null, 'scopeuser', null, 'admin'],
  stranger: [TENANT, null, 'zhaoliu', 'scopeuserx', 'admin'],
};
/** [case, tenant of the member row, user] */
const MEMBERS: Array<[string, number, string]> = [
  ['handledAndMember', TENANT, 'scopeuser'],
  ['memberOnly', TENANT, 'scopeuser'],
  ['memberOtherTenantRow', OTHER, 'scopeuser'],
  ['otherTenantHandled', OTHER, 'scopeuser'],
  ['stranger', TENANT, 'zhaoliu'],
];
const idOf = (name: string) => `scopesql${name}`.slice(0, 32).padEnd(32, '0');

describe.each(DATABASE_KINDS)('case scope SQL (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    for (const [name, [tenant, depart, handler, assistants, createBy]] of Object.entries(CASES)) {
      await sql`INSERT INTO biz_receive (id, receive_number, receive_name, receive_status, trust_date, depart_id, handler, assistants, tenant_id, create_by)
        VALUES (${idOf(name)}, ${`SQ${name}`.slice(0, 30)}, ${name}, 'handle', '2026-11-01', ${depart}, ${handler}, ${assistants}, ${tenant}, ${createBy})`.execute(db);
    }
    for (const [i, [name, tenant, user]] of MEMBERS.entries()) {
      await sql`INSERT INTO biz_receive_member (id, receive_id, user_name, member_role, tenant_id)
        VALUES (${`scopesqlmember${i}`}, ${idOf(name)}, ${user}, 'surveyor', ${tenant})`.execute(db);
    }
  }, 60_000);
  afterAll(() => database?.close());

  /** The test's cases of the tenant the condition lets through, by name. */
  async function through(condition: Expression<SqlBool>): Promise<string[]> {
    const { rows } = await sql<{ receive_name: string }>`
      SELECT receive_name FROM biz_receive WHERE biz_receive.tenant_id = ${TENANT} AND left(biz_receive.id, 8) = 'scopesql' AND ${condition}`.execute(database.db);
    return rows.map((r) => r.receive_name).sort();
  }

  /** The same by hand: EXISTS per member row, the user's departments spelled out. */
  async function byHand(session: ConditionSession, scope: boolean): Promise<string[]> {
    const member = sql<SqlBool>`EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = r.id AND m.tenant_id = ${TENANT} AND m.user_name = ${session.username})`;
    const rule = scope
      ? sql<SqlBool>`(r.create_by = ${session.username} OR r.handler = ${session.username}
          OR r.depart_id IN (SELECT dep_id FROM sys_user_depart WHERE user_id = ${session.userId})
          OR ${session.username} = ANY (string_to_array(r.assistants, ',')) OR ${member})`
      : sql<SqlBool>`(r.handler = ${session.username} OR ${member})`;
    const { rows } = await sql<{ receive_name: string }>`
      SELECT receive_name FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND left(r.id, 8) = 'scopesql' AND ${rule}`.execute(database.db);
    return rows.map((r) => r.receive_name).sort();
  }

  const personal = () => {
    const view = receive?.page.views.find((v) => v.key === 'personal');
    if (!receive || !view) throw new Error('receive.json has no 我的案件 view');
    return view.filter[0];
  };
  const session = (username: string, userId: string): ConditionSession => ({ username, userId, tenantId: TENANT });

  it('我的案件: 主办 or a member row of this tenant, once each, not another tenant’s', async () => {
    const who = session('scopeuser', 'scopeuser-no-depart');
    const got = await through(rowConditionSql(receive!, personal(), 'biz_receive', { session: who, pages: models }));
    expect(got).toEqual(['handled', 'handledAndMember', 'memberOnly']);
    expect(got).toEqual(await byHand(who, false));
  });

  it('我的案件 written for a page read in order (an OR with the member ids hashed) selects the same cases', async () => {
    const who = session('scopeuser', 'scopeuser-no-depart');
    const ordered = rowConditionSql(receive!, personal(), 'biz_receive', { session: who, pages: models, ordered: true });
    expect(ordered.compile(database.db).sql).not.toContain('ANY(ARRAY(');
    const got = await through(ordered);
    expect(got).toEqual(['handled', 'handledAndMember', 'memberOnly']);
    expect(got).toEqual(await through(rowConditionSql(receive!, personal(), 'biz_receive', { session: who, pages: models })));
  });

  it('公估师 scope: a user in no department sees his registered, handled, assisted and member cases', async () => {
    const who = session('scopeuser', 'scopeuser-no-depart');
    const got = await through(rowConditionSql(receive!, receive!.page.entity.scopes.adjusterCases, 'biz_receive', { session: who, pages: models }));
    expect(got).toEqual(['assisted', 'handled', 'handledAndMember', 'memberOnly', 'registered']);
    expect(got).toEqual(await byHand(who, true));
  });

  it('公估师 scope: a user of a department also sees that department’s cases', async () => {
    const { rows } = await sql<{ id: string }>`SELECT user_id AS id FROM sys_user_depart WHERE dep_id = ${DEPART} LIMIT 1`.execute(database.db);
    const who = session('scopeuser', rows[0].id);
    const got = await through(rowConditionSql(receive!, receive!.page.entity.scopes.adjusterCases, 'biz_receive', { session: who, pages: models }));
    expect(got).toContain('department');
    expect(got).toEqual(await byHand(who, true));
  });

  it('the member rows are read through the derived (tenant_id, user_name, receive_id) index', async () => {
    expect(childLinkIndexes(pages)).toContainEqual({ table: 'biz_receive_member', columns: ['tenant_id', 'user_name', 'receive_id'] });
    const { rows } = await sql<{ oid: string | null }>`SELECT to_regclass('biz_receive_member_tenant_id_user_name_receive_id_idx')::text AS oid`.execute(database.db);
    expect(rows[0].oid).not.toBeNull();
  });
});
