/**
 * Regular expressions written into page documents or online form configuration (JeecgBoot's
 * `field_valid_type` falls back to a raw regex). They are data: compiled with a length cap and
 * caught when malformed — never evaluated as code. Catastrophic backtracking cannot be ruled out
 * for a hand-written pattern; the cap and the field's own length limit keep the cost bounded.
 */

/** Same cap as the server's code-rule patterns (server/sys/checkRule.ts). */
export const MAX_RAW_REGEX_LENGTH = 500;

export type RawRegexResult = { ok: true; regex: RegExp } | { ok: false; reason: string };

// `/body/flags` literal form; g and y are dropped because they make test() stateful.
const LITERAL = /^\/([\s\S]+)\/([dgimsuvy]*)$/;

const compiled = new Map<string, RawRegexResult>();
const MAX_CACHED = 500;

function compileUncached(source: string): RawRegexResult {
  if (source.length === 0) return { ok: false, reason: '正则表达式为空' };
  if (source.length > MAX_RAW_REGEX_LENGTH) {
    return { ok: false, reason: `正则表达式过长（最多${MAX_RAW_REGEX_LENGTH}个字符）` };
  }
  const literal = LITERAL.exec(source);
  const body = literal ? literal[1] : source;
  const flags = literal ? literal[2].replace(/[gy]/g, '') : '';
  try {
    return { ok: true, regex: new RegExp(body, flags) };
  } catch (error) {
    return { ok: false, reason: `正则表达式无效：${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Compiles a raw pattern as written (not anchored: JeecgBoot's online forms hand the text to the
 * form library unchanged, so authors write ^…$ themselves). Results are cached by source.
 */
export function compileRawRegex(source: string): RawRegexResult {
  let result = compiled.get(source);
  if (!result) {
    result = compileUncached(source);
    if (compiled.size >= MAX_CACHED) {
      const oldest = compiled.keys().next().value;
      if (oldest !== undefined) compiled.delete(oldest);
    }
    compiled.set(source, result);
  }
  return result;
}
