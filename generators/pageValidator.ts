/**
 * The page meta-schema's validator as ajv standalone code (runtime/generated/pageValidator.js).
 * Compiling the schema at run time makes ajv build its validator with `new Function`, which the web
 * app's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses; the same code
 * generated ahead of time is plain JavaScript that every side (browser, server, tests) imports.
 */
import { createRequire } from 'node:module';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';

const require = createRequire(import.meta.url);

/**
 * ajv's standalone code still `require`s a few runtime helpers; an ES module in the browser cannot.
 * Each one is written into the module instead: the helper's own source where it is self-contained,
 * else an exact copy (ajv-formats' `regex` format reads its module's Z_ANCHOR).
 */
function inlineHelpers(): Map<string, { name: string; source: string }> {
  const ucs2length = (require('ajv/dist/runtime/ucs2length') as { default: (s: string) => number }).default;
  const equal = (require('ajv/dist/runtime/equal') as { default: (a: unknown, b: unknown) => boolean }).default;
  return new Map([
    ['require("ajv/dist/runtime/ucs2length").default', { name: 'ucs2length', source: ucs2length.toString() }],
    ['require("ajv/dist/runtime/equal").default', { name: 'equal', source: equal.toString() }],
    [
      'require("ajv-formats/dist/formats").fullFormats.regex',
      {
        name: 'regexFormat',
        source:
          'const Z_ANCHOR = /[^\\\\]\\\\Z/;\n' +
          'function regexFormat(str) {\n  if (Z_ANCHOR.test(str)) return false;\n' +
          '  try {\n    new RegExp(str);\n    return true;\n  } catch (e) {\n    return false;\n  }\n}',
      },
    ],
  ]);
}

/** The module's source: `export default validate` (verbose, allErrors — metaValidator reads both). */
export function pageValidatorCode(schema: object, banner: string): string {
  // The options runtime/schema/metaValidator.ts relies on; strictRequired stays off because the rule
  // schema's `not: {anyOf: [{required: …}]}` names properties defined on the rule object itself.
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    code: { source: true, esm: true },
  });
  addFormats(ajv);
  // Annotations read by editors and by metaValidator's messages; strict mode must know them.
  ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' });
  let code = standaloneCode(ajv, ajv.compile(schema));
  const used: string[] = [];
  for (const [call, helper] of inlineHelpers()) {
    if (!code.includes(call)) continue;
    code = code.split(call).join(helper.name);
    used.push(helper.source);
  }
  const left = /require\([^)]*\)/.exec(code);
  if (left) throw new Error(`pageValidator: ajv standalone code needs a helper this generator does not inline: ${left[0]}`);
  return `${banner}\n${used.join('\n')}\n${code.replace(/^"use strict";/, '')}\n`;
}

export const PAGE_VALIDATOR_TYPES = `import type { ValidateFunction } from 'ajv';
import type { PageDocument } from './page';

declare const validate: ValidateFunction<PageDocument>;
export default validate;
`;
