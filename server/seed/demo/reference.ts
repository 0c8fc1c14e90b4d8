import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** A member of staff the demo gives cases to, with the departments the organisation chart gives them. */
export interface DemoStaff {
  username: string;
  realname: string;
  post: string | null;
  /** Department ids (sys_depart.id). */
  departIds: string[];
  roles: string[];
}

export interface DemoDepart {
  id: string;
  orgCode: string;
}

/**
 * What the demo cases refer to, read from the database the seed (or an earlier start) filled: staff
 * and their departments, insurers, experts, outsourcers, customers, areas, cost and hour types. The
 * lists are ordered by their keys, so the same database gives the same demo.
 */
export interface DemoReference {
  staff: DemoStaff[];
  departs: Map<string, DemoDepart>;
  insurers: { code: string; name: string }[];
  experts: { id: string; name: string }[];
  outsourcers: { id: string; name: string }[];
  customers: string[];
  /** District-level areas (level 3) with the names of their city and province, for places. */
  areas: { code: string; place: string; provinceId: string | null; cityId: string | null }[];
  costTypes: { code: string; category: string }[];
  hourTypes: string[];
  specialSubjects: string[];
}

type Rows<T> = { rows: T[] };

export async function loadDemoReference(db: Kysely<DB>): Promise<DemoReference> {
  const users = await db
    .selectFrom('sys_user as u')
    .select(['u.id', 'u.username', 'u.realname', 'u.post'])
    .where('u.del_flag', '=', 0)
    .orderBy('u.username')
    .execute();
  const userDeparts = await db.selectFrom('sys_user_depart').select(['user_id', 'dep_id']).orderBy('dep_id').execute();
  const userRoles = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id', 'r.role_code'])
    .execute();
  const departs = await db.selectFrom('sys_depart').select(['id', 'org_code']).orderBy('org_code').execute();
  const staff = users.map((u) => ({
    username: u.username,
    realname: u.realname,
    post: u.post ?? null,
    departIds: userDeparts.filter((d) => d.user_id === u.id).map((d) => d.dep_id),
    roles: userRoles.filter((r) => r.user_id === u.id).map((r) => r.role_code),
  }));

  const insurers = await sql<{ code: string; name: string }>`
    SELECT company_code AS code, company_name AS name FROM mnt_insurance_company ORDER BY company_code`.execute(db);
  const experts = await sql<{ id: string; name: string }>`SELECT id, expert_name AS name FROM mnt_expert ORDER BY id`.execute(db);
  const outsourcers = await sql<{ id: string; name: string }>`SELECT id, outsource_name AS name FROM mnt_outsource ORDER BY id`.execute(db);
  const customers = await sql<{ id: string }>`SELECT id FROM mnt_customer ORDER BY id`.execute(db);
  const areas: Rows<{ id: string; code: string; name: string; pid: string; level: number }> = await sql<{
    id: string;
    code: string;
    name: string;
    pid: string;
    level: number;
  }>`SELECT id, code, area_name AS name, pid, level FROM mnt_area ORDER BY id`.execute(db);
  const costTypes = await sql<{ code: string; category: string }>`
    SELECT type_code AS code, cost_category AS category FROM mnt_cost_type ORDER BY type_code`.execute(db);
  const hourTypes = await sql<{ id: string }>`SELECT id FROM mnt_working_hour_type ORDER BY type_code`.execute(db);
  const subjects = await sql<{ code: string }>`SELECT subject_code AS code FROM mnt_special_subject ORDER BY subject_code`.execute(db);

  const areaById = new Map(areas.rows.map((a) => [a.id, a]));
  const districts = areas.rows
    .filter((a) => Number(a.level) === 3)
    .map((a) => {
      const city = areaById.get(a.pid);
      const province = city ? areaById.get(city.pid) : undefined;
      // 北京市 / 市辖区 / 东城区: the municipality's 市辖区 says nothing in a place name.
      const cityName = city && city.name !== '市辖区' ? city.name : '';
      return { code: a.code, place: `${province?.name ?? ''}${cityName}${a.name}`, provinceId: province?.id ?? null, cityId: city?.id ?? null };
    });

  return {
    staff,
    departs: new Map(departs.map((d) => [d.id, { id: d.id, orgCode: d.org_code }])),
    insurers: insurers.rows,
    experts: experts.rows,
    outsourcers: outsourcers.rows,
    customers: customers.rows.map((c) => c.id),
    areas: districts,
    costTypes: costTypes.rows,
    hourTypes: hourTypes.rows.map((h) => h.id),
    specialSubjects: subjects.rows.map((s) => s.code),
  };
}
