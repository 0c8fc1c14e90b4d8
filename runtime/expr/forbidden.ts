/**
 * Names an expression may never read, as a variable or as a property: the ways from a plain value
 * to its prototype or constructor (and from there to `Function`), plus everything Object.prototype
 * carries (`toString`, `__defineGetter__`, …) so a lookup can never land on an inherited member.
 */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
  ...Object.getOwnPropertyNames(Object.prototype),
]);

export function isForbiddenName(name: string): boolean {
  return FORBIDDEN_NAMES.has(name);
}
