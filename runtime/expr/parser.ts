import type { BinaryOperator, ExprNode } from './ast';
import { ExpressionError } from './errors';
import { isForbiddenName } from './forbidden';
import { findHelper, HELPER_NAMES } from './helpers';
import { createLexer, type Token } from './lexer';

/** Longer page expressions are a sign something else went wrong (a pasted script, generated junk). */
export const MAX_EXPRESSION_LENGTH = 2000;
/** Nesting depth cap, so a hostile `((((…` fails cleanly instead of overflowing the stack. */
export const MAX_NESTING = 64;

const LITERAL_WORDS: Record<string, boolean | null | undefined> = {
  true: true,
  false: false,
  null: null,
  undefined: undefined,
};

/** JavaScript words that are not part of the language; named so the author learns why. */
const UNSUPPORTED_WORDS: Record<string, string> = {
  function: '不支持定义函数',
  new: '不支持 new',
  this: '不支持 this，请用 $self、$form、$values',
  typeof: '不支持 typeof，可以用 isEmpty(x)',
  instanceof: '不支持 instanceof',
  in: '不支持 in，可以用 includes(列表, 值)',
  delete: '不支持 delete',
  void: '不支持 void',
  var: '不支持声明变量',
  let: '不支持声明变量',
  const: '不支持声明变量',
  return: '只能写一个表达式，不需要 return',
  import: '不支持 import',
  await: '不支持 await',
  async: '不支持 async',
  class: '不支持 class',
  yield: '不支持 yield',
};

const EQUALITY = ['===', '!==', '==', '!='];
const RELATIONAL = ['<', '<=', '>', '>='];
const ADDITIVE = ['+', '-'];
const MULTIPLICATIVE = ['*', '/', '%'];

function describe(token: Token): string {
  if (token.kind === 'end') return '表达式意外结束';
  if (token.kind === 'string') return `意外的字符串 '${token.text}'`;
  return `意外的「${token.text}」`;
}

/** Why a token cannot stand here: a JavaScript word we leave out says so; anything else is unexpected. */
function unexpected(token: Token, hint: string): string {
  if (token.kind === 'identifier' && Object.prototype.hasOwnProperty.call(UNSUPPORTED_WORDS, token.text)) {
    return UNSUPPORTED_WORDS[token.text];
  }
  return hint ? `${describe(token)}，${hint}` : describe(token);
}

