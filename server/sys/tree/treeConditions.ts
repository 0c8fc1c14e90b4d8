import { BusinessError } from '../../http/envelope';

/** A condition is a handful of column = value filters; more is not a tree filter but a query. */
const MAX_CONDITION_COLUMNS = 10;

export const BAD_CONDITION_MESSAGE = '查询条件有误：condition 需要一个 JSON 对象，如 {"字段":"值"}';
export const conditionColumnRefused = (column: string) => `查询条件字段「${column}」不在允许范围内`;
export const conditionValueRefused = (column: string) => `查询条件字段「${column}」的值只能是文字、数字或布尔值`;

export type ConditionValue = string | number | boolean;

/**
 * JeecgBoot's `condition` (a JSON object of column → value, each an equality filter) checked
 * against the columns the table may be filtered on. Returns the filters with the allow-list's own
 * column strings (never the client's), or throws the reason in Chinese. Blank means no filter.
 */
export function parseTreeCondition(raw: string | undefined, columns: ReadonlySet<string>): Array<[string, ConditionValue]> {
  const text = raw?.trim() ?? '';
  if (text === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BusinessError(BAD_CONDITION_MESSAGE);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BusinessError(BAD_CONDITION_MESSAGE);
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > MAX_CONDITION_COLUMNS) throw new BusinessError(BAD_CONDITION_MESSAGE);
  return entries.map(([name, value]) => {
    const column = [...columns].find((c) => c === name);
    if (column === undefined) throw new BusinessError(conditionColumnRefused(name));
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new BusinessError(conditionValueRefused(name));
    }
    return [column, value];
  });
}
