import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { beijingDate, tenantRefusal } from '../../runtime/contract/tenantUse';
import type { DB } from '../db/types';
import { cachedAuthRead } from './authCache';
import { NO_PERMISSION_MESSAGE } from '../http/envelope';

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

/**
 * Why the user may not work in `tenantId` now: not one of theirs (没有权限), or frozen or outside its
 * dates (runtime/contract/tenantUse.ts). Undefined when they may. The default tenant 0 is always
 * open; a relation to an id sys_tenant has no row for (written before 租户管理 existed, or by
 * hand) limits nothing more than membership, as before.
 */
export async function tenantUseRefusal(db: Kysely<DB>, memberOf: readonly number[], tenantId: number, now = new Date()): Promise<string | undefined> {
  if (!mayUseTenant(memberOf, tenantId)) return NO_PERMISSION_MESSAGE;
  if (tenantId === DEFAULT_TENANT) return undefined;
  const tenant = await cachedAuthRead(db, `tenant:${tenantId}`, () =>
    db.selectFrom('sys_tenant').select(['name', 'status', 'begin_date', 'end_date']).where('id', '=', tenantId).executeTakeFirst(),
  );
  if (!tenant) return undefined;
  return tenantRefusal({ name: tenant.name, status: tenant.status, beginDate: tenant.begin_date, endDate: tenant.end_date }, beijingDate(now));
}

export interface UsableTenant {
  id: number;
  name: string;
  createTime: string;
  createBy: string | null;
  beginDate: string | null;
  endDate: string | null;
  status: number;
}

/**
 * The login's `tenantList` (JeecgBoot's effective SysTenant[]): the user's tenants that can be used
 * today, by id. `recorded` tells whether any of the user's ids has a sys_tenant row at all.
 */
export async function usableTenantsOf(db: Kysely<DB>, memberOf: readonly number[], now = new Date()): Promise<{ usable: UsableTenant[]; recorded: number }> {
  if (memberOf.length === 0) return { usable: [], recorded: 0 };
  const rows = await db.selectFrom('sys_tenant').selectAll().where('id', 'in', [...memberOf]).orderBy('id').execute();
  const today = beijingDate(now);
  const usable = rows
    .filter((t) => !tenantRefusal({ name: t.name, status: t.status, beginDate: t.begin_date, endDate: t.end_date }, today))
    .map((t) => ({ id: t.id, name: t.name, createTime: t.create_time, createBy: t.create_by, beginDate: t.begin_date, endDate: t.end_date, status: t.status }));
  return { usable, recorded: rows.length };
}
