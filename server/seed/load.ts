import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { SeedError, type SeedDocuments, type SeedName } from './documents';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SEED_DIR = 'schemas/seed';
const META_DIR = 'schemas/meta/seed';

let ajv: Ajv2020 | undefined;
const validators = new Map<SeedName, ValidateFunction>();

function validatorFor(name: SeedName): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    ajv ??= addFormats(new Ajv2020({ allErrors: true, strict: true }));
    const schemaFile = path.join(root, META_DIR, `${name}.schema.json`);
    validate = ajv.compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')) as object);
    validators.set(name, validate);
  }
  return validate;
}

/** One line per problem: the JSON pointer into the document, then what the schema expected there. */
function describe(error: ErrorObject): string {
  const pointer = error.instancePath || '/';
  const params = error.params as Record<string, unknown>;
  let detail = error.message ?? 'is invalid';
  if (error.keyword === 'additionalProperties') detail += `: "${String(params.additionalProperty)}"`;
  if (error.keyword === 'enum') detail += `: ${JSON.stringify(params.allowedValues)}`;
  return `${pointer} ${detail}`;
}

/**
 * Checks a parsed seed document against schemas/meta/seed/<name>.schema.json and returns it typed;
 * throws a SeedError naming the file, each JSON pointer and what was expected.
 */
export function validateSeedDocument<N extends SeedName>(name: N, document: unknown): SeedDocuments[N] {
  const validate = validatorFor(name);
  if (!validate(document)) {
    const problems = (validate.errors ?? []).map((e) => `  ${describe(e)}`).join('\n');
    throw new SeedError(`种子文件 ${SEED_DIR}/${name}.json 不符合 ${META_DIR}/${name}.schema.json:\n${problems}`);
  }
  return document as SeedDocuments[N];
}

/** Reads and validates schemas/seed/<name>.json. */
export function loadSeedDocument<N extends SeedName>(name: N): SeedDocuments[N] {
  const file = `${SEED_DIR}/${name}.json`;
  let document: unknown;
  try {
    document = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  } catch (err) {
    throw new SeedError(`种子文件 ${file} 无法读取: ${err instanceof Error ? err.message : String(err)}`);
  }
  return validateSeedDocument(name, document);
}
