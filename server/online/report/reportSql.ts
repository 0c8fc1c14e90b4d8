/**
 * The guard every online report SQL passes before it reaches a database: one SELECT (or WITH …
 * SELECT) statement, read by a small lexer of PostgreSQL's own rules (strings, quoted identifiers,
 * comments, dollar signs, semicolons, parentheses) so that nothing hides inside what looks like a
 * string. Anything else is refused with a Chinese message naming what was found. `${name}`
 * placeholders become bound parameters: the SQL is returned as pieces of text and parameter names,
 * and the runner binds each value — no value is ever written into the SQL text.
 *
 * The database is the second wall (server/online/report/reportRunner.ts): a READ ONLY transaction,
 * a statement timeout, a row cap and a role that can read the allowed tables only. The guard keeps
 * out what those cannot: functions that sleep, change settings, take locks or run SQL given as text.
 */
import { BusinessError } from '../../http/envelope';

export class ReportSqlError extends BusinessError {}

export type SqlPiece = { text: string } | { param: string };

export interface GuardedSql {
  /** The statement as text and parameter pieces, a trailing semicolon dropped. */
  pieces: SqlPiece[];
  /** The `${name}`s in order of first use. */
  params: string[];
}

export const MAX_SQL_LENGTH = 20_000;
const PARAM = /^\$\{([A-Za-z_][A-Za-z0-9_]{0,63})\}/;
const WORD_START = /[\p{L}_]/u;
const WORD_PART = /[\p{L}\p{N}_]/u;

/** Keywords of statements that write, lock, or change the session: never part of a query. */
const FORBIDDEN_KEYWORDS = new Set([
  'insert', 'update', 'delete', 'merge', 'truncate', 'drop', 'alter', 'create', 'grant', 'revoke', 'copy', 'into',
  'call', 'execute', 'prepare', 'deallocate', 'listen', 'unlisten', 'notify', 'lock', 'vacuum', 'set', 'reset',
  'begin', 'commit', 'rollback', 'savepoint', 'discard', 'share', 'checkpoint', 'cluster', 'reindex', 'refresh',
]);

/**
 * Names refused wherever they appear, quoted or not: the system catalogs and administration functions
 * (pg_*, lo_*, information_schema), functions with effects a READ ONLY transaction allows (settings,
 * sequences, other connections) or that run SQL given as text, and the tables holding accounts,
 * sessions and data source passwords.
 */
const FORBIDDEN_PREFIXES = ['pg_', 'lo_', 'dblink', 'information_schema', 'txid_'];
const FORBIDDEN_NAMES = new Set([
  'set_config', 'current_setting', 'nextval', 'setval', 'currval', 'lastval', 'ts_stat', 'ts_rewrite',
  'sys_user', 'sys_session', 'sys_data_source', 'sys_log', 'sys_user_role', 'sys_auth_throttle',
  'lossdesk_migration', 'lossdesk_migration_lock', 'lossdesk_entity_migration',
]);
/** Fragments of names that hold secrets or run SQL text (query_to_xml, table_to_xml, …). */
const FORBIDDEN_FRAGMENTS = ['password', 'passwd', 'secret', 'token', 'to_xml'];

function forbiddenName(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    FORBIDDEN_NAMES.has(lower) ||
    FORBIDDEN_PREFIXES.some((prefix) => lower.startsWith(prefix)) ||
    FORBIDDEN_FRAGMENTS.some((fragment) => lower.includes(fragment))
  );
}

const fail = (message: string): never => {
  throw new ReportSqlError(message);
};

/** Quotes a string literal's text again ('' for each quote), for the pieces around a placeholder. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * A string literal that contains placeholders: exactly one placeholder is the parameter itself;
 * otherwise the literal parts and the parameters (as text) concatenated, as JeecgBoot users write
 * `LIKE '%${name}%'`.
 */
function stringPieces(content: string): SqlPiece[] {
  const parts: SqlPiece[] = [];
  let rest = content;
  let text = '';
  while (rest.length > 0) {
    const match = rest.startsWith('${') ? PARAM.exec(rest) : null;
    if (match) {
      if (text) parts.push({ text: literal(text) });
      text = '';
      parts.push({ param: match[1] });
      rest = rest.slice(match[0].length);
    } else {
      text += rest[0];
      rest = rest.slice(1);
    }
  }
  if (text) parts.push({ text: literal(text) });
  if (parts.length === 1 && 'param' in parts[0]) return parts;
  const out: SqlPiece[] = [{ text: '(' }];
  parts.forEach((part, i) => {
    if (i > 0) out.push({ text: ' || ' });
    if ('param' in part) out.push({ text: 'CAST(' }, part, { text: ' AS text)' });
    else out.push(part);
  });
  out.push({ text: ')' });
  return out;
}

