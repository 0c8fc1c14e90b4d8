import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../../server/auth/password';
import { inTransaction } from '../../server/db/transaction';
import type { DB } from '../../server/db/types';
import { loadDemoReference, type DemoStaff } from '../../server/seed/demo/reference';
import { insertUsers, type StaffAccount } from '../../server/seed/users';

/**
 * Fills the case table (schemas/pages/receive/receive.json → biz_receive) and its members
 * (receive/receiveMember → biz_receive_member, which the 公估师 data rule and the 我的案件 view read)
 * with `cases` cases in two set-based statements (INSERT … SELECT FROM generate_series), in the
 * shape `npm run seed:demo` gives them (server/seed/demo, whose per-case TypeScript takes minutes
 * per 100,000): the demo firm's staff, departments, insurers, customers and areas as the seed left
 * them in the database; cases coming in over three years before HORIZON in office hours, each in the
 * state its age makes likely (timeline.ts's stateForAge weights), a handler for all but some new
 * cases, the handler's department, a colleague as 协办人 in one case of three, fees once the case
 * was handled, invoiced amounts as the invoicing went; 案件编号 GA + year + 6-digit sequence per
 * year, in the order cases came in (unique, as the fill rule gives them). Draws are hashes of the
 * row number, so a fill is the same every time. Then VACUUM ANALYZE, as a table that has lived
 * for years is vacuumed and analysed.
 */

/** Cases come in over the three years before this day (fixed, so every run has the same states). */
export const HORIZON = '2026-01-01';
const SPAN_DAYS = 3 * 365;
/** 6-digit sequences per year: three years of cases stay below a million a year. */
export const MAX_CASES = 2_500_000;
export const CASE_ID_PREFIX = 'c';
/** Cases whose members one statement of the fill writes. */
const MEMBER_SLICE = 2000;

// The demo's words for case names (server/seed/demo/texts.ts), by 委托类型 with its weight.
const ENTRUST: ReadonlyArray<{ type: string; weight: number; scenes: readonly string[] }> = [
  { type: '01', weight: 20, scenes: ['重型货车追尾', '暴雨致车辆泡水', '车队连环碰撞', '危化品运输车侧翻'] },
  { type: '02', weight: 35, scenes: ['厂房火灾', '仓库火灾', '写字楼管道爆裂', '暴雨致地下车库进水', '冷库制冷机组故障', '商铺盗抢'] },
  { type: '03', weight: 5, scenes: ['住宅火灾', '楼上漏水致室内装修'] },
  { type: '04', weight: 12, scenes: ['在建工程基坑坍塌', '施工塔吊倾覆', '隧道施工涌水'] },
  { type: '05', weight: 15, scenes: ['货物运输途中湿损', '集装箱落水', '冷链运输温控失效'] },
  { type: '06', weight: 10, scenes: ['商场顾客摔伤', '电梯故障伤人', '产品质量缺陷致人损害'] },
  { type: '07', weight: 3, scenes: ['冰雹致大棚作物', '生猪养殖场疫病'] },
];
const LOSS_KINDS = ['财产', '营业中断', '第三者责任', '工程一切险', '货物'];
const SPOTS = ['工业园', '物流园', '经济技术开发区', '高新区', '商业街', '开发区'];

/** A handler and the department a case of theirs goes to: each handler alike, their departments alike (as the demo picks). */
interface Slot {
  handler: string;
  departId: string;
  orgCode: string;
  post: string | null;
  /** Who reviews the department's closings (a manager of the department), as the demo names them. */
  manager: string;
}

function handlerSlots(staff: readonly DemoStaff[], orgCodes: ReadonlyMap<string, string>): Slot[] {
  const handlers = staff.filter((s) => s.departIds.length > 0 && (s.roles.includes('adjuster') || s.roles.includes('manager')));
  if (handlers.length === 0) throw new Error('种子里没有可以主办案件的员工（公估师或部门经理）：案件压测需要演示员工');
  const managers = staff.filter((s) => s.roles.includes('manager'));
  const managerOf = (departId: string) => managers.find((m) => m.departIds.includes(departId))?.username ?? managers[0]?.username ?? 'admin';
  // Equal weight per handler, split evenly over their departments: the least common multiple of the counts.
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const per = handlers.reduce((l, h) => (l * h.departIds.length) / gcd(l, h.departIds.length), 1);
  return handlers.flatMap((h) =>
    Array.from({ length: per }, (_, i) => {
      const departId = h.departIds[i % h.departIds.length];
      return { handler: h.username, departId, orgCode: orgCodes.get(departId) ?? 'A01', post: h.post, manager: managerOf(departId) };
    }),
  );
}

