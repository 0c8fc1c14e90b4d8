/**
 * Declarative linkage → Formily x-reactions. Conditions and states are `{{ }}` strings, which
 * Formily hands to the compiler registered by runtime/expr (registerFormilyCompiler): the safe
 * evaluator, never code. While `when` holds the target takes `set`; otherwise visible, required and
 * disabled return to what the field declares (page language, FormLinkage). A value set by a rule is
 * left as it is when the rule stops holding: the user may have built on it.
 */
import type { ISchema } from '@formily/react';
import type { CompiledField, CompiledLinkage } from '../../schema/compiledPageTypes';

type Reaction = Exclude<NonNullable<ISchema['x-reactions']>, unknown[] | string | ((...args: never[]) => unknown)>;

export function asFormilyExpression(expression: string): string {
  return `{{ ${expression} }}`;
}

/** The states a field returns to when no rule holds. */
function declaredState(field: CompiledField): Record<string, unknown> {
  return {
    // 'hidden' keeps the value (the page language submits hidden fields); 'visible' shows it.
    display: field.hidden ? 'hidden' : 'visible',
    required: field.required,
    disabled: field.readOnly,
  };
}

export function linkageReaction(linkage: CompiledLinkage): Reaction {
  const fulfill: Record<string, unknown> = {};
  const otherwise: Record<string, unknown> = {};
  const declared = declaredState(linkage.target);
  const { visible, required, disabled, value } = linkage.set;
  if (visible !== undefined) {
    fulfill.visible = asFormilyExpression(visible);
    otherwise.display = declared.display;
  }
  if (required !== undefined) {
    fulfill.required = asFormilyExpression(required);
    otherwise.required = declared.required;
  }
  if (disabled !== undefined) {
    fulfill.disabled = asFormilyExpression(disabled);
    otherwise.disabled = declared.disabled;
  }
  if (value !== undefined) fulfill.value = asFormilyExpression(value);
  const reaction: Reaction = {
    dependencies: [...linkage.dependencies],
    when: asFormilyExpression(linkage.when),
    fulfill: { state: fulfill },
  };
  if (Object.keys(otherwise).length > 0) reaction.otherwise = { state: otherwise };
  return reaction;
}

/**
 * A computed field (`compute`) follows the fields its expression reads; the server computes it
 * again on save, so what the form shows is what will be stored.
 */
export function computeReaction(compute: NonNullable<CompiledField['compute']>): Reaction {
  return {
    dependencies: [...compute.dependencies],
    fulfill: { state: { value: asFormilyExpression(compute.expression) } },
  };
}

/** Reactions by target field name, in declaration order. */
export function reactionsByTarget(linkage: readonly CompiledLinkage[]): Map<string, Reaction[]> {
  const byTarget = new Map<string, Reaction[]>();
  for (const rule of linkage) {
    const list = byTarget.get(rule.target.name) ?? [];
    list.push(linkageReaction(rule));
    byTarget.set(rule.target.name, list);
  }
  return byTarget;
}
