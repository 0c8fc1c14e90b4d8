import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearExpressionCache,
  compileExpression,
  evaluateExpression,
  ExpressionError,
  MAX_EXPRESSION_LENGTH,
  MAX_NESTING,
} from '../../../../runtime/expr/index';
import { expressionCacheSize } from '../../../../runtime/expr/compile';

const run = (source: string, scope: object = {}) => evaluateExpression(source, scope);

function errorOf(source: string, scope: object = {}): ExpressionError {
  try {
    run(source, scope);
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
  throw new Error(`expected ${source} to fail`);
}

describe('literals and operators', () => {
  it('reads numbers, both quote styles with escapes, booleans, null and undefined', () => {
    expect(run('12.5')).toBe(12.5);
    expect(run('.5 + 1e2')).toBe(100.5);
    expect(run(`'公估' + "报告"`)).toBe('公估报告');
    expect(run(`'it\\'s' + "\\"q\\"" + '\\n' + '\\u4e2d'`)).toBe(`it's"q"\n中`);
    expect(run('true')).toBe(true);
    expect(run('false')).toBe(false);
    expect(run('null')).toBeNull();
    expect(run('undefined')).toBeUndefined();
    expect(run("[1, 'a', [true]]")).toEqual([1, 'a', [true]]);
    expect(run('[]')).toEqual([]);
  });

  it('follows JavaScript precedence', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('10 - 4 - 3')).toBe(3);
    expect(run('2 * 10 % 7')).toBe(6);
    expect(run('-2 * 3')).toBe(-6);
    expect(run('1 + 2 > 2 && 3 < 2 || 4 >= 4')).toBe(true);
    expect(run('true || false && false')).toBe(true);
    expect(run('!true === false')).toBe(true);
    expect(run('1 < 2 === true')).toBe(true);
    expect(run("1 > 2 ? 'a' : 2 > 1 ? 'b' : 'c'")).toBe('b');
    expect(run('(null ?? 0) || 5')).toBe(5);
    expect(run('null ?? (0 && 5)')).toBe(0);
    expect(run('nothing ?? null ?? 3')).toBe(3);
  });

  it('compares strictly and loosely', () => {
    expect(run("1 === '1'")).toBe(false);
    expect(run("1 == '1'")).toBe(true);
    expect(run("1 !== '1'")).toBe(true);
    expect(run('null == undefined')).toBe(true);
    expect(run("'2024-01-02' > '2024-01-01'")).toBe(true);
    expect(run("'10' > 9")).toBe(true);
  });

  it('adds numbers and joins text', () => {
    expect(run("1 + '2'")).toBe('12');
    expect(run("'共' + 3 + '条'")).toBe('共3条');
    expect(run('7 / 2')).toBe(3.5);
    expect(run('-x + 1', { x: '4' })).toBe(-3);
  });

  it('short-circuits && || ?? and ?: (the other side is never read)', () => {
    let reads = 0;
    const scope = {
      get boom() {
        reads += 1;
        return 1;
      },
    };
    expect(run('false && boom', scope)).toBe(false);
    expect(run("'x' || boom", scope)).toBe('x');
    expect(run('0 ?? boom', scope)).toBe(0);
    expect(run('true ? 1 : boom', scope)).toBe(1);
    expect(reads).toBe(0);
    expect(run('true && boom', scope)).toBe(1);
    expect(reads).toBe(1);
  });
});

