import { compileExpression, ExpressionError } from '../../expr';
import type { GridRowValues } from '../../grid';
import { roundComputed } from '../../schema/computedValue';
import type { CompiledField, CompiledPage } from '../../schema/compiledPageTypes';
import { NUMERIC_TYPES } from '../../schema/fieldSemantics';

/**
 * A slot column over a computed field (`compute`): the cell shows the field's expression run on
 * its row as the row is edited, so 合计金额 follows 金额 and 差旅费 before anything is saved. The
 * scope is the server's (server/crud/entity/computed.ts): number cells as numbers, an empty one
 * as null; the result kept to the field's decimals and shown with them. The server computes the stored value again.
 */
export function computedSlot(page: CompiledPage, field: CompiledField): ((values: Readonly<GridRowValues>) => unknown) | undefined {
  if (!field.compute) return undefined;
  const expression = compileExpression(field.compute.expression);
  const numeric = page.fields.filter((f) => NUMERIC_TYPES.has(f.type)).map((f) => f.name);
  return (values) => {
    const scope: Record<string, unknown> = { ...values };
    for (const name of numeric) {
      const value = scope[name];
      scope[name] = value === '' || value === null || value === undefined ? null : Number(value);
    }
    try {
      const result = roundComputed(field, expression.evaluate({ $values: scope }));
      // As the server sends a decimal back (1500.80), so the cell reads the same before and after a save.
      return typeof result === 'number' && field.scale !== undefined ? result.toFixed(field.scale) : result;
    } catch (error) {
      // A half-typed row may not compute yet; the cell stays empty until it does.
      if (error instanceof ExpressionError) return '';
      throw error;
    }
  };
}
