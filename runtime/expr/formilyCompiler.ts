import { Schema } from '@formily/react';
import { evaluateExpression } from './compile';

/**
 * Formily's default compiler runs `{{ … }}` through `new Function` + `with`. Replacing it routes
 * every schema expression (x-visible, x-reactions' fulfill state, defaults, …) through our
 * evaluator: same scope ($form, $self, $values, $deps, $record …), no code execution.
 * Consequence: Formily features that need code — `x-reactions.fulfill.run`, `{{ function … }}`,
 * calling scope functions — fail with an ExpressionError naming the position.
 * Call once at start-up, before the first schema is rendered.
 */
export function registerFormilyCompiler(): void {
  Schema.registerCompiler((expression: string, scope: unknown) =>
    evaluateExpression(expression, typeof scope === 'object' && scope !== null ? scope : undefined),
  );
}
