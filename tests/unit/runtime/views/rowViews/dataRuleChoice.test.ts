import { describe, expect, it } from 'vitest';
import { checkedRuleIds, dataRuleSaveBody, ROLE_DATA_RULE_URLS, ruleSummary, type OfferedDataRule } from '../../../../../runtime/views/rowViews/dataRuleChoice';

const rule = (id: string, extra: Partial<OfferedDataRule> = {}): OfferedDataRule => ({
  id,
  ruleName: `规则${id}`,
  ruleColumn: 'createBy',
  ruleConditions: '=',
  ruleValue: '#{sys_user_code}',
  status: '1',
  ...extra,
});

describe('授权 数据规则 panel (headless)', () => {
  it('checks the ids the role holds that are still rules of the menu', () => {
    expect(checkedRuleIds({ datarule: [rule('a'), rule('b')], drChecked: 'b, gone,a,' })).toEqual(['b', 'a']);
    expect(checkedRuleIds({ datarule: [rule('a')] })).toEqual([]);
  });

  it('saves the checked ids in the order offered, empty when none', () => {
    expect(dataRuleSaveBody('m1', 'r1', [rule('a'), rule('b'), rule('c')], ['c', 'a'])).toEqual({ permissionId: 'm1', roleId: 'r1', dataRuleIds: 'a,c' });
    expect(dataRuleSaveBody('m1', 'r1', [rule('a')], [])).toEqual({ permissionId: 'm1', roleId: 'r1', dataRuleIds: '' });
  });

  it('loads from JeecgBoot’s path and sums a rule up in words', () => {
    expect(ROLE_DATA_RULE_URLS.load('m/1', 'r1')).toBe('/sys/role/datarule/m%2F1/r1');
    expect(ruleSummary(rule('a', { ruleConditions: 'RIGHT_LIKE', ruleColumn: 'sysOrgCode', ruleValue: '#{sys_org_code}' }))).toBe('sysOrgCode 以..开始 #{sys_org_code}');
  });
});
