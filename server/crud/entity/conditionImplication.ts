/**
 * Whether one declared row condition implies another — every row passing the first passes the
 * second — read from their definitions alone (the same signed-in user reads both): a condition
 * implies itself, any branch of an anyOf it implies, an allOf all of whose conditions it implies; an
 * anyOf implies what each of its branches implies, an allOf what one of its conditions implies.
 * Anything else is not known to imply (false): the answer may be too cautious, never wrong.
 */
import { isDeepStrictEqual } from 'node:util';
import type { RowCondition } from '../../../runtime/generated/page';

export function implies(condition: RowCondition, target: RowCondition): boolean {
  if (isDeepStrictEqual(condition, target)) return true;
  // An empty anyOf or allOf lets nothing through (rowConditionSql.ts): not reasoned about.
  if ('anyOf' in target && target.anyOf.some((t) => implies(condition, t))) return true;
  if ('allOf' in target && target.allOf.length > 0 && target.allOf.every((t) => implies(condition, t))) return true;
  if ('anyOf' in condition) return condition.anyOf.length > 0 && condition.anyOf.every((c) => implies(c, target));
  if ('allOf' in condition) return condition.allOf.some((c) => implies(c, target));
  return false;
}
