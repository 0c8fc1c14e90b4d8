import type { ExprNode } from './ast';
import { ExpressionError } from './errors';
import { isForbiddenName } from './forbidden';
import { findHelper, toText, type HelperContext } from './helpers';

/**
 * What names resolve to. Formily hands in `$form`, `$self`, `$values`, `$deps`, `$record`, … (often
 * as a Proxy); a bare name that the scope does not hold is looked up in `$values`, so `amount > 0`
 * means the form's amount field. Nothing else is visible: no globals, no `window`, no `process`.
 */
export type ExpressionScope = object;

export interface EvaluateOptions {
  /** Clock for now() and today(). */
  now?: () => Date;
}

interface Run {
  source: string;
  scope: ExpressionScope | undefined;
  helpers: HelperContext;
}

function isObjectLike(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

function read(container: object, key: string): unknown {
  return (container as Record<string, unknown>)[key];
}

/**
 * Functions never become values of an expression: with calls limited to the helpers, a function
 * value could only be handed back to the caller to run, which would let a document act.
 */
function checked(value: unknown, name: string, run: Run, pos: number): unknown {
  if (typeof value === 'function') {
    throw new ExpressionError(`「${name}」是函数，表达式只能调用内置函数`, run.source, pos);
  }
  return value;
}

function lookup(name: string, run: Run, pos: number): unknown {
  const { scope } = run;
  if (!isObjectLike(scope)) return undefined;
  if (name in scope) {
    const value = read(scope, name);
    if (value !== undefined) return checked(value, name, run, pos);
  }
  const values = '$values' in scope ? read(scope, '$values') : undefined;
  if (isObjectLike(values) && name in values) return checked(read(values, name), name, run, pos);
  return undefined;
}

function propertyKey(key: unknown, run: Run, pos: number): string {
  if (typeof key === 'number' && Number.isFinite(key)) return String(key);
  if (typeof key !== 'string') {
    throw new ExpressionError('属性名只能是字符串或数字', run.source, pos);
  }
  if (isForbiddenName(key)) throw new ExpressionError(`禁止访问属性「${key}」`, run.source, pos);
  return key;
}

function member(object: unknown, key: string, run: Run, pos: number): unknown {
  // Null-safe like `?.`: linkage reads values that are not filled in yet.
  if (object === null || object === undefined) return undefined;
  if (typeof object === 'string') {
    if (key === 'length') return object.length;
    return /^\d+$/.test(key) ? object[Number(key)] : undefined;
  }
  if (!isObjectLike(object)) return undefined;
  return checked(read(object, key), key, run, pos);
}

function toNumber(value: unknown): number {
  return Number(value);
}

function add(left: unknown, right: unknown): unknown {
  const numeric = (v: unknown) => typeof v === 'number' || typeof v === 'boolean' || v === null || v === undefined;
  if (numeric(left) && numeric(right)) return toNumber(left) + toNumber(right);
  return toText(left) + toText(right);
}

function compare(operator: '<' | '<=' | '>' | '>=', left: unknown, right: unknown): boolean {
  if (typeof left === 'string' && typeof right === 'string') {
    switch (operator) {
      case '<':
        return left < right;
      case '<=':
        return left <= right;
      case '>':
        return left > right;
      case '>=':
        return left >= right;
    }
  }
  const a = toNumber(left);
  const b = toNumber(right);
  switch (operator) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

function evaluateNode(node: ExprNode, run: Run): unknown {
  switch (node.type) {
    case 'literal':
      return node.value;
    case 'identifier':
      return lookup(node.name, run, node.pos);
    case 'member': {
      const object = evaluateNode(node.object, run);
      const key = propertyKey(evaluateNode(node.property, run), run, node.property.pos);
      return member(object, key, run, node.property.pos);
    }
    case 'unary': {
      const value = evaluateNode(node.argument, run);
      if (node.operator === '!') return !value;
      return node.operator === '-' ? -toNumber(value) : toNumber(value);
    }
    case 'logical': {
      const left = evaluateNode(node.left, run);
      switch (node.operator) {
        case '&&':
          return left ? evaluateNode(node.right, run) : left;
        case '||':
          return left ? left : evaluateNode(node.right, run);
        case '??':
          return left ?? evaluateNode(node.right, run);
      }
      break;
    }
    case 'conditional':
      return evaluateNode(node.test, run) ? evaluateNode(node.consequent, run) : evaluateNode(node.alternate, run);
    case 'array':
      return node.elements.map((element) => evaluateNode(element, run));
    case 'call': {
      const helper = findHelper(node.callee);
      // The parser admits only helpers; this guards trees built elsewhere.
      if (!helper) throw new ExpressionError(`未知函数「${node.callee}」`, run.source, node.pos);
      return helper.run(
        node.args.map((arg) => evaluateNode(arg, run)),
        run.helpers,
      );
    }
    case 'binary': {
      const left = evaluateNode(node.left, run);
      const right = evaluateNode(node.right, run);
      switch (node.operator) {
        case '===':
          return left === right;
        case '!==':
          return left !== right;
        case '==':
          return left == right;
        case '!=':
          return left != right;
        case '<':
        case '<=':
        case '>':
        case '>=':
          return compare(node.operator, left, right);
        case '+':
          return add(left, right);
        case '-':
          return toNumber(left) - toNumber(right);
        case '*':
          return toNumber(left) * toNumber(right);
        case '/':
          return toNumber(left) / toNumber(right);
        case '%':
          return toNumber(left) % toNumber(right);
      }
    }
  }
  return undefined;
}

export function evaluateTree(
  tree: ExprNode,
  source: string,
  scope: ExpressionScope | undefined,
  options: EvaluateOptions = {},
): unknown {
  return evaluateNode(tree, { source, scope, helpers: { now: options.now ?? (() => new Date()) } });
}
