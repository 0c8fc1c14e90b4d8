// Page documents of tests/fixtures/pages: pages with their own names for what the shipped pages declare,
// compiled as the server and the runtime compile the shipped ones.
import fs from 'node:fs';
import path from 'node:path';
import type { PageDocument } from '../../runtime/generated/page';
import { loadPageSchema, type CompiledPage } from '../../runtime/schema/loadPageSchema';

const folder = path.resolve(__dirname, '../fixtures/pages');

/** The raw document, to change before compiling. */
export function fixtureDocument(name: string): PageDocument {
  return JSON.parse(fs.readFileSync(path.join(folder, `${name}.json`), 'utf8')) as PageDocument;
}

export function fixturePage(name: string, doc: PageDocument = fixtureDocument(name)): CompiledPage {
  const loaded = loadPageSchema(doc, `tests/fixtures/pages/${name}.json`);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.pointer} ${e.message}`).join('；'));
  return loaded.page;
}