/** Cumulative weights as fractions (the last is 1). */
function cumulative(weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  let run = 0;
  return weights.map((w) => (run += w) / total);
}

/**
 * A firm with a million cases has more than the demo's three adjusters: `count` more 公估师 (gs001…,
 * role adjuster) spread over the claim departments (理赔部), added through the seed's own user
 * insert. They never sign in: one hash of a random password serves them all. Without them lisi would
 * handle a third of all cases and be a member of most.
 */
export async function addAdjusters(db: Kysely<DB>, count: number): Promise<void> {
  if (count <= 0) return;
  const departs = await db.selectFrom('sys_depart').select(['id', 'org_code']).where('depart_name', 'like', '%理赔部').orderBy('org_code').execute();
  const roles = await db.selectFrom('sys_role').select(['id', 'role_code']).execute();
  const positions = await db.selectFrom('sys_position').select('code').execute();
  if (departs.length === 0) throw new Error('种子里没有理赔部：无法添加压测用的公估师');
  const hash = await hashPassword(crypto.randomBytes(18).toString('base64url'));
  const accounts: StaffAccount[] = Array.from({ length: count }, (_, i) => {
    const no = String(i + 1).padStart(3, '0');
    return { username: `gs${no}`, realname: `公估师${no}`, roles: ['adjuster'], departs: [departs[i % departs.length].org_code], post: 'adjuster' };
  });
  await inTransaction(db, (trx) =>
    insertUsers(
      trx,
      accounts,
      {
        departs: new Map(departs.map((d) => [d.org_code, d.id])),
        roles: new Map(roles.map((r) => [r.role_code, r.id])),
        positions: new Set(positions.map((p) => p.code)),
      },
      new Map(accounts.map((a) => [a.username, hash])),
    ),
  );
}

export interface CaseFill {
  cases: number;
  members: number;
  /** The usernames that handle cases (lisi among them in the demo firm). */
  handlers: string[];
}

