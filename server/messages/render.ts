/**
 * A message template's `${name}` placeholders filled from a JSON object of values (JeecgBoot's
 * sys_sms_template). A placeholder without a value is an error, not an empty hole in a message
 * that is then sent to a real person.
 */

const PLACEHOLDER = /\$\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}/g;

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

export type TemplateValues = Readonly<Record<string, unknown>>;

/** The names a template's content uses, in order of first use. */
export function placeholdersOf(content: string): string[] {
  return [...new Set([...content.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

function textOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function renderTemplate(content: string, values: TemplateValues): string {
  const missing = placeholdersOf(content).filter((name) => textOf(values[name]) === undefined);
  if (missing.length > 0) throw new TemplateError(`缺少占位符的值：${missing.join('、')}`);
  return content.replace(PLACEHOLDER, (_all, name: string) => textOf(values[name]) ?? '');
}

/** The test data as typed ('{"name": "李四"}'); empty means none. */
export function parseTemplateValues(json: string | null | undefined): TemplateValues {
  const text = (json ?? '').trim();
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TemplateError('测试数据不是合法的 JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new TemplateError('测试数据应为 JSON 对象，如 {"name": "李四"}');
  return parsed as TemplateValues;
}
