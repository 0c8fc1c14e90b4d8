// Validation without Formily or the DOM: the web forms and the server share it. The Formily
// adapter lives in ./formily.
export * from './messages';
export {
  PATTERNS,
  PATTERN_NAMES,
  ONLINE_PATTERN_CODES,
  isPatternName,
  type PatternCheck,
  type PatternDefinition,
  type PatternName,
} from './patterns';
export { fieldRules, fieldRulesOf, isMultiValued, rulesFromOnlineCode, type RuledField } from './fieldRules';
export { compileRawRegex, MAX_RAW_REGEX_LENGTH, type RawRegexResult } from './rawRegex';
export {
  checkRules,
  EMAIL_RULES,
  isEmptyValue,
  MOBILE_RULES,
  ruleProblem,
  USERNAME_RULES,
  validateRule,
  validateValue,
  type RuleProblem,
  type ValidateOptions,
  type ValidationRule,
} from './rules';
export {
  checkRuleCode,
  CHECK_RULE_URL,
  duplicateCheck,
  DUPLICATE_CHECK_URL,
  type CheckAnswer,
  type CheckRequest,
  type DuplicateCheckArgs,
  type RuleCodeCheckArgs,
} from './remoteChecks';
export { createClickThrottle, type ClickVerdict } from './clickThrottle';