/** Runs one statement of the fill, telling `log` how long it took. */
async function timedStep(log: ((line: string) => void) | undefined, label: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  log?.(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** `horizon` (yyyy-MM-dd): the day the three years of cases end before; HORIZON unless a bench needs them up to today. */
export async function fillCases(db: Kysely<DB>, cases: number, log?: (line: string) => void, horizon: string = HORIZON): Promise<CaseFill> {
  if (!Number.isInteger(cases) || cases < 1 || cases > MAX_CASES) throw new Error(`案件数应在 1 到 ${MAX_CASES} 之间，得到 ${cases}`);
  const ref = await loadDemoReference(db);
  const slots = handlerSlots(ref.staff, new Map([...ref.departs.values()].map((d) => [d.id, d.orgCode])));
  const staffNames = [...new Set(slots.map((s) => s.handler))];
  const scenes = ENTRUST.flatMap((e) => e.scenes);
  const sceneStart = ENTRUST.map((e, i) => 1 + ENTRUST.slice(0, i).reduce((n, x) => n + x.scenes.length, 0));
  const sceneCount = ENTRUST.map((e) => e.scenes.length);
  const entrustCut = cumulative(ENTRUST.map((e) => e.weight));
  const none = (list: readonly string[]) => (list.length > 0 ? list : ['']);
  const insurerCodes = none(ref.insurers.map((i) => i.code));
  const insurerNames = none(ref.insurers.map((i) => i.name));
  const areaCodes = none(ref.areas.map((a) => a.code));
  const areaPlaces = none(ref.areas.map((a) => a.place));
  const customers = none(ref.customers);
  const experts = none(ref.experts.map((e) => e.id));
  const outsourcers = none(ref.outsourcers.map((o) => o.id));
  const subjects = none(ref.specialSubjects);

  // Each step's subquery ends in OFFSET 0, so the planner keeps it as a step: its draws are computed
  // once per row, not again wherever a later step names them.
  // u(k): the k-th uniform draw in [0, 1) of row g — a hash of (g, k), so streams do not move together.
  await timedStep(log, 'cases', () => sql`
    INSERT INTO biz_receive (id, receive_number, receive_name, receive_status, trust_date, insurer_name, insurer_code, coinsurer_codes,
                             entrust_type, trust_level, special_subject, customer_ids, policy_number, depart_id, position_code, handler,
                             assistants, expert_ids, outsource_ids, accident_date, report_date, area_code, accident_place, estimated_loss,
                             loss_currency, fee_amount, invoiced_amount, create_by, create_time, sys_org_code, tenant_id)
    WITH draws AS (
      SELECT g, x,
             (hashint8(g::bigint * 32 + 1)::bigint & 2147483647)::float8 / 2147483648 AS u1,
             (hashint8(g::bigint * 32 + 2)::bigint & 2147483647)::float8 / 2147483648 AS u2,
             (hashint8(g::bigint * 32 + 3)::bigint & 2147483647)::float8 / 2147483648 AS u3,
             (hashint8(g::bigint * 32 + 4)::bigint & 2147483647)::float8 / 2147483648 AS u4,
             (hashint8(g::bigint * 32 + 5)::bigint & 2147483647)::float8 / 2147483648 AS u5,
             (hashint8(g::bigint * 32 + 6)::bigint & 2147483647)::float8 / 2147483648 AS u6,
             (hashint8(g::bigint * 32 + 7)::bigint & 2147483647)::float8 / 2147483648 AS u7,
             (hashint8(g::bigint * 32 + 8)::bigint & 2147483647)::float8 / 2147483648 AS u8,
             (hashint8(g::bigint * 32 + 9)::bigint & 2147483647)::float8 / 2147483648 AS u9,
             (hashint8(g::bigint * 32 + 10)::bigint & 2147483647)::float8 / 2147483648 AS u10,
             (hashint8(g::bigint * 32 + 11)::bigint & 2147483647)::float8 / 2147483648 AS u11,
             (hashint8(g::bigint * 32 + 12)::bigint & 2147483647)::float8 / 2147483648 AS u12
      FROM (
        -- x: the day (with its fraction) since the first day, rising with g: cases are numbered in the order they came in.
        SELECT g, ${SPAN_DAYS - 1} * (g - 1 + (hashint8(g::bigint * 32)::bigint & 2147483647)::float8 / 2147483648) / ${cases}::float8 AS x
        FROM generate_series(1, ${cases}::int) AS g
        OFFSET 0
      ) AS t
      OFFSET 0
    ),
    timed AS (
      SELECT d.*,
             -- Office hours: the day's fraction becomes a time between 09:00 and 18:00.
             (${horizon}::date - ${SPAN_DAYS}::int) + floor(x)::int + interval '9 hours' + floor((x - floor(x)) * 32400) * interval '1 second' AS trust_time,
             ${SPAN_DAYS} - x AS age,
             CASE ${sql.join(entrustCut.slice(0, -1).map((cut, i) => sql`WHEN u4 < ${cut}::float8 THEN ${i + 1}::int`), sql` `)} ELSE ${entrustCut.length}::int END AS entrust_at,
             exp(ln(20000) + u6 * (ln(8000000) - ln(20000))) AS loss_raw
      FROM draws AS d
      OFFSET 0
    ),
    stated AS (
      SELECT t.*,
             CASE
               WHEN age < 30 THEN CASE WHEN u1 < 0.40 THEN 'new' WHEN u1 < 0.85 THEN 'handle' ELSE 'approve' END
               WHEN age < 120 THEN CASE WHEN u1 < 0.03 THEN 'new' WHEN u1 < 0.38 THEN 'handle' WHEN u1 < 0.53 THEN 'approve'
                                        WHEN u1 < 0.68 THEN 'over' WHEN u1 < 0.83 THEN 'wait_receipt' ELSE 'receipted' END
               WHEN age < 300 THEN CASE WHEN u1 < 0.10 THEN 'handle' WHEN u1 < 0.14 THEN 'approve' WHEN u1 < 0.26 THEN 'over'
                                        WHEN u1 < 0.45 THEN 'wait_receipt' WHEN u1 < 0.80 THEN 'receipted' ELSE 'old' END
               ELSE CASE WHEN u1 < 0.04 THEN 'over' WHEN u1 < 0.14 THEN 'wait_receipt' WHEN u1 < 0.44 THEN 'receipted' ELSE 'old' END
             END AS state,
             (round(loss_raw / 100) * 100)::numeric AS loss,
             1 + floor(u3 * ${slots.length})::int AS slot
      FROM timed AS t
      OFFSET 0
    ),
    handled AS (
      SELECT s.*,
             CASE WHEN state = 'new' AND u2 < 0.3 THEN NULL ELSE slot END AS at_slot,
             -- A colleague (anyone else who handles cases) as 协办人 in 35% of handled cases.
             (${staffNames}::text[])[1 + ((array_position(${staffNames}::text[], (${slots.map((x) => x.handler)}::text[])[slot]) - 1
                                          + 1 + floor(u5 * ${Math.max(staffNames.length - 1, 1)})::int) % ${staffNames.length})] AS colleague,
             CASE WHEN state IN ('approve', 'over', 'wait_receipt', 'receipted', 'old') OR (state = 'handle' AND u7 < 0.4)
                  THEN greatest(2000, round(loss * (0.008 + u8 * 0.017)::numeric / 100) * 100) END AS fee
      FROM stated AS s
      OFFSET 0
    )
    SELECT ${CASE_ID_PREFIX} || lpad(g::text, 31, '0'),
           'GA' || extract(year FROM trust_time)::int || lpad((row_number() OVER (PARTITION BY extract(year FROM trust_time) ORDER BY g))::text, 6, '0'),
           (${areaPlaces}::text[])[1 + floor(u9 * ${areaPlaces.length})::int]
             || (${scenes}::text[])[(${sceneStart}::int[])[entrust_at] + floor(u10 * (${sceneCount}::int[])[entrust_at])::int]
             || CASE WHEN entrust_at = 1 THEN '车辆' ELSE (${LOSS_KINDS}::text[])[1 + floor(u11 * ${LOSS_KINDS.length})::int] END
             || '损失公估案',
           state,
           trust_time::date,
           (${insurerNames}::text[])[1 + floor(u12 * ${insurerNames.length})::int],
           (${insurerCodes}::text[])[1 + floor(u12 * ${insurerCodes.length})::int],
           CASE WHEN loss > 2000000 AND u2 > 0.85 AND ${insurerCodes.length} > 2
                THEN (${insurerCodes}::text[])[1 + (floor(u12 * ${insurerCodes.length})::int + 1) % ${insurerCodes.length}] END,
           (${ENTRUST.map((e) => e.type)}::text[])[entrust_at],
           CASE WHEN loss < 200000 THEN '1' WHEN loss < 1000000 THEN '2' WHEN loss < 5000000 THEN '3' ELSE '4' END,
           CASE WHEN u7 > 0.95 THEN (${subjects}::text[])[1 + floor(u9 * ${subjects.length})::int] END,
           CASE WHEN u8 < 0.3 THEN (${customers}::text[])[1 + floor(u10 * ${customers.length})::int] END,
           'P' || (1000000 + floor(u11 * 8999999)::int) || (100000000 + floor(u12 * 899999999)::int),
           (${slots.map((x) => x.departId)}::text[])[at_slot],
           (${slots.map((x) => x.post)}::text[])[at_slot],
           (${slots.map((x) => x.handler)}::text[])[at_slot],
           CASE WHEN at_slot IS NOT NULL AND u5 < 0.35 AND ${staffNames.length} > 1 THEN colleague END,
           CASE WHEN (u6 * 7 - floor(u6 * 7)) < 0.4 THEN (${experts}::text[])[1 + floor(u1 * ${experts.length})::int] END,
           CASE WHEN (u9 * 5 - floor(u9 * 5)) < 0.2 THEN (${outsourcers}::text[])[1 + floor(u2 * ${outsourcers.length})::int] END,
           (trust_time - (1 + floor(u10 * 20)::int) * interval '1 day')::date,
           (trust_time - (1 + floor(u10 * 20)::int) * interval '1 day' + floor(u11 * 3)::int * interval '1 day')::date,
           (${areaCodes}::text[])[1 + floor(u9 * ${areaCodes.length})::int],
           (${areaPlaces}::text[])[1 + floor(u9 * ${areaPlaces.length})::int] || (${SPOTS}::text[])[1 + floor((u3 * 7 - floor(u3 * 7)) * ${SPOTS.length})::int]
             || (1 + floor((u4 * 13 - floor(u4 * 13)) * 199)::int) || '号',
           loss,
           CASE WHEN (u11 * 3 - floor(u11 * 3)) < 0.95 THEN 'CNY' ELSE 'USD' END,
           fee,
           CASE WHEN state IN ('receipted', 'old') THEN fee
                -- 待开票: no invoice yet (40%), part invoiced (35%), or an invoice reversed (25%).
                WHEN state = 'wait_receipt' AND (u2 * 11 - floor(u2 * 11)) >= 0.40 AND (u2 * 11 - floor(u2 * 11)) < 0.75 THEN round(fee * (0.3 + u12 * 0.4)::numeric, -2)
                ELSE 0 END,
           coalesce((${slots.map((x) => x.handler)}::text[])[at_slot], 'admin'),
           trust_time,
           coalesce((${slots.map((x) => x.orgCode)}::text[])[at_slot], 'A01'),
           0
    FROM handled`.execute(db));

  // Members as the demo adds them: the handler, the 协办人, a surveyor in a quarter of handled cases, the
  // department's manager as reviewer once closing was asked for.
  const departs = [...new Set(slots.map((s) => s.departId))];
  const managers = departs.map((d) => slots.find((s) => s.departId === d)?.manager ?? 'admin');
  // In slices of MEMBER_SLICE cases (a range of the case key): the 首页 triggers (migration 0044)
  // rebuild the named rows of every case a statement touches, and one statement over all cases grew
  // faster than its size (37 s for 20k cases).
  const slice = (from: number) => sql`
    INSERT INTO biz_receive_member (id, receive_id, receive_number, receive_name, user_name, member_role, join_date, create_by, create_time, sys_org_code, tenant_id)
    SELECT 'm' || substr(r.id, 4) || lpad(m.k::text, 2, '0'), r.id, r.receive_number, r.receive_name, m.user_name, m.member_role,
           r.trust_date, coalesce(manager.name, 'admin'), r.create_time + interval '1 hour', r.sys_org_code, 0
    FROM biz_receive AS r
    CROSS JOIN LATERAL (SELECT (${managers}::text[])[array_position(${departs}::text[], r.depart_id)] AS name) AS manager
    CROSS JOIN LATERAL (
      SELECT (hashint8(substr(r.id, 2)::bigint * 32 + 20)::bigint & 2147483647)::float8 / 2147483648 AS u
    ) AS d
    CROSS JOIN LATERAL (
      SELECT CASE WHEN r.receive_status <> 'new' AND d.u < 0.25
                  THEN (array_remove(array_remove(${staffNames}::text[], r.handler), r.assistants))[1] END AS name
    ) AS surveyor
    CROSS JOIN LATERAL (
      VALUES (1, r.handler, 'handler'),
             (2, CASE WHEN r.assistants <> r.handler THEN r.assistants END, 'assistant'),
             (3, surveyor.name, 'surveyor'),
             (4, CASE WHEN r.receive_status NOT IN ('new', 'handle') AND manager.name IS DISTINCT FROM r.handler
                       AND manager.name IS DISTINCT FROM r.assistants AND manager.name IS DISTINCT FROM surveyor.name THEN manager.name END, 'reviewer')
    ) AS m(k, user_name, member_role)
    WHERE m.user_name IS NOT NULL
      AND r.id >= ${CASE_ID_PREFIX} || lpad(${from}::text, 31, '0') AND r.id < ${CASE_ID_PREFIX} || lpad(${from + MEMBER_SLICE}::text, 31, '0')`.execute(db);
  await timedStep(log, 'members', async () => {
    for (let from = 1; from <= cases; from += MEMBER_SLICE) await slice(from);
  });
  await timedStep(log, 'VACUUM ANALYZE', async () => {
    await sql`VACUUM ANALYZE biz_receive`.execute(db);
    await sql`VACUUM ANALYZE biz_receive_member`.execute(db);
  });
  const counted = await sql<{ cases: string; members: string }>`
    SELECT (SELECT count(*) FROM biz_receive) AS cases, (SELECT count(*) FROM biz_receive_member) AS members`.execute(db);
  return { cases: Number(counted.rows[0].cases), members: Number(counted.rows[0].members), handlers: staffNames };
}
