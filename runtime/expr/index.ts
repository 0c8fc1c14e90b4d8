// The page-expression language without Formily, safe to import from the server. The Formily
// registration lives in ./formilyCompiler (it pulls in @formily/react).
export { compileExpression, evaluateExpression, clearExpressionCache, type CompiledExpression } from './compile';
export { ExpressionError } from './errors';
export { HELPER_NAMES } from './helpers';
export type { EvaluateOptions, ExpressionScope } from './interpreter';
export { MAX_EXPRESSION_LENGTH, MAX_NESTING } from './parser';
