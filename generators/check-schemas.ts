/**
 * `npm run schemas:check`: loads every page document under schemas/pages/ through the runtime's own
 * loader (meta-schema, cross-references, migrations, compile), then checks what spans documents (a
 * table dictionary naming another page's sensitive column), and prints one line per error:
 *   schemas/pages/examples/expert.json#/fields/0 缺少必填属性 label
 * Exits 1 when any document has an error, so CI fails on a broken page before a user sees it.
 * An optional argument checks another folder instead (used by the tests): tsx generators/check-schemas.ts <dir>
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDictionaryReferences } from '../runtime/schema/dictionaryReferences';
import { loadPageSchema } from '../runtime/schema/loadPageSchema';
import { checkPickerReferences, type SourcedDocument } from '../runtime/schema/pickerReferences';
import { checkFormChildReferences } from '../runtime/schema/formChildren';
import { formatSchemaError, type SchemaError } from '../runtime/schema/schemaError';
import { checkReports } from '../server/reports/checkReports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pagesDir = path.join(root, 'schemas/pages');

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.name.endsWith('.json') ? [full] : [];
    })
    .sort();
}

/** One page file loaded: its errors, or its validated document. */
function loadPageFile(file: string): { errors: SchemaError[]; document?: SourcedDocument } {
  const source = path.relative(root, file).split(path.sep).join('/');
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return { errors: [{ source, pointer: '', message: `不是合法的 JSON：${error instanceof Error ? error.message : String(error)}` }] };
  }
  const result = loadPageSchema(doc, source);
  return result.ok ? { errors: [], document: { source, doc: result.page.document } } : { errors: [...result.errors] };
}

/** Errors of one page file; a file that is not JSON is reported like any other error. */
export function checkPageFile(file: string): SchemaError[] {
  return loadPageFile(file).errors;
}

/**
 * Errors of every page file of a folder: each file's own, then those between files (a table
 * dictionary naming another page's sensitive column), reported at the file that declares it.
 */
export function checkPageFolder(dir: string, options: { pickers?: boolean } = {}): { files: number; errors: SchemaError[] } {
  const files = walk(dir);
  const loaded = files.map(loadPageFile);
  const documents = loaded.flatMap((entry) => (entry.document ? [entry.document] : []));
  // A picker or area field naming a page that is missing (or has no picker / cascade section): only
  // the shipped folder holds every page such a field may name.
  const pickerErrors = options.pickers ? [...checkPickerReferences(documents), ...checkFormChildReferences(documents)] : [];
  return { files: files.length, errors: [...loaded.flatMap((entry) => entry.errors), ...checkDictionaryReferences(documents), ...pickerErrors] };
}

function main(): number {
  const { files, errors } = process.argv[2] ? checkPageFolder(path.resolve(process.argv[2])) : checkPageFolder(pagesDir, { pickers: true });
  const failed = new Set(errors.map((error) => error.source)).size;
  for (const error of errors) console.error(formatSchemaError(error));
  // Reports (schemas/reports) and the popups naming them; only for the shipped folders.
  const reportErrors = process.argv[2] ? [] : checkReports();
  for (const error of reportErrors) console.error(formatSchemaError(error));
  if (reportErrors.length > 0) console.error(`schemas:check: ${reportErrors.length} report errors.`);
  if (failed > 0) console.error(`schemas:check: ${failed} of ${files} page documents have errors.`);
  if (failed > 0 || reportErrors.length > 0) return 1;
  console.log(`schemas:check: ${files} page documents are valid.`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
