import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/vectors');

/**
 * Reads a file of the reference implementations' test vectors. They are copied from the shared
 * folder into tests/fixtures/vectors (unchanged), so the tests stand alone in any checkout.
 */
export function readSharedVectors<T>(file: string): T {
  return JSON.parse(readFileSync(resolve(fixtures, file), 'utf8')) as T;
}