describe('names and member access', () => {
  const scope = {
    $values: { amount: 150, type: '2', insured: { name: '张三', tags: ['vip'] }, 'with-dash': 'd' },
    $self: { value: 'self value', title: '金额' },
    $deps: [5, 'x'],
    amount: undefined,
  };

  it('resolves $values, $self, $deps and plain field names', () => {
    expect(run('$values.amount', scope)).toBe(150);
    expect(run('$self.title', scope)).toBe('金额');
    expect(run('$deps[0] + $deps[1]', scope)).toBe('5x');
    // `amount` is not in the scope (undefined there), so it is the form's field.
    expect(run('amount > 100', scope)).toBe(true);
    expect(run("type === '2'", scope)).toBe(true);
  });

  it('reads nested members with dots and brackets', () => {
    expect(run('$values.insured.name', scope)).toBe('张三');
    expect(run("$values['insured']['tags'][0]", scope)).toBe('vip');
    expect(run("$values['with-dash']", scope)).toBe('d');
    expect(run('insured.tags.length', scope)).toBe(1);
    expect(run("'公估'.length", scope)).toBe(2);
    expect(run("'abc'[1]", scope)).toBe('b');
  });

  it('is null-safe: missing values read as undefined instead of failing', () => {
    expect(run('$values.missing.deeper.still', scope)).toBeUndefined();
    expect(run('nothing', scope)).toBeUndefined();
    expect(run('$values?.insured?.name', scope)).toBe('张三');
    expect(run('$values?.["amount"]', scope)).toBe(150);
    expect(run('nothing', undefined as unknown as object)).toBeUndefined();
  });

  it('sees no globals: window, globalThis, process, document, Function are undefined', () => {
    for (const name of ['window', 'globalThis', 'process', 'document', 'self', 'Function', 'eval', 'require', 'fetch']) {
      expect(run(name, scope), name).toBeUndefined();
    }
    expect(run('globalThis.process', scope)).toBeUndefined();
  });

  it('forbids __proto__, constructor and prototype, written or computed, with the position', () => {
    expect(errorOf('$values.__proto__', scope)).toMatchObject({ position: 8, reason: '禁止访问属性「__proto__」' });
    expect(errorOf("$values['constructor']", scope)).toMatchObject({ position: 8, reason: '禁止访问属性「constructor」' });
    expect(errorOf('$values.insured.prototype', scope).position).toBe(16);
    expect(errorOf('constructor', scope).reason).toBe('禁止使用名称「constructor」');
    expect(errorOf('$values.toString', scope).reason).toBe('禁止访问属性「toString」');
    // Built at run time: caught when evaluated.
    expect(errorOf("$values['__pro' + 'to__']", scope)).toMatchObject({ position: 8, reason: '禁止访问属性「__proto__」' });
    expect(errorOf("$values[k]", { ...scope, k: 'constructor' }).reason).toBe('禁止访问属性「constructor」');
  });

  it('never hands out a function', () => {
    const withFunctions = { $form: { submit: () => 'sent' }, helper: () => 1 };
    expect(errorOf('$form.submit', withFunctions).reason).toBe('「submit」是函数，表达式只能调用内置函数');
    expect(errorOf('helper', withFunctions).reason).toBe('「helper」是函数，表达式只能调用内置函数');
  });

  it('refuses property names that are neither text nor numbers', () => {
    expect(errorOf('$values[[1]]', scope).reason).toBe('属性名只能是字符串或数字');
  });
});

describe('whitelisted helpers', () => {
  it('isEmpty', () => {
    expect(run('isEmpty(a)', { a: '  ' })).toBe(true);
    expect(run('isEmpty([])')).toBe(true);
    expect(run('isEmpty(0)')).toBe(false);
    expect(run("isEmpty('x')")).toBe(false);
  });

  it('includes, on lists and comma-joined multi-values', () => {
    expect(run("includes(['1', '2'], 2)")).toBe(true);
    expect(run("includes('A01,A02', 'A02')")).toBe(true);
    expect(run("includes('A01,A02', 'A0')")).toBe(false);
    expect(run("includes(nothing, 'x')")).toBe(false);
  });

  it('len, number, string', () => {
    expect(run("len('公估业务')")).toBe(4);
    expect(run('len([1, 2, 3])')).toBe(3);
    expect(run('len(nothing)')).toBe(0);
    expect(run("number('12.5') + 1")).toBe(13.5);
    expect(run("number('abc')")).toBeNull();
    expect(run("number('')")).toBeNull();
    expect(run('string(12) + string(nothing)')).toBe('12');
    expect(run("string(['a', 'b'])")).toBe('a,b');
  });

  it('now and today use the injected clock', () => {
    const now = () => new Date(2024, 0, 5, 9, 3, 7);
    expect(evaluateExpression('today()', {}, { now })).toBe('2024-01-05');
    expect(evaluateExpression('now()', {}, { now })).toBe('2024-01-05 09:03:07');
  });

  it('refuses unknown functions and method calls, naming the allowed ones', () => {
    const unknown = errorOf("alert('x')");
    expect(unknown.position).toBe(0);
    expect(unknown.reason).toBe('未知函数「alert」，可用的函数：isEmpty、includes、len、now、today、number、string');
    expect(errorOf('$form.setValues(1)').position).toBe(15);
    expect(errorOf("'a'.concat('b')").reason).toMatch(/^只能调用内置函数/);
    expect(errorOf('constructor(1)').reason).toMatch(/^未知函数「constructor」/);
  });

  it('checks the number of arguments', () => {
    expect(errorOf('len()').reason).toBe('函数「len」需要1个参数，实际0个');
    expect(errorOf('today(1)').reason).toBe('函数「today」需要0个参数，实际1个');
  });
});

