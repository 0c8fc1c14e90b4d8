// Compiled page documents of the repository, for the picker tests' fake host.
import fs from 'node:fs';
import path from 'node:path';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import type { CompiledField, CompiledPage } from '../../../../../runtime/schema/compiledPageTypes';

const root = path.resolve(__dirname, '../../../../..');

export function shippedPage(ref: string): CompiledPage {
  const source = ref.startsWith('examples/') ? `schemas/pages/${ref}.json` : `schemas/pages/${ref}.json`;
  const result = loadPageSchema(JSON.parse(fs.readFileSync(path.join(root, source), 'utf8')), source);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('；'));
  return result.page;
}

/** A field of the picker example (schemas/pages/examples/assignment.json). */
export function exampleField(name: string): CompiledField {
  const field = shippedPage('examples/assignment').fieldByName.get(name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
}
