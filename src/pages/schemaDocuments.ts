/**
 * The page documents shipped with the app: schemas/pages/<module>/<entity>.json, each its own lazily
 * loaded chunk. schemas/pages/examples/ holds the 示例 pages (module `examples`, menu 示例) beside
 * documents that only show the language; only the former are ever named by a menu.
 */
export type DocumentLoader = () => Promise<unknown>;

// examples/expert.json is the expert page written out for the language documentation (module maintenance), not a 示例 page.
const FILES = import.meta.glob<unknown>(['/schemas/pages/**/*.json', '!/schemas/pages/examples/expert.json'], { import: 'default' });

/**
 * `schema/maintenance/expert` → module and entity; `schema/receive/receive/handle` → also the named
 * view of the page (its `views[]` key); undefined for anything else.
 */
export function parseSchemaViewKey(viewKey: string): { module: string; entity: string; view?: string } | undefined {
  const match = /^schema\/([A-Za-z][\w-]*)\/([A-Za-z][\w-]*)(?:\/([a-z][A-Za-z0-9]*))?$/.exec(viewKey);
  if (!match) return undefined;
  return match[3] === undefined ? { module: match[1], entity: match[2] } : { module: match[1], entity: match[2], view: match[3] };
}

/** The repository path of a page document, as errors name it. */
export function schemaSource(module: string, entity: string): string {
  return `schemas/pages/${module}/${entity}.json`;
}

export function documentLoaders(): Readonly<Record<string, DocumentLoader>> {
  return FILES;
}

export function hasSchemaDocument(viewKey: string, loaders: Readonly<Record<string, DocumentLoader>> = FILES): boolean {
  const parsed = parseSchemaViewKey(viewKey);
  return parsed !== undefined && Object.hasOwn(loaders, `/${schemaSource(parsed.module, parsed.entity)}`);
}

/** Documents already arrived, per document set: a page opened again (or preloaded) resolves at once. */
const arrived = new WeakMap<Readonly<Record<string, DocumentLoader>>, Map<string, unknown>>();

function arrivedIn(loaders: Readonly<Record<string, DocumentLoader>>): Map<string, unknown> {
  let docs = arrived.get(loaders);
  if (!docs) {
    docs = new Map();
    arrived.set(loaders, docs);
  }
  return docs;
}

/** Loads the document at `path` ('/schemas/pages/…json') and remembers it for documentNow. */
export async function loadDocument(loaders: Readonly<Record<string, DocumentLoader>>, path: string): Promise<unknown> {
  const docs = arrivedIn(loaders);
  if (docs.has(path)) return docs.get(path);
  const doc = await loaders[path]();
  docs.set(path, doc);
  return doc;
}

/** The document at `path` if it has arrived already, else undefined. */
export function documentNow(loaders: Readonly<Record<string, DocumentLoader>>, path: string): { doc: unknown } | undefined {
  const docs = arrivedIn(loaders);
  return docs.has(path) ? { doc: docs.get(path) } : undefined;
}
