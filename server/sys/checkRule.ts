/**
 * Code rules (sys_check_rule.rule_json): a JSON array of `{digits, pattern, message}`, read in order
 * like JeecgBoot's SysCheckRuleServiceImpl. A rule with a number of digits checks the next `digits`
 * characters of the value; `digits: "*"` checks the rest of the value from there (as the first rule:
 * the whole value). Unlike JeecgBoot, where "*" always re-checks the whole value, "the rest" lets a
 * rule say "HT, then a 4-digit year, then the rest is 6 digits" (schemas/seed/check-rules.json).
 * A pattern must match its whole part; the first rule that fails gives its message. Patterns are data from the database: they are compiled with a
 * length cap, and a pattern that does not compile is reported, never evaluated as code.
 */
export interface CheckRulePart {
  digits: string;
  pattern: string;
  message: string;
}

export type CheckOutcome =
  | { passed: true }
  | { passed: false; message: string; digits: string; pattern: string; checkValue: string };

const MAX_PATTERN_LENGTH = 500;
export const MAX_CHECKED_VALUE_LENGTH = 1000;
export const BROKEN_RULE_MESSAGE = '校验规则配置有误，请联系管理员';

export function parseRuleJson(ruleJson: string): CheckRulePart[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(ruleJson);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const parts: CheckRulePart[] = [];
  for (const entry of parsed) {
    if (typeof entry !== 'object' || entry === null) return undefined;
    const { digits, pattern, message } = entry as Record<string, unknown>;
    if (typeof pattern !== 'string' || (typeof digits !== 'string' && typeof digits !== 'number')) return undefined;
    parts.push({ digits: String(digits).trim(), pattern, message: typeof message === 'string' ? message : '' });
  }
  return parts;
}

function compile(pattern: string): RegExp | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return undefined;
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return undefined;
  }
}

/** Checks a value against a rule; throws a plain Error when the rule itself is malformed. */
export function checkValue(rules: readonly CheckRulePart[], value: string): CheckOutcome {
  if (value === '') return { passed: true };
  let begin = 0;
  for (const rule of rules) {
    let part: string;
    if (rule.digits === '*') {
      part = value.slice(Math.min(begin, value.length));
    } else {
      const digits = Number(rule.digits);
      if (!Number.isInteger(digits) || digits < 0) throw new Error(BROKEN_RULE_MESSAGE);
      part = value.slice(begin, Math.min(begin + digits, value.length));
      begin += digits;
    }
    const regex = compile(rule.pattern);
    if (!regex) throw new Error(BROKEN_RULE_MESSAGE);
    if (!regex.test(part)) {
      return { passed: false, message: rule.message || '输入的值不合法', digits: rule.digits, pattern: rule.pattern, checkValue: part };
    }
  }
  return { passed: true };
}