/** Checks a report SQL and splits it at its `${name}`s; ReportSqlError (Chinese) when refused. */
export function guardReportSql(input: string): GuardedSql {
  if (typeof input !== 'string' || input.trim() === '') fail('SQL 不能为空');
  if (input.length > MAX_SQL_LENGTH) fail(`SQL 不能超过 ${MAX_SQL_LENGTH} 个字符`);
  if (input.includes('\0')) fail('SQL 中不能包含空字符');
  const s = input;
  const pieces: SqlPiece[] = [];
  const params: string[] = [];
  const words: Array<{ name: string; quoted: boolean }> = [];
  let firstToken: string | undefined;
  let text = '';
  let depth = 0;
  let i = 0;
  const flush = () => {
    if (text) pieces.push({ text });
    text = '';
  };
  const addParam = (name: string) => {
    if (!params.includes(name)) params.push(name);
  };
  while (i < s.length) {
    const c = s[i];
    const next = s[i + 1] ?? '';
    if (/\s/.test(c)) {
      text += c;
      i += 1;
      continue;
    }
    firstToken ??= c;
    if (c === "'") {
      let j = i + 1;
      let content = '';
      for (;;) {
        if (j >= s.length) fail('SQL 中的字符串缺少结束的单引号');
        if (s[j] === "'") {
          if (s[j + 1] === "'") {
            content += "'";
            j += 2;
            continue;
          }
          break;
        }
        content += s[j];
        j += 1;
      }
      if (content.includes('${')) {
        flush();
        for (const piece of stringPieces(content)) {
          if ('param' in piece) addParam(piece.param);
          pieces.push(piece);
        }
        // A placeholder's value ends the string in no case: it is bound, so a quote in it is data.
        text = ' ';
      } else {
        text += literal(content);
      }
      i = j + 1;
      continue;
    }
    if (c === '"') {
      const end = s.indexOf('"', i + 1);
      let j = i + 1;
      let name = '';
      for (;;) {
        if (end < 0 || j >= s.length) fail('SQL 中的标识符缺少结束的双引号');
        if (s[j] === '"') {
          if (s[j + 1] === '"') {
            name += '"';
            j += 2;
            continue;
          }
          break;
        }
        name += s[j];
        j += 1;
      }
      if (name === '') fail('SQL 中有空的双引号标识符');
      if (name.includes('${')) fail('参数 ${…} 不能写在双引号标识符中');
      words.push({ name, quoted: true });
      text += s.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if ((c === '-' && next === '-') || (c === '/' && next === '*')) fail('SQL 中不能包含注释（-- 或 /* */）');
    if (c === '$') {
      const match = PARAM.exec(s.slice(i));
      if (!match) fail('SQL 中的 $ 只能用于参数 ${参数名}（参数名以字母开头，只含字母、数字和下划线）');
      flush();
      // Spaces keep the bound parameter apart from what is around it, as PostgreSQL would read it.
      pieces.push({ text: ' ' }, { param: match![1] }, { text: ' ' });
      addParam(match![1]);
      i += match![0].length;
      continue;
    }
    if (c === '&' && (next === "'" || next === '"')) fail("SQL 中不能使用 U&'…' 形式的转义");
    if (c === ';') {
      if (s.slice(i + 1).trim() !== '') fail('只能包含一条 SELECT 语句（不能用分号连接多条语句）');
      i = s.length;
      continue;
    }
    if (c === '\\') fail('SQL 中不能包含反斜杠');
    if (c === '(') depth += 1;
    if (c === ')') {
      depth -= 1;
      if (depth < 0) fail('SQL 的括号不匹配');
    }
    if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < s.length && WORD_PART.test(s[j])) j += 1;
      const word = s.slice(i, j);
      if (s[j] === "'" && /^(e|u|b|x)$/i.test(word)) fail(`SQL 中不能使用 ${word}'…' 形式的字符串`);
      words.push({ name: word.toLowerCase(), quoted: false });
      if (firstToken === c && words.length === 1) firstToken = word.toLowerCase();
      text += word;
      i = j;
      continue;
    }
    text += c;
    i += 1;
  }
  flush();
  if (depth !== 0) fail('SQL 的括号不匹配');
  if (firstToken !== 'select' && firstToken !== 'with') fail('只允许 SELECT 查询语句（或 WITH … SELECT）');
  for (const { name, quoted } of words) {
    if (!quoted && FORBIDDEN_KEYWORDS.has(name)) fail(`SQL 中不能使用 ${name.toUpperCase()}：在线报表只允许查询`);
    if (forbiddenName(name)) fail(`SQL 中不能使用 ${name}：在线报表不能读取系统目录、账号与密钥，也不能调用有副作用的函数`);
  }
  return { pieces, params };
}
