import type { FastifyRequest } from 'fastify';

/**
 * Tenants (JeecgBoot's model): a user belongs to the tenants listed in sys_user.rel_tenant_ids
 * ('1,5'). Tenant 0 is the default — "no tenant" — and every signed-in user may work in it, as
 * JeecgBoot's TenantContext check allows 0 for everybody; a user without any relation may use 0
 * only. The web app sends the tenant as the `tenant-id` header, the sockets as `?tenantId=`; the
 * server accepts a value only after checking it against the session's user (the guard, the socket
 * admissions), so a client cannot step into another tenant by naming it.
 */
export const DEFAULT_TENANT = 0;

/** '1, 5,x,' → [1, 5]: ids that are not plain non-negative numbers are no relation. */
export function tenantIdsOf(relTenantIds: string | null | undefined): number[] {
  const ids = (relTenantIds ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number);
  return [...new Set(ids)];
}

export function mayUseTenant(memberOf: readonly number[], tenantId: number): boolean {
  return tenantId === DEFAULT_TENANT || memberOf.includes(tenantId);
}

/**
 * The tenant a request names: JeecgBoot's web app sends `tenant-id: <id or 0>`; a header that is
 * absent or not a plain number means the default tenant. Not yet checked against the user.
 */
export function requestedTenant(request: FastifyRequest): number {
  const header = request.headers['tenant-id'];
  const text = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  return /^\d{1,9}$/.test(text) ? Number(text) : DEFAULT_TENANT;
}
