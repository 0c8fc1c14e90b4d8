import type { Kysely } from 'kysely';
import type { CompiledField } from '../../../runtime/schema/compiledPageTypes';
import { fieldRulesOf } from '../../../runtime/validation';
import type { DB } from '../../db/types';
import { BROKEN_RULE_MESSAGE, checkValue, parseRuleJson, type CheckRulePart } from '../../sys/checkRule';
import type { EntityModel } from './model';
import type { EntityValues, FieldError } from './validate';

/** A field's code rule (rules[].checkRule → sys_check_rule), checked on the server as the form does. */
interface FieldCodeRule {
  field: CompiledField;
  code: string;
  parts: CheckRulePart[] | undefined;
}

function ruleCodesOf(field: CompiledField): string[] {
  return fieldRulesOf(field).flatMap((rule) => ('ruleCode' in rule && rule.ruleCode ? [rule.ruleCode] : []));
}

/** The code rules of the model's fields, read once per request or import (rules are data and may change). */
export async function loadCodeRules(db: Kysely<DB>, model: EntityModel): Promise<FieldCodeRule[]> {
  const wanted = model.page.fields.flatMap((field) => ruleCodesOf(field).map((code) => ({ field, code })));
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('sys_check_rule')
    .select(['rule_code', 'rule_json'])
    .where('rule_code', 'in', [...new Set(wanted.map((w) => w.code))])
    .execute();
  const byCode = new Map(rows.map((r) => [r.rule_code, parseRuleJson(r.rule_json)]));
  return wanted.map(({ field, code }) => ({ field, code, parts: byCode.get(code) }));
}

/** Field errors of one record's values against the loaded code rules; empty values are not checked. */
export function codeRuleErrors(rules: readonly FieldCodeRule[], values: EntityValues): FieldError[] {
  const errors: FieldError[] = [];
  for (const { field, code, parts } of rules) {
    const value = values[field.name];
    if (value === null || value === undefined || value === '') continue;
    const fail = (message: string) => errors.push({ field: field.name, label: field.label, message });
    if (!parts) {
      fail(`${BROKEN_RULE_MESSAGE}（${code}）`);
      continue;
    }
    const outcome = checkValue(parts, String(value));
    if (!outcome.passed) fail(outcome.message);
  }
  return errors;
}
