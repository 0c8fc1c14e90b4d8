import { describe, expect, it } from 'vitest';
import { beijingDate, tenantRefusal } from '../../../../runtime/contract/tenantUse';

const tenant = (over: Partial<Parameters<typeof tenantRefusal>[0]>) => ({ name: '华东分公司', status: 1, beginDate: null, endDate: null, ...over });

describe('when a tenant may be used', () => {
  it('is usable when 正常 and today is within its dates, both days included and either open', () => {
    expect(tenantRefusal(tenant({}), '2026-05-01')).toBeUndefined();
    expect(tenantRefusal(tenant({ beginDate: '2026-05-01', endDate: '2026-05-31' }), '2026-05-01')).toBeUndefined();
    expect(tenantRefusal(tenant({ beginDate: '2026-05-01', endDate: '2026-05-31' }), '2026-05-31')).toBeUndefined();
    expect(tenantRefusal(tenant({ beginDate: '2026-05-01 00:00:00' }), '2026-06-30')).toBeUndefined();
  });

  it('says why it is not: frozen, not begun, ended', () => {
    expect(tenantRefusal(tenant({ status: 0 }), '2026-05-01')).toBe('租户「华东分公司」已冻结，无法使用');
    expect(tenantRefusal(tenant({ beginDate: '2026-05-02' }), '2026-05-01')).toBe('租户「华东分公司」2026-05-02 才开始生效，目前无法使用');
    expect(tenantRefusal(tenant({ endDate: '2026-04-30' }), '2026-05-01')).toBe('租户「华东分公司」已于 2026-04-30 到期，无法使用');
  });

  it('reads today in Beijing, whatever the machine zone', () => {
    expect(beijingDate(new Date('2026-04-30T16:00:00Z'))).toBe('2026-05-01');
    expect(beijingDate(new Date('2026-04-30T15:59:59Z'))).toBe('2026-04-30');
  });
});
