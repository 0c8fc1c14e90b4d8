// Which tenant a session works in (the `tenant-id` header): decided at sign-in from the login's
// tenantList, switched from the header. Pure, so each case is tested without a browser.
import type { Tenant } from '../api/types';

/** The default tenant: every signed-in user may work in it (server/auth/tenants.ts). */
export const DEFAULT_TENANT_ID = 0;

export interface TenantStart {
  /** What the request layer sends until the user chooses. */
  tenantId: number;
  /** The user belongs to several usable tenants and must choose one (the 租户选择 dialog). */
  mustChoose: boolean;
}

/**
 * No tenant: the default one. One: that one. Several: the user chooses (JeecgBoot asks at sign-in);
 * until then the default tenant, which the server always admits, so nothing is read in a tenant the
 * user did not pick.
 */
export function tenantAtSignIn(tenantList: readonly Tenant[] | undefined): TenantStart {
  const list = tenantList ?? [];
  if (list.length === 1) return { tenantId: list[0].id, mustChoose: false };
  return { tenantId: DEFAULT_TENANT_ID, mustChoose: list.length > 1 };
}

/** The option the choice starts at: the stored tenant when it is still one of the list. */
export function preselectedTenant(list: readonly Tenant[], stored: string | number | null | undefined): number | undefined {
  const id = Number(stored);
  return list.some((t) => t.id === id) ? id : undefined;
}

/** The name the header shows for the current tenant; undefined for the default tenant or one not listed. */
export function currentTenantName(list: readonly Tenant[], current: string | number | null | undefined): string | undefined {
  const id = Number(current);
  return list.find((t) => t.id === id)?.name;
}
