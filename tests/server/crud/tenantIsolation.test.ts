/**
 * Tenant isolation across every entity endpoint: for every page document whose table is
 * tenant-scoped, a row of tenant A is listed, shown, exported, picked and read through table
 * dictionaries in tenant A — and a user working in tenant B can do none of that, nor edit or delete
 * it. The pages are read from schemas/pages, so a page made tenant-scoped later is covered too.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledField, CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { loadEntityPages } from '../../../server/crud/pages';
import { isServedByModule } from '../../../server/crud/servedPages';
import { readWorkbook } from '../../../server/excel';
import { loadReports } from '../../../server/reports/loadReports';
import { computeSign } from '../../../server/http/sign';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

const TENANT_A = 41;
const TENANT_B = 42;
type Rec = Record<string, unknown>;

const pages = loadEntityPages();
const scopedPages = pages.filter((p) => p.entity.tenantScoped && !isServedByModule(p));

/** The table dictionaries pages declare over a tenant-scoped page's table. */
const scopedDictionaries = [
  ...new Set(
    pages.flatMap((p) => p.document.fields.map((f) => f.dictCode).filter((code): code is string => !!code && code.split(',').length === 3)),
  ),
].filter((code) => scopedPages.some((p) => p.entity.table === code.split(',')[0]));

/** Online reports (popup pickers) over a tenant-scoped page. */
const scopedReports = loadReports(pages).filter((r) => r.page.entity.tenantScoped);

let serial = 0;
/** A value of the field's type that fits its column (unique per call). */
function valueFor(field: CompiledField): unknown {
  serial += 1;
  switch (field.type) {
    case 'string':
    case 'text':
      return `甲${serial}`.slice(0, field.length ?? 255);
    case 'integer':
      return serial;
    case 'number':
    case 'money':
      return 1;
    case 'date':
      return '2026-01-02';
    case 'datetime':
      return '2026-01-02 03:04:05';
    case 'time':
      return '03:04:05';
    case 'boolean':
      return false;
  }
}

/** A string field an edit could change (not unique, not computed). */
function editableText(page: CompiledPage): CompiledField | undefined {
  return page.fields.find((f) => (f.type === 'string' || f.type === 'text') && !f.unique && !f.compute && !f.readOnly && !f.sensitive);
}

