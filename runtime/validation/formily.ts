import type { FieldValidator, FieldValidatorContext } from '@formily/core';
import type { IValidatorRules } from '@formily/validator';
import { requiredMessage } from './messages';
import { checkRuleCode, duplicateCheck, type CheckRequest } from './remoteChecks';
import { validateRule, type ValidationRule } from './rules';

/** One Formily validator descriptor as this adapter produces it. */
export type FormilyRule = IValidatorRules<FieldValidatorContext>;

export interface FormilyValidatorOptions {
  /** The field's label, for the default required message (请输入<label>). */
  label?: string;
  /** The value is chosen, not typed: the required message says 请选择<label>. */
  chosen?: boolean;
  /** The host's HTTP GET; needed by `unique` and `ruleCode` rules. */
  request?: CheckRequest;
  /** Where a `unique` rule looks for duplicates. */
  duplicate?: {
    tableName: string;
    fieldName: string;
    /**
     * The record being edited. Default: the form's `id` value, which is what an edit form holds
     * (an add form has none, so every existing row counts).
     */
    dataId?: () => string | number | null | undefined;
  };
}

function formId(ctx: FieldValidatorContext | undefined): string | undefined {
  const values: unknown = ctx?.form?.values;
  if (typeof values !== 'object' || values === null) return undefined;
  const id = (values as Record<string, unknown>).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/**
 * Formily validator descriptors for a field's rules, in order. `required` becomes Formily's own
 * required rule (so the field shows as required) plus its whitespace rule (blank text counts as
 * empty, as in validateValue); every other synchronous rule is a validator function around
 * validateRule, so forms, the server and tests share one implementation and one set of messages.
 * The server checks (`unique`, `ruleCode`) run on blur and on submit, not on every keystroke.
 */
export function toFormilyValidator(rules: readonly ValidationRule[], options: FormilyValidatorOptions = {}): FieldValidator {
  const { label, chosen, request, duplicate } = options;
  return rules.map((rule): FormilyRule => {
    if ('required' in rule) {
      return { required: rule.required, whitespace: true, message: rule.message ?? requiredMessage(label, chosen) };
    }
    if ('unique' in rule) {
      if (!request || !duplicate) throw new Error('唯一校验（unique）需要 request 和 duplicate.tableName/fieldName');
      return {
        triggerType: 'onBlur',
        validator: async (value: unknown, _rule, ctx) => {
          const dataId = duplicate.dataId ? duplicate.dataId() : formId(ctx);
          const failed = await duplicateCheck(request, { tableName: duplicate.tableName, fieldName: duplicate.fieldName, fieldVal: value, dataId });
          // The server's message is the one shown (spec §5), not the rule's own.
          return failed ?? '';
        },
      };
    }
    if ('ruleCode' in rule) {
      if (!request) throw new Error(`编码校验（${rule.ruleCode}）需要 request`);
      return {
        triggerType: 'onBlur',
        validator: async (value: unknown) => (await checkRuleCode(request, { ruleCode: rule.ruleCode, value })) ?? '',
      };
    }
    return { validator: (value: unknown) => validateRule(value, rule, { label }) ?? '' };
  });
}
