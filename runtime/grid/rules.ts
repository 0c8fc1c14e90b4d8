import { isEmptyValue, isPatternName, rulesFromOnlineCode, validateRule, type ValidationRule } from '../validation';
import type { GridColumn, GridColumnType, GridRule, GridRuleHandler, ValidationTrigger } from './columns';
import type { GridRow } from './rowTypes';
import { handlerFailedMessage, uniqueMessage } from './texts';

/** Cells the user types into (请输入<title>); every other kind is chosen from (请选择<title>). */
const TYPED_COLUMNS: ReadonlySet<GridColumnType> = new Set<GridColumnType>(['input', 'inputNumber', 'input_pop', 'tags', 'hidden', 'slot']);

/** A column rule in one of the forms the checker runs. */
export type CheckedRule = ValidationRule | { handler: GridRuleHandler; message?: string };

function withTitle(message: string | undefined, title: string): string | undefined {
  return message?.replace(/\$\{title\}/g, title);
}

/**
 * A column's rules in checkable form: a `pattern` that is not one of runtime/validation's names is
 * read as a JeecgBoot online code ('*' required, 'only' unique, 'm' mobile … or a raw regex), so
 * the spec's pattern list is the one table in runtime/validation.
 */
export function checkedRules(column: GridColumn): CheckedRule[] {
  return column.validateRules.flatMap((rule: GridRule): CheckedRule[] => {
    const message = withTitle(rule.message, column.title);
    if ('handler' in rule) return [{ handler: rule.handler, message }];
    if ('pattern' in rule && typeof rule.pattern === 'string' && !isPatternName(rule.pattern)) {
      return rulesFromOnlineCode(rule.pattern, message);
    }
    return [message === undefined ? (rule as ValidationRule) : ({ ...rule, message } as ValidationRule)];
  });
}

export function hasUniqueRule(column: GridColumn): boolean {
  return checkedRules(column).some((rule) => 'unique' in rule);
}

/** Values are compared as text, so 5 and '5' clash. */
function sameValue(a: unknown, b: unknown): boolean {
  return String(a) === String(b);
}

export interface CellCheck {
  column: GridColumn;
  rowId: string;
  rows: readonly GridRow[];
  trigger: ValidationTrigger;
}

/**
 * The first failing rule's message for a cell, or undefined when it passes. Required and patterns
 * come from runtime/validation; unique fails when another row holds the same value (spec §5);
 * a custom handler may answer late, and a handler that throws fails the cell.
 */
export async function checkCell({ column, rowId, rows, trigger }: CellCheck): Promise<string | undefined> {
  const row = rows.find((r) => r.id === rowId);
  if (!row) return undefined;
  const value = row.values[column.key];
  for (const rule of checkedRules(column)) {
    if ('handler' in rule) {
      let verdict: boolean | string | undefined;
      try {
        verdict = await rule.handler({ trigger, value, row: row.values, rowId, column, rows });
      } catch {
        verdict = false;
      }
      if (verdict === false) return rule.message ?? handlerFailedMessage(column.title);
      if (typeof verdict === 'string') return verdict;
      continue;
    }
    if ('unique' in rule) {
      if (isEmptyValue(value)) continue;
      const clash = rows.some((other) => other.id !== rowId && sameValue(other.values[column.key], value));
      if (clash) return rule.message ?? uniqueMessage(column.title);
      continue;
    }
    const message = validateRule(value, rule, { label: column.title, chosen: !TYPED_COLUMNS.has(column.type) });
    if (message !== undefined) return message;
  }
  return undefined;
}
