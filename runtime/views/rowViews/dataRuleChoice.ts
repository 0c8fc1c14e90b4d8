/**
 * The headless part of 授权's 数据规则 panel: what `GET /sys/role/datarule/{permissionId}/{roleId}`
 * answers, read into the rules offered and the ids the role holds, and what a save sends.
 */
export interface OfferedDataRule {
  id: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

export interface RoleDataRuleAnswer {
  datarule?: OfferedDataRule[];
  /** The ids the role holds, comma-separated (absent when none). */
  drChecked?: string;
}

export const ROLE_DATA_RULE_URLS = {
  load: (permissionId: string, roleId: string) => `/sys/role/datarule/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}`,
  save: '/sys/role/datarule',
} as const;

/** The ids the role holds that are still rules of the menu (a deleted rule's id drops out on save). */
export function checkedRuleIds(answer: RoleDataRuleAnswer): string[] {
  const offered = new Set((answer.datarule ?? []).map((r) => r.id));
  return (answer.drChecked ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '' && offered.has(id));
}

/** `POST /sys/role/datarule`'s body; the ids in the order the rules are offered. */
export function dataRuleSaveBody(permissionId: string, roleId: string, offered: readonly OfferedDataRule[], checked: readonly string[]) {
  const wanted = new Set(checked);
  return { permissionId, roleId, dataRuleIds: offered.filter((r) => wanted.has(r.id)).map((r) => r.id).join(',') };
}

const CONDITION_TEXT: Readonly<Record<string, string>> = {
  '=': '等于',
  '!=': '不等于',
  '>': '大于',
  '>=': '大于等于',
  '<': '小于',
  '<=': '小于等于',
  IN: '在...中',
  LIKE: '包含',
  RIGHT_LIKE: '以..开始',
  LEFT_LIKE: '以..结尾',
};

/** `createBy 等于 #{sys_user_code}`: one line telling what the rule keeps. */
export function ruleSummary(rule: OfferedDataRule): string {
  return `${rule.ruleColumn} ${CONDITION_TEXT[rule.ruleConditions] ?? rule.ruleConditions} ${rule.ruleValue}`;
}
