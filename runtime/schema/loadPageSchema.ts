/**
 * The single entry point from a page document (a file in schemas/pages or an online config) to the
 * CompiledPage renderers and the server use:
 *   migrate by schemaVersion → validate against the meta-schema → cross-reference checks → compile.
 * Migration comes first so an older document is validated against the current meta-schema in its
 * migrated form. A bad document yields errors, never an exception, and breaks only its own page.
 * Results are memoised by source and content, so a schema compiles once, not on every render.
 */
import type { PageDocument } from '../generated/page';
import { compilePage } from './compilePage';
import type { LoadPageResult } from './compiledPageTypes';
import { checkCrossReferences } from './crossReferences';
import { contentHash } from './hash';
import { validateAgainstMetaSchema } from './metaValidator';
import { migratePageDocument } from './migrations';
import type { SchemaError } from './schemaError';

export type { CompiledPage, LoadPageResult } from './compiledPageTypes';
export type { SchemaError } from './schemaError';

interface CacheEntry {
  text: string;
  result: LoadPageResult;
}

/** One entry per source: a changed document replaces its previous compilation. */
const cache = new Map<string, CacheEntry>();

/** Freezes the result so pages sharing it cannot change it under each other. */
function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  if (value instanceof Map) {
    for (const entry of value.values()) deepFreeze(entry, seen);
  } else {
    for (const entry of Object.values(value)) deepFreeze(entry, seen);
  }
  return Object.freeze(value);
}

function failure(errors: SchemaError[]): LoadPageResult {
  return { ok: false, errors };
}

function serialise(doc: unknown): string | undefined {
  try {
    return JSON.stringify(doc);
  } catch {
    return undefined;
  }
}

function load(doc: unknown, source: string, hash: string): LoadPageResult {
  const migrated = migratePageDocument(doc, source);
  if (!migrated.ok) return failure(migrated.errors);
  // migrated.doc is loadPageSchema's own parsed copy, never the caller's object.
  const current = migrated.doc;
  const shapeErrors = validateAgainstMetaSchema(current, source);
  if (shapeErrors.length > 0) return failure(shapeErrors);
  const page = current as PageDocument;
  const referenceErrors = checkCrossReferences(page, source);
  if (referenceErrors.length > 0) return failure(referenceErrors);
  return { ok: true, page: compilePage(page, source, hash) };
}

/**
 * Validates, migrates and compiles one page document.
 * @param source the file path (schemas/pages/maintenance/expert.json) or 'online:<code>', used in errors.
 */
export function loadPageSchema(doc: unknown, source: string): LoadPageResult {
  const text = serialise(doc);
  if (text === undefined) {
    return failure([{ source, pointer: '', message: '文档不是可序列化的 JSON 数据' }]);
  }
  const cached = cache.get(source);
  if (cached && cached.text === text) return cached.result;

  let result: LoadPageResult;
  try {
    result = load(JSON.parse(text), source, contentHash(text));
  } catch (error) {
    // A defect in a migration step or the compiler must still break only this page.
    const reason = error instanceof Error ? error.message : String(error);
    result = failure([{ source, pointer: '', message: `页面定义无法加载：${reason}` }]);
  }
  deepFreeze(result);
  cache.set(source, { text, result });
  return result;
}

/** Forgets every compiled page (tests; a dev server after schema files change). */
export function clearPageSchemaCache(): void {
  cache.clear();
}
