import { DUPLICATE_FALLBACK_MESSAGE, INVALID_VALUE_MESSAGE } from './messages';
import { isEmptyValue } from './rules';

/** The part of the JeecgBoot envelope these checks read. */
export interface CheckAnswer {
  success: boolean;
  message?: string;
}

/**
 * The host's HTTP GET (runtime/host: `(url, params) => host.request.get(url, params)`): adds the
 * token, tenant and `_t`, resolves with the envelope, rejects on transport failures.
 */
export type CheckRequest = (url: string, params: Record<string, string>) => Promise<CheckAnswer>;

export const DUPLICATE_CHECK_URL = '/sys/duplicate/check';
export const CHECK_RULE_URL = '/sys/checkRule/checkByCode';

export interface DuplicateCheckArgs {
  tableName: string;
  fieldName: string;
  fieldVal: unknown;
  /** The record being edited, so its own value does not count as a duplicate; absent when adding. */
  dataId?: string | number | null;
}

export interface RuleCodeCheckArgs {
  ruleCode: string;
  value: unknown;
}

function asText(value: unknown): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

function failureText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/**
 * Asks the server whether another record already holds the value (spec §5: sends table, field,
 * value and record id). Resolves undefined when the value is free or empty (not asked), else the
 * server's message. A failed request resolves to its error text: uniqueness is then unknown, and
 * the form should not pass silently.
 */
export async function duplicateCheck(request: CheckRequest, args: DuplicateCheckArgs): Promise<string | undefined> {
  if (isEmptyValue(args.fieldVal)) return undefined;
  const params: Record<string, string> = {
    tableName: args.tableName,
    fieldName: args.fieldName,
    fieldVal: asText(args.fieldVal),
  };
  if (args.dataId !== undefined && args.dataId !== null && args.dataId !== '') params.dataId = String(args.dataId);
  try {
    const answer = await request(DUPLICATE_CHECK_URL, params);
    return answer.success ? undefined : answer.message || DUPLICATE_FALLBACK_MESSAGE;
  } catch (error) {
    return failureText(error, DUPLICATE_FALLBACK_MESSAGE);
  }
}

/**
 * Checks a value against a configured code rule (sys_check_rule). The value is URL-encoded once
 * more before the request layer encodes the query, as JeecgBoot's client does; the server decodes
 * it back (server/sys/checkRoutes.ts). Empty values are not asked.
 */
export async function checkRuleCode(request: CheckRequest, args: RuleCodeCheckArgs): Promise<string | undefined> {
  if (!args.ruleCode || isEmptyValue(args.value)) return undefined;
  try {
    const answer = await request(CHECK_RULE_URL, { ruleCode: args.ruleCode, value: encodeURIComponent(asText(args.value)) });
    return answer.success ? undefined : answer.message || INVALID_VALUE_MESSAGE;
  } catch (error) {
    return failureText(error, INVALID_VALUE_MESSAGE);
  }
}
