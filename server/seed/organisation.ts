import type { Insertable, Transaction } from 'kysely';
import type { DB, SysDepart } from '../db/types';
import type { SeedDepart } from '../generated/seed/departs';
import type { SeedPosition } from '../generated/seed/positions';
import { SeedError } from './documents';
import { newId } from '../db/ids';

/** Org code → department id. */
export type DepartIds = Map<string, string>;

function departRows(departs: SeedDepart[], parent: { id: string; orgCode: string } | null): Insertable<SysDepart>[] {
  return departs.flatMap((depart) => {
    const expectedPrefix = parent?.orgCode ?? '';
    if (!depart.orgCode.startsWith(expectedPrefix) || depart.orgCode.length !== expectedPrefix.length + 3) {
      throw new SeedError(
        `种子文件 schemas/seed/departs.json: ${depart.departName} 的 orgCode ${depart.orgCode} 应为上级编码 ` +
          `"${expectedPrefix}" 加三位（如 ${expectedPrefix}A01）`,
      );
    }
    // An explicit id lets demo rows name the department (a case's 承办部门).
    const id = depart.id ?? newId();
    const row: Insertable<SysDepart> = {
      id,
      parent_id: parent?.id ?? null,
      depart_name: depart.departName,
      depart_name_abbr: depart.departNameAbbr ?? null,
      depart_order: depart.order,
      description: depart.description ?? null,
      org_category: depart.orgCategory,
      // JeecgBoot's org_type: '1' a first-level organisation, '2' anything below it.
      org_type: parent ? '2' : '1',
      org_code: depart.orgCode,
      mobile: depart.mobile ?? null,
      address: depart.address ?? null,
      create_by: 'admin',
    };
    return [row, ...departRows(depart.children ?? [], { id, orgCode: depart.orgCode })];
  });
}

export async function insertDeparts(trx: Transaction<DB>, departs: SeedDepart[]): Promise<DepartIds> {
  const rows = departRows(departs, null);
  const ids: DepartIds = new Map();
  for (const row of rows) {
    if (ids.has(row.org_code)) {
      throw new SeedError(`种子文件 schemas/seed/departs.json: orgCode ${row.org_code} 重复`);
    }
    ids.set(row.org_code, row.id);
  }
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.id)) throw new SeedError(`种子文件 schemas/seed/departs.json: 部门 id ${row.id} 重复`);
    seen.add(row.id);
  }
  await trx.insertInto('sys_depart').values(rows).execute();
  return ids;
}

/** Returns the position codes, for checking users' posts. */
export async function insertPositions(trx: Transaction<DB>, positions: SeedPosition[]): Promise<Set<string>> {
  const codes = new Set<string>();
  for (const p of positions) {
    if (codes.has(p.code)) throw new SeedError(`种子文件 schemas/seed/positions.json: 职务编码 ${p.code} 重复`);
    codes.add(p.code);
  }
  await trx
    .insertInto('sys_position')
    .values(
      positions.map((p) => ({
        id: newId(),
        code: p.code,
        name: p.name,
        post_rank: p.postRank,
        hour_cost: p.hourCost.toFixed(2),
        create_by: 'admin',
      })),
    )
    .execute();
  return codes;
}
