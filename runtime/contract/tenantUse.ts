/**
 * When a tenant may be worked in (JeecgBoot's sys_tenant): status 1 正常 and today (Beijing date)
 * within begin_date..end_date, both inclusive and each optional. The server refuses sign-in into a
 * tenant and every request or socket naming one that is not; the tenant list shows why.
 */

export const TENANT_STATUS = { normal: 1, frozen: 0 } as const;

export interface TenantTerms {
  name: string;
  status: number;
  /** 'YYYY-MM-DD' or empty. */
  beginDate: string | null;
  endDate: string | null;
}

/** Why the tenant cannot be used today ('YYYY-MM-DD'); undefined when it can. */
export function tenantRefusal(tenant: TenantTerms, today: string): string | undefined {
  if (tenant.status !== TENANT_STATUS.normal) return `租户「${tenant.name}」已冻结，无法使用`;
  const begin = tenant.beginDate?.slice(0, 10);
  const end = tenant.endDate?.slice(0, 10);
  if (begin && today < begin) return `租户「${tenant.name}」${begin} 才开始生效，目前无法使用`;
  if (end && today > end) return `租户「${tenant.name}」已于 ${end} 到期，无法使用`;
  return undefined;
}

/** The Beijing calendar date of an instant, 'YYYY-MM-DD' (the dates of sys_tenant are Beijing dates). */
export function beijingDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Sign-in refused because none of the user's tenants can be used (JeecgBoot's text). */
export const ALL_TENANTS_FROZEN_MESSAGE = '与该用户关联的租户均已被冻结，无法登录！';
