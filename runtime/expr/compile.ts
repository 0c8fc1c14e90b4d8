import type { ExprNode } from './ast';
import { ExpressionError } from './errors';
import { evaluateTree, type EvaluateOptions, type ExpressionScope } from './interpreter';
import { parse } from './parser';

/** A parsed expression, ready to run against any number of scopes. */
export interface CompiledExpression {
  readonly source: string;
  evaluate(scope?: ExpressionScope, options?: EvaluateOptions): unknown;
}

/**
 * Forms re-run their linkage on every keystroke; the same few hundred expressions come back again
 * and again. Parse failures are cached too, so a broken page does not re-parse on each render.
 */
const MAX_CACHED = 1000;
const cache = new Map<string, CompiledExpression | ExpressionError>();

function build(source: string): CompiledExpression {
  const tree: ExprNode = parse(source);
  return {
    source,
    evaluate: (scope, options) => evaluateTree(tree, source, scope, options),
  };
}

/** Parses once per distinct source; throws ExpressionError (with the position) on bad syntax. */
export function compileExpression(source: string): CompiledExpression {
  let entry = cache.get(source);
  if (!entry) {
    try {
      entry = build(source);
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      entry = error;
    }
    if (cache.size >= MAX_CACHED) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(source, entry);
  }
  if (entry instanceof ExpressionError) throw entry;
  return entry;
}

export function evaluateExpression(source: string, scope?: ExpressionScope, options?: EvaluateOptions): unknown {
  return compileExpression(source).evaluate(scope, options);
}

/** Test seam and memory valve. */
export function clearExpressionCache(): void {
  cache.clear();
}

export function expressionCacheSize(): number {
  return cache.size;
}
