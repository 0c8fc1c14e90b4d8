/**
 * Every page document on the generic endpoints with its demo rows: the list answers with dictionary
 * texts, a record reads back by id, and an unchanged record saves again (the server accepts its own
 * data). Writing pages are covered field by field in entityCrud.test.ts; this file makes sure no
 * page is left out, including the read-only case and invoice lists the pickers read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ENTITIES } from '../../../server/seed/demo/caseLife';
import { DATABASE_KINDS } from '../../support/database';
import { login } from '../support/app';
import { signedInCrudApp } from './support';

type Rec = Record<string, unknown>;
interface Page {
  records: Rec[];
  total: number;
}

/** Demo rows per entity, as schemas/seed/entities holds them (0: unknown, the demo firm's generator writes more). */
function demoRowCount(entity: string): number {
  if ((Object.values(DEMO_ENTITIES) as string[]).includes(entity)) return 0;
  const file = path.resolve('schemas/seed/entities', `${entity}.json`);
  if (!fs.existsSync(file)) return 0;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { rows: unknown[] }).rows.length;
}

describe.each(DATABASE_KINDS)('every page on the generic endpoints (%s)', (kind) => {
  const server = signedInCrudApp(kind);

  const { get } = server;

  it('lists, reads back and re-saves the demo rows of every page', async () => {
    // Pages served by a named module are not on the generic endpoints (their own tests cover them).
    const pages = server.pages.filter((page) => page.entity.table !== 'tst_tenant_expert' && page.document.entity.servedBy === undefined && page.document.entity.server === undefined);
    expect(pages.map((page) => `${page.entity.module}/${page.entity.name}`)).toEqual(
      expect.arrayContaining(['maintenance/expert', 'sys/position', 'receive/receive', 'receipt/receipt']),
    );
    for (const page of pages) {
      const entity = `${page.entity.module}/${page.entity.name}`;
      const listed = await get<Page>(`${page.entity.apiPath}/list?pageSize=5`);
      expect(listed.success, `${entity}: ${listed.message}`).toBe(true);
      const seeded = demoRowCount(entity);
      if (seeded > 0 && !page.entity.tree) expect(listed.result.total, entity).toBe(seeded);
      const [first] = listed.result.records;
      if (!first) continue;
      for (const field of page.fields.filter((f) => f.dict && first[f.name] !== null && first[f.name] !== undefined)) {
        expect(first, `${entity}.${field.name}`).toHaveProperty(`${field.name}_dictText`);
      }
      const byId = await get<Rec>(`${page.entity.apiPath}/queryById?id=${encodeURIComponent(String(first.id))}`);
      expect(byId.success, `${entity}: ${byId.message}`).toBe(true);
      expect(byId.result.id).toBe(first.id);
      if (!page.list.rowActions.some((action) => action.action === 'edit')) continue;
      const payload: Rec = { id: first.id };
      for (const field of page.fields) if (!field.readOnly) payload[field.name] = byId.result[field.name];
      const saved = await server.send('PUT', `${page.entity.apiPath}/edit`, payload);
      expect(saved.success, `${entity}: ${saved.message}`).toBe(true);
    }
  });

  it('lets an adjuster read cases and the master data he picks from, and nothing else', async () => {
    const lisi = (await login(server.app, 'lisi')).token;
    for (const url of ['/receive/receive/list', '/maintenance/expert/list', '/maintenance/outsource/list']) {
      expect((await get<Page>(url, lisi)).success, url).toBe(true);
    }
    for (const url of ['/receipt/receipt/list', '/maintenance/currency/list']) {
      expect(await get(url, lisi), url).toMatchObject({ success: false, code: 510 });
    }
    const wangwu = (await login(server.app, 'wangwu')).token;
    expect((await get<Page>('/receipt/receipt/list', wangwu)).success).toBe(true);
    expect((await get<Page>('/receive/receive/list', wangwu)).success).toBe(true);
  });
});
