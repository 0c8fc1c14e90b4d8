/**
 * Fill rules (填值规则): server-side number generators a page field names with
 * `"default": {"fillRule": "<rule_code>"}` — prefix + date part + zero-padded sequence, e.g.
 * KH202501080001. Rules are rows of sys_fill_rule (migration 0002); the counter advances with the
 * row locked inside the writer's transaction (takeNumbers), so concurrent writers never share a
 * number and a rolled-back write gives its number back.
 */
export { takeNumbers, previewNumber, readFillRules, unknownFillRuleMessage } from './counter';
export { formatNumber, maxNumberLength, maxSequence, type FillRuleFormat, type DateFormat, type ResetPeriod } from './format';
export { fillRuleRoutes, type FillRuleRoutesOptions } from './routes';
