import fs from 'node:fs';
import path from 'node:path';
import { loadPageSchema, type CompiledPage } from '../../runtime/schema/loadPageSchema';

/**
 * A tenant-scoped copy of the example expert page (its own table and path, the expert permission
 * codes): the maintenance pages are not tenant-scoped, this one shows the scoping. The crud tests'
 * template database (globalSetup.ts) is prepared with it beside the shipped pages.
 */
export function tenantExpertPage(): CompiledPage {
  const doc = JSON.parse(fs.readFileSync(path.resolve('schemas/pages/examples/expert.json'), 'utf8')) as { entity: Record<string, unknown> };
  doc.entity = { ...doc.entity, name: 'tenantExpert', table: 'tst_tenant_expert', tenantScoped: true };
  const loaded = loadPageSchema(doc, 'tests/server/crud/tenantExpert');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.page;
}
