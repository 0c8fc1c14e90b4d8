/**
 * sys_tenant rows as JeecgBoot answers them (SysTenant: id, name, beginDate, endDate, status,
 * createBy, createTime, …) and the checks of a tenant written through 租户管理.
 */
import type { Selectable } from 'kysely';
import type { SysTenant } from '../../db/types';
import { BusinessError } from '../../http/envelope';

export interface TenantRecord {
  id: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  status: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
}

export function tenantRecord(row: Selectable<SysTenant>): TenantRecord {
  return {
    id: row.id,
    name: row.name,
    beginDate: row.begin_date,
    endDate: row.end_date,
    status: row.status,
    createBy: row.create_by,
    createTime: row.create_time,
    updateBy: row.update_by,
    updateTime: row.update_time,
  };
}

/** What 新增/编辑 send; dates 'YYYY-MM-DD' (a time part is dropped), empty = open-ended. */
export interface TenantInput {
  id?: number;
  name: string;
  beginDate?: string | null;
  endDate?: string | null;
  status?: number | string;
}

const DATE = '^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}:[0-9]{2})?$';

export const TENANT_BODY = {
  type: 'object',
  required: ['name'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: 999_999_999 },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    beginDate: { type: ['string', 'null'], pattern: DATE },
    endDate: { type: ['string', 'null'], pattern: DATE },
    status: { anyOf: [{ type: 'integer', enum: [0, 1] }, { type: 'string', enum: ['0', '1'] }] },
  },
} as const;

function dateOf(text: string | null | undefined): string | null {
  const day = text?.slice(0, 10) ?? '';
  if (day === '') return null;
  // The pattern lets 2026-02-31 through; the calendar does not.
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) throw new BusinessError(`日期 ${day} 不存在`);
  return day;
}

/** The columns of a tenant as written; refuses a blank name and an end before the begin. */
export function tenantColumns(input: TenantInput): { name: string; begin_date: string | null; end_date: string | null; status: number } {
  const name = input.name.trim();
  if (name === '') throw new BusinessError('租户名称不能为空');
  const begin = dateOf(input.beginDate);
  const end = dateOf(input.endDate);
  if (begin && end && end < begin) throw new BusinessError('结束日期不能早于开始日期');
  return { name, begin_date: begin, end_date: end, status: input.status === undefined ? 1 : Number(input.status) };
}
