import { ExpressionError } from './errors';

export type TokenKind = 'number' | 'string' | 'identifier' | 'punct' | 'end';

export interface Token {
  kind: TokenKind;
  /** Punctuator or identifier text; for strings the decoded value; for numbers the digits as written. */
  text: string;
  /** Decoded literal value of number and string tokens. */
  value?: number | string;
  /** 0-based offset of the token's first character. */
  pos: number;
}

// Longest first: the scanner takes the first one that matches.
const PUNCTUATORS = [
  '===', '!==',
  '==', '!=', '<=', '>=', '&&', '||', '??', '?.',
  '(', ')', '[', ']', ',', '.', '?', ':', '!', '+', '-', '*', '/', '%', '<', '>',
] as const;

/** Characters that are JavaScript but not part of the page-expression language, with the reason. */
const UNSUPPORTED: Record<string, string> = {
  '=': '不支持赋值，比较请用 === 或 ==',
  ';': '只能写一个表达式，不能用分号',
  '{': '不支持对象字面量和函数体',
  '}': '不支持对象字面量和函数体',
  '`': '不支持模板字符串，请用单引号或双引号',
  '&': '不支持位运算，逻辑与请用 &&',
  '|': '不支持位运算，逻辑或请用 ||',
  '^': '不支持位运算',
  '~': '不支持位运算',
};

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

const IDENT_START = /[\p{ID_Start}$_]/u;
const IDENT_PART = /[\p{ID_Continue}$\u200c\u200d]/u;
const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;

/** Reads tokens one at a time, so the first problem in reading order is the one reported. */
export function createLexer(source: string): () => Token {
  let i = 0;
  const fail = (reason: string, at: number): never => {
    throw new ExpressionError(reason, source, at);
  };

  return function nextToken(): Token {
    while (i < source.length && /\s/.test(source[i])) i += 1;
    if (i >= source.length) return { kind: 'end', text: '', pos: source.length };
    const ch = source[i];

    if (/\d/.test(ch) || (ch === '.' && /\d/.test(source[i + 1] ?? ''))) {
      const match = NUMBER.exec(source.slice(i));
      // NUMBER always matches here: the character is a digit or a dot before a digit.
      const text = match ? match[0] : ch;
      if (IDENT_START.test(source[i + text.length] ?? '')) fail('数字后面不能直接跟字母', i + text.length);
      const token: Token = { kind: 'number', text, value: Number(text), pos: i };
      i += text.length;
      return token;
    }

    if (ch === "'" || ch === '"') {
      const start = i;
      let value = '';
      i += 1;
      for (;;) {
        if (i >= source.length) fail('字符串缺少结束引号', start);
        const c = source[i];
        if (c === ch) break;
        if (c === '\n') fail('字符串不能跨行', start);
        if (c === '\\') {
          const next = source[i + 1];
          if (next === undefined) fail('字符串缺少结束引号', start);
          if (next === 'u') {
            const hex = source.slice(i + 2, i + 6);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('\\u 后面需要4位十六进制数', i);
            value += String.fromCharCode(parseInt(hex, 16));
            i += 6;
            continue;
          }
          value += ESCAPES[next] ?? next;
          i += 2;
          continue;
        }
        value += c;
        i += 1;
      }
      i += 1;
      return { kind: 'string', text: value, value, pos: start };
    }

    const codePoint = String.fromCodePoint(source.codePointAt(i) ?? 0);
    if (IDENT_START.test(codePoint)) {
      const start = i;
      i += codePoint.length;
      while (i < source.length) {
        const next = String.fromCodePoint(source.codePointAt(i) ?? 0);
        if (!IDENT_PART.test(next)) break;
        i += next.length;
      }
      return { kind: 'identifier', text: source.slice(start, i), pos: start };
    }

    const punct = PUNCTUATORS.find((p) => source.startsWith(p, i));
    if (punct) {
      // `a?.5:1` is a conditional with .5, not optional chaining (the JavaScript rule).
      const text = punct === '?.' && /\d/.test(source[i + 2] ?? '') ? '?' : punct;
      const token: Token = { kind: 'punct', text, pos: i };
      i += text.length;
      return token;
    }

    return fail(UNSUPPORTED[ch] ?? `无法识别的字符「${codePoint}」`, i);
  };
}
