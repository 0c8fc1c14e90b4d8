import { describe, expect, it } from 'vitest';
import { currentTenantName, preselectedTenant, tenantAtSignIn } from '../../../../src/store/tenantChoice';

const east = { id: 1, name: '华东分公司' };
const south = { id: 20, name: '华南分公司' };

describe('the tenant a session works in', () => {
  it('is the default tenant without tenants, the only one with one, and a choice with several', () => {
    expect(tenantAtSignIn([])).toEqual({ tenantId: 0, mustChoose: false });
    expect(tenantAtSignIn(undefined)).toEqual({ tenantId: 0, mustChoose: false });
    expect(tenantAtSignIn([south])).toEqual({ tenantId: 20, mustChoose: false });
    // Until the user chooses, requests stay in the default tenant, never in one they did not pick.
    expect(tenantAtSignIn([east, south])).toEqual({ tenantId: 0, mustChoose: true });
  });

  it('starts the choice at the stored tenant only while it is still one of the list', () => {
    expect(preselectedTenant([east, south], 20)).toBe(20);
    expect(preselectedTenant([east, south], '1')).toBe(1);
    expect(preselectedTenant([east, south], 7)).toBeUndefined();
    expect(preselectedTenant([east, south], null)).toBeUndefined();
  });

  it('names the current tenant for the header, nothing for the default tenant', () => {
    expect(currentTenantName([east, south], '20')).toBe('华南分公司');
    expect(currentTenantName([east, south], 0)).toBeUndefined();
    expect(currentTenantName([], 1)).toBeUndefined();
  });
});