/** Parses one expression (the text inside {{ }}) into a tree; throws ExpressionError with the position. */
export function parse(source: string): ExprNode {
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(`表达式过长（最多${MAX_EXPRESSION_LENGTH}个字符）`, source.slice(0, 40) + '…', MAX_EXPRESSION_LENGTH);
  }
  const nextToken = createLexer(source);
  const tokens: Token[] = [];
  let index = 0;
  let depth = 0;
  // Nodes written inside ( ); `a ?? (b || c)` is allowed, `a ?? b || c` is not (as in JavaScript).
  const parenthesized = new WeakSet<ExprNode>();

  const fail = (reason: string, at: number): never => {
    throw new ExpressionError(reason, source, at);
  };
  const peek = (): Token => {
    while (tokens.length <= index) tokens.push(nextToken());
    return tokens[index];
  };
  const next = (): Token => {
    const token = peek();
    index += 1;
    return token;
  };
  const isPunct = (text: string, token: Token = peek()): boolean => token.kind === 'punct' && token.text === text;
  const expect = (text: string, what: string): Token => {
    const token = peek();
    if (!isPunct(text, token)) fail(unexpected(token, `这里需要${what}`), token.pos);
    return next();
  };
  const nested = <T>(parseInner: () => T, at: number): T => {
    depth += 1;
    if (depth > MAX_NESTING) fail(`嵌套过深（最多${MAX_NESTING}层）`, at);
    try {
      return parseInner();
    } finally {
      depth -= 1;
    }
  };

  function expression(): ExprNode {
    return nested(conditional, peek().pos);
  }

  function conditional(): ExprNode {
    const test = nullish();
    if (!isPunct('?')) return test;
    next();
    const consequent = expression();
    expect(':', '「:」');
    const alternate = expression();
    return { type: 'conditional', test, consequent, alternate, pos: test.pos };
  }

  function logicalChain(operator: '&&' | '||', operand: () => ExprNode): ExprNode {
    let left = operand();
    while (isPunct(operator)) {
      next();
      const right = operand();
      left = { type: 'logical', operator, left, right, pos: left.pos };
    }
    return left;
  }

  function nullish(): ExprNode {
    const unmixed = (): ExprNode => {
      const at = peek().pos;
      const operand = or();
      if (operand.type === 'logical' && operand.operator !== '??' && !parenthesized.has(operand)) {
        fail('?? 不能与 || 或 && 直接混用，请加括号', at);
      }
      return operand;
    };
    const first = or();
    if (!isPunct('??')) return first;
    if (first.type === 'logical' && !parenthesized.has(first)) fail('?? 不能与 || 或 && 直接混用，请加括号', first.pos);
    let left = first;
    while (isPunct('??')) {
      next();
      const right = unmixed();
      left = { type: 'logical', operator: '??', left, right, pos: left.pos };
    }
    return left;
  }
  function or(): ExprNode {
    return logicalChain('||', and);
  }
  function and(): ExprNode {
    return logicalChain('&&', equality);
  }

  function binaryChain(operators: readonly string[], operand: () => ExprNode): ExprNode {
    let left = operand();
    for (;;) {
      const token = peek();
      if (token.kind !== 'punct' || !operators.includes(token.text)) return left;
      next();
      const right = operand();
      left = { type: 'binary', operator: token.text as BinaryOperator, left, right, pos: left.pos };
    }
  }

  function equality(): ExprNode {
    return binaryChain(EQUALITY, relational);
  }
  function relational(): ExprNode {
    return binaryChain(RELATIONAL, additive);
  }
  function additive(): ExprNode {
    return binaryChain(ADDITIVE, multiplicative);
  }
  function multiplicative(): ExprNode {
    return binaryChain(MULTIPLICATIVE, unary);
  }

  function unary(): ExprNode {
    const token = peek();
    if (token.kind === 'punct' && (token.text === '!' || token.text === '-' || token.text === '+')) {
      next();
      const argument = nested(unary, token.pos);
      return { type: 'unary', operator: token.text, argument, pos: token.pos };
    }
    return postfix();
  }

  function propertyName(): ExprNode {
    const token = peek();
    if (token.kind !== 'identifier') fail(unexpected(token, '这里需要属性名'), token.pos);
    next();
    if (isForbiddenName(token.text)) fail(`禁止访问属性「${token.text}」`, token.pos);
    return { type: 'literal', value: token.text, pos: token.pos };
  }

  function postfix(): ExprNode {
    let node = primary();
    for (;;) {
      const token = peek();
      if (isPunct('.', token) || isPunct('?.', token)) {
        next();
        // `a?.[k]` is optional chaining too; member access is null-safe anyway.
        if (isPunct('?.', token) && isPunct('[')) continue;
        node = { type: 'member', object: node, property: propertyName(), computed: false, pos: node.pos };
      } else if (isPunct('[', token)) {
        next();
        const property = expression();
        expect(']', '「]」');
        if (property.type === 'literal' && typeof property.value === 'string' && isForbiddenName(property.value)) {
          fail(`禁止访问属性「${property.value}」`, property.pos);
        }
        node = { type: 'member', object: node, property, computed: true, pos: node.pos };
      } else if (isPunct('(', token)) {
        fail(`只能调用内置函数（${HELPER_NAMES.join('、')}）`, token.pos);
      } else {
        return node;
      }
    }
  }

  function call(name: Token): ExprNode {
    const helper = findHelper(name.text);
    if (!helper) fail(`未知函数「${name.text}」，可用的函数：${HELPER_NAMES.join('、')}`, name.pos);
    next(); // (
    const args: ExprNode[] = [];
    if (!isPunct(')')) {
      for (;;) {
        args.push(expression());
        if (!isPunct(',')) break;
        next();
      }
    }
    expect(')', '「)」');
    if (helper && (args.length < helper.minArgs || args.length > helper.maxArgs)) {
      const expected = helper.minArgs === helper.maxArgs ? `${helper.minArgs}` : `${helper.minArgs}到${helper.maxArgs}`;
      fail(`函数「${name.text}」需要${expected}个参数，实际${args.length}个`, name.pos);
    }
    return { type: 'call', callee: name.text, args, pos: name.pos };
  }

  function primary(): ExprNode {
    const token = next();
    switch (token.kind) {
      case 'number':
      case 'string':
        return { type: 'literal', value: token.value, pos: token.pos };
      case 'identifier': {
        if (Object.prototype.hasOwnProperty.call(LITERAL_WORDS, token.text)) {
          return { type: 'literal', value: LITERAL_WORDS[token.text], pos: token.pos };
        }
        if (Object.prototype.hasOwnProperty.call(UNSUPPORTED_WORDS, token.text)) fail(UNSUPPORTED_WORDS[token.text], token.pos);
        if (isPunct('(')) return call(token);
        if (isForbiddenName(token.text)) fail(`禁止使用名称「${token.text}」`, token.pos);
        return { type: 'identifier', name: token.text, pos: token.pos };
      }
      case 'punct':
        if (token.text === '(') {
          const inner = expression();
          expect(')', '「)」');
          parenthesized.add(inner);
          return inner;
        }
        if (token.text === '[') {
          const elements: ExprNode[] = [];
          while (!isPunct(']')) {
            elements.push(expression());
            if (!isPunct(',')) break;
            next();
          }
          expect(']', '「]」');
          return { type: 'array', elements, pos: token.pos };
        }
        return fail(unexpected(token, ''), token.pos);
      default:
        return fail(index === 1 ? '表达式为空' : describe(token), token.pos);
    }
  }

  const tree = expression();
  const rest = peek();
  if (rest.kind !== 'end') fail(unexpected(rest, '表达式应在此结束'), rest.pos);
  return tree;
}
