/**
 * schemaVersion migrations. Each step lifts a document by one version; loadPageSchema runs them once,
 * before validation against the current meta-schema, so renderers only ever see the current shape.
 * When the language changes incompatibly: bump CURRENT_SCHEMA_VERSION, change the meta-schema's
 * schemaVersion const, and add the step { from: <old>, migrate } to PAGE_MIGRATIONS.
 */
import { pointer, type SchemaError } from './schemaError';

export const CURRENT_SCHEMA_VERSION = 1;

export type PageJson = Record<string, unknown>;

export interface MigrationStep {
  /** The version this step reads; it returns version from + 1. */
  from: number;
  /** What changed, for the README and logs. */
  describe: string;
  /** Works on its own copy of the document; may change it freely. */
  migrate: (doc: PageJson) => PageJson;
}

export interface MigrationRegistry {
  current: number;
  steps: readonly MigrationStep[];
}

/** Version 1 is the first and current version: nothing to migrate yet. */
export const PAGE_MIGRATIONS: MigrationRegistry = { current: CURRENT_SCHEMA_VERSION, steps: [] };

export type MigrationResult = { ok: true; doc: unknown; from?: number } | { ok: false; errors: SchemaError[] };

function isObject(value: unknown): value is PageJson {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Brings `doc` to registry.current. Documents without a usable schemaVersion are passed through
 * unchanged for the meta-schema to report; a version newer than the runtime is an error.
 */
export function migratePageDocument(
  doc: unknown,
  source: string,
  registry: MigrationRegistry = PAGE_MIGRATIONS,
): MigrationResult {
  if (!isObject(doc) || typeof doc.schemaVersion !== 'number' || !Number.isInteger(doc.schemaVersion)) {
    return { ok: true, doc };
  }
  const at = pointer('schemaVersion');
  const declared = doc.schemaVersion;
  if (declared > registry.current) {
    return {
      ok: false,
      errors: [
        {
          source,
          pointer: at,
          message: `文档的 schemaVersion ${declared} 比运行时支持的版本 ${registry.current} 新，请升级 lossdesk 后再加载`,
          expected: `≤ ${registry.current}`,
        },
      ],
    };
  }
  if (declared === registry.current) return { ok: true, doc };

  let current: PageJson = structuredClone(doc);
  for (let version = declared; version < registry.current; version += 1) {
    const step = registry.steps.find((s) => s.from === version);
    if (!step) {
      return {
        ok: false,
        errors: [{ source, pointer: at, message: `schemaVersion ${declared} 无法迁移：缺少从版本 ${version} 升级的步骤` }],
      };
    }
    current = { ...step.migrate(current), schemaVersion: version + 1 };
  }
  return { ok: true, doc: current, from: declared };
}
