/**
 * The one error shape of the page language: whoever reports a problem in a page document (meta-schema,
 * cross-references, migrations) says where — file or online code, JSON pointer — and what is wrong, so
 * a bad document breaks one page with a readable message instead of the app.
 */
export interface SchemaError {
  /** File path (schemas/pages/maintenance/expert.json) or 'online:<code>' for server-delivered configs. */
  source: string;
  /** JSON pointer into the document ('' is the whole document), e.g. /fields/0/label. */
  pointer: string;
  /** What is wrong, in Chinese, e.g. 缺少必填属性 label. */
  message: string;
  /** What would have been accepted, when that is short to say (allowed values, a pattern). */
  expected?: string;
}

/** Escapes one reference token of a JSON pointer (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Builds a JSON pointer from its tokens: pointer('fields', 0, 'label') → '/fields/0/label'. */
export function pointer(...tokens: (string | number)[]): string {
  return tokens.map((t) => `/${pointerToken(t)}`).join('');
}

/** One line per error, the way the CLI and the error page show it: `file#/fields/0 缺少必填属性 label`. */
export function formatSchemaError(error: SchemaError): string {
  const expected = error.expected === undefined ? '' : `（期望：${error.expected}）`;
  return `${error.source}#${error.pointer} ${error.message}${expected}`;
}