function beijingStamp(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

describe.each(DATABASE_KINDS)('tenant isolation of every tenant-scoped page (%s)', (kind) => {
  let t: TestApp;
  let userA: string;
  let userB: string;
  /** page source → the id of its tenant-A row. */
  const rowOf = new Map<string, string>();

  const call = (token: string, tenant: number, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Rec, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `${API}${url}`, headers: { ...authHeaders(token), 'tenant-id': String(tenant), ...headers }, ...(payload ? { payload } : {}) });
  const exists = async (page: CompiledPage, id: string) =>
    (await sql`SELECT 1 FROM ${sql.table(page.entity.table)} WHERE id = ${id} AND tenant_id = ${TENANT_A}`.execute(t.database.db)).rows.length === 1;

  /** A copy of admin (password, roles) working in the given tenant only. */
  async function adminIn(username: string, tenant: number): Promise<string> {
    const db = t.database.db;
    const admin = await db.selectFrom('sys_user').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    const id = randomUUID().replaceAll('-', '');
    await db
      .insertInto('sys_user')
      .values({ id, username, realname: username, password: admin.password, org_code: admin.org_code, rel_tenant_ids: String(tenant), status: 1, del_flag: 0 })
      .execute();
    const roles = await db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', admin.id).execute();
    await db.insertInto('sys_user_role').values(roles.map((r) => ({ id: randomUUID().replaceAll('-', ''), user_id: id, role_id: r.role_id }))).execute();
    const departs = await db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', admin.id).execute();
    if (departs.length > 0) await db.insertInto('sys_user_depart').values(departs.map((d) => ({ id: randomUUID().replaceAll('-', ''), user_id: id, dep_id: d.dep_id }))).execute();
    return (await login(t.app, username)).token;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    const db = t.database.db;
    await db.insertInto('sys_tenant').values([{ id: TENANT_A, name: '甲租户' }, { id: TENANT_B, name: '乙租户' }]).execute();
    userA = await adminIn('tenanta', TENANT_A);
    userB = await adminIn('tenantb', TENANT_B);
    for (const page of scopedPages) {
      const id = randomUUID().replaceAll('-', '');
      const columns: Rec = { id, tenant_id: TENANT_A, create_by: 'tenanta' };
      for (const field of page.fields) if (!field.system) columns[field.column] = valueFor(field);
      const names = Object.keys(columns);
      await sql`INSERT INTO ${sql.table(page.entity.table)} (${sql.join(names.map((n) => sql.id(n)))}) VALUES (${sql.join(names.map((n) => columns[n]))})`.execute(db);
      rowOf.set(page.source, id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('covers the business pages', () => {
    expect(scopedPages.map((p) => p.entity.apiPath).sort()).toEqual(
      expect.arrayContaining(['/cost/expertCost', '/cost/workHour', '/maintenance/expert', '/receipt/receipt', '/receive/receive', '/sys/dataLog']),
    );
    expect(scopedDictionaries).toContain('biz_receive,receive_name,id');
  });

  it.each(scopedPages.map((p) => [p.entity.apiPath, p] as const))('%s: list, detail and picker list show tenant A its row and tenant B nothing of it', async (apiPath, page) => {
    const id = rowOf.get(page.source)!;
    const listed = (token: string, tenant: number, url: string) =>
      call(token, tenant, 'GET', url).then((r) => body<{ records: Rec[] }>(r).result.records.map((row) => row.id));
    expect(await listed(userA, TENANT_A, `${apiPath}/list?pageSize=100`)).toContain(id);
    expect(await listed(userB, TENANT_B, `${apiPath}/list?pageSize=100`)).not.toContain(id);
    const pickerList = page.picker?.listUrl;
    if (pickerList) {
      expect(await listed(userA, TENANT_A, `${pickerList}?pageSize=100`)).toContain(id);
      expect(await listed(userB, TENANT_B, `${pickerList}?pageSize=100`)).not.toContain(id);
    }
    expect(body<Rec>(await call(userA, TENANT_A, 'GET', `${apiPath}/queryById?id=${id}`)).result).toMatchObject({ id });
    const detailB = body<Rec | null>(await call(userB, TENANT_B, 'GET', `${apiPath}/queryById?id=${id}`));
    expect(detailB.success).toBe(false);
    expect(detailB.result ?? null).toBeNull();
  });

  it.each(scopedPages.map((p) => [p.entity.apiPath, p] as const))('%s: the export of tenant B leaves out the row of tenant A', async (apiPath) => {
    const rows = async (token: string, tenant: number) => {
      const response = await call(token, tenant, 'GET', `${apiPath}/exportXls`);
      expect(response.statusCode).toBe(200);
      return (await readWorkbook(response.rawPayload, 'export.xlsx')).rows.length;
    };
    // Tenant B holds no row of any page: its export is the head alone; tenant A's has the row too.
    expect(await rows(userA, TENANT_A)).toBe((await rows(userB, TENANT_B)) + 1);
  });

  it.each(scopedPages.filter((p) => !p.entity.readOnly).map((p) => [p.entity.apiPath, p] as const))(
    '%s: tenant B can neither edit nor delete the row of tenant A',
    async (apiPath, page) => {
      const id = rowOf.get(page.source)!;
      const field = editableText(page);
      const before = (await sql<Rec>`SELECT * FROM ${sql.table(page.entity.table)} WHERE id = ${id}`.execute(t.database.db)).rows[0];
      if (field) {
        const edited = body(await call(userB, TENANT_B, 'PUT', `${apiPath}/edit`, { id, [field.name]: '乙改' }));
        expect(edited.success).toBe(false);
      }
      expect(body(await call(userB, TENANT_B, 'DELETE', `${apiPath}/delete?id=${id}`)).success).toBe(false);
      await call(userB, TENANT_B, 'DELETE', `${apiPath}/deleteBatch?ids=${id}`);
      if (page.document.grid) {
        // The editable grid's save: an update and a removal of the other tenant's row.
        const updated = field ? [{ row: 1, values: { id, [field.name]: '乙改' } }] : [];
        expect(body(await call(userB, TENANT_B, 'POST', `${apiPath}/saveBatch`, { added: [], updated, removedIds: [] })).success).toBe(false);
        await call(userB, TENANT_B, 'POST', `${apiPath}/saveBatch`, { added: [], updated: [], removedIds: [id] });
      }
      const after = (await sql<Rec>`SELECT * FROM ${sql.table(page.entity.table)} WHERE id = ${id}`.execute(t.database.db)).rows[0];
      expect(after).toEqual(before);
      expect(await exists(page, id)).toBe(true);
    },
  );

  it.each(scopedDictionaries.map((code) => [code] as const))('table dictionary %s: tenant B reads no item of tenant A', async (dictCode) => {
    const page = scopedPages.find((p) => p.entity.table === dictCode.split(',')[0])!;
    const id = rowOf.get(page.source)!;
    const valueColumn = dictCode.split(',')[2];
    const value = valueColumn === 'id' ? id : String((await sql<Rec>`SELECT * FROM ${sql.table(page.entity.table)} WHERE id = ${id}`.execute(t.database.db)).rows[0][valueColumn]);
    const items = async (token: string, tenant: number) => {
      const response = await call(token, tenant, 'GET', `/sys/dict/getDictItems/${encodeURIComponent(dictCode)}`, undefined, {
        'x-sign': computeSign({}, dictCode),
        'x-timestamp': beijingStamp(),
      });
      return body<Array<{ value: string }>>(response).result.map((item) => item.value);
    };
    expect(await items(userA, TENANT_A)).toContain(value);
    expect(await items(userB, TENANT_B)).not.toContain(value);
  });

  it.each(scopedReports.map((r) => [r.code] as const))('online report %s: tenant B gets no row of tenant A', async (code) => {
    const total = async (token: string, tenant: number) =>
      body<{ total: number }>(await call(token, tenant, 'GET', `/online/cgreport/api/getData/${code}?pageSize=100`)).result.total;
    // Tenant B holds no row of the page; tenant A holds exactly its one.
    expect(await total(userA, TENANT_A)).toBe(1);
    expect(await total(userB, TENANT_B)).toBe(0);
  });
});