describe('syntax errors name the position', () => {
  const cases: Array<[string, number, string]> = [
    ['', 0, '表达式为空'],
    ['a +', 3, '表达式意外结束'],
    ['a = 1', 2, '不支持赋值，比较请用 === 或 =='],
    ['(a > 1', 6, '表达式意外结束，这里需要「)」'],
    ['a > 1)', 5, '意外的「)」，表达式应在此结束'],
    ["'open", 0, '字符串缺少结束引号'],
    ['a ? b', 5, '表达式意外结束，这里需要「:」'],
    ['a; b', 1, '只能写一个表达式，不能用分号'],
    ['function () { return 1 }', 0, '不支持定义函数'],
    ['new Date()', 0, '不支持 new'],
    ['this.x', 0, '不支持 this，请用 $self、$form、$values'],
    ['`x`', 0, '不支持模板字符串，请用单引号或双引号'],
    ['a & b', 2, '不支持位运算，逻辑与请用 &&'],
    ['x => 1', 2, '不支持赋值，比较请用 === 或 =='],
    ['a.1', 1, '意外的「.1」，表达式应在此结束'],
    ['   ', 3, '表达式为空'],
    ['a ?? b || c', 5, '?? 不能与 || 或 && 直接混用，请加括号'],
    ['a && b ?? c', 0, '?? 不能与 || 或 && 直接混用，请加括号'],
    ['$values.x(', 9, '只能调用内置函数（isEmpty、includes、len、now、today、number、string）'],
    ['a. ', 3, '表达式意外结束，这里需要属性名'],
    ['12abc', 2, '数字后面不能直接跟字母'],
    ['{a: 1}', 0, '不支持对象字面量和函数体'],
    ['a in b', 2, '不支持 in，可以用 includes(列表, 值)'],
    ['#', 0, '无法识别的字符「#」'],
  ];
  for (const [source, position, reason] of cases) {
    it(`${JSON.stringify(source)} → ${reason} at ${position + 1}`, () => {
      const error = errorOf(source);
      expect(error.reason).toBe(reason);
      expect(error.position).toBe(position);
      expect(error.column).toBe(position + 1);
      expect(error.message).toBe(`表达式 \`${source}\` 第${position + 1}个字符：${reason}`);
    });
  }

  it('caps length and nesting instead of overflowing', () => {
    expect(errorOf('1+'.repeat(MAX_EXPRESSION_LENGTH) + '1').reason).toBe(`表达式过长（最多${MAX_EXPRESSION_LENGTH}个字符）`);
    const deep = '('.repeat(MAX_NESTING + 5) + '1' + ')'.repeat(MAX_NESTING + 5);
    expect(errorOf(deep).reason).toBe(`嵌套过深（最多${MAX_NESTING}层）`);
    expect(errorOf('!'.repeat(MAX_NESTING + 5) + 'a').reason).toBe(`嵌套过深（最多${MAX_NESTING}层）`);
    expect(run('('.repeat(20) + '1' + ')'.repeat(20))).toBe(1);
  });
});

describe('compile once, evaluate many times', () => {
  beforeEach(() => clearExpressionCache());

  it('returns the same compiled expression for the same text', () => {
    const first = compileExpression('$values.a > 1');
    expect(compileExpression('$values.a > 1')).toBe(first);
    expect(expressionCacheSize()).toBe(1);
    expect(first.evaluate({ $values: { a: 2 } })).toBe(true);
    expect(first.evaluate({ $values: { a: 0 } })).toBe(false);
  });

  it('remembers a syntax error too, and throws it each time', () => {
    const first = errorOf('a +');
    expect(errorOf('a +')).toBe(first);
    expect(expressionCacheSize()).toBe(1);
  });

  it('stays bounded', () => {
    for (let i = 0; i < 1100; i += 1) compileExpression(`a + ${i}`);
    expect(expressionCacheSize()).toBe(1000);
    expect(run('a + 1099', { a: 1 })).toBe(1100);
  });
});
