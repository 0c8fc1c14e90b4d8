/**
 * Runs a report: one bounded statement per level (query.ts), the group texts (groupTexts.ts), then
 * the table in display order — each outer group's rows followed by its 小计, the 合计 last — with
 * ratios computed from their measures at every level.
 */
import { BusinessError } from '../../http/envelope';
import type { StatisticsAnswer, StatisticsColumn, StatisticsRow } from '../../../runtime/statistics/answer';
import { EMPTY_GROUP_TEXT, groupTexts } from './groupTexts';
import type { MeasurePlan, ReportPlan } from './plan';
import { prepareReport, type Asker, type LevelRow, type StatisticsParams } from './query';
import type { EntityService } from '../entity/service';

export const tooManyGroups = (max: number) => `分组数超过上限 ${max}，请缩小统计范围（如缩短期间或增加筛选条件）`;

type Key = string | null;

function keyOf(value: unknown): Key {
  return value === null || value === undefined ? null : String(value);
}

/** A figure as answered: counts as integers, money as text with 2 decimals, other numbers rounded to 2 decimals. */
function figure(value: unknown, plan: MeasurePlan): number | string | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  if (plan.format === 'integer') return Math.round(n);
  if (plan.format === 'money') return n.toFixed(2);
  return Math.round(n * 100) / 100;
}

function figures(row: LevelRow, plan: ReportPlan): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  plan.measures.forEach((m, i) => {
    if (m.measure.agg !== 'ratio') out[m.measure.key] = figure(row[`m${i}`], m);
  });
  for (const m of plan.measures) {
    if (m.measure.agg !== 'ratio') continue;
    const of = Number(out[m.measure.of as string] ?? 0);
    const to = Number(out[m.measure.to as string] ?? 0);
    out[m.measure.key] = to === 0 ? null : Math.round((of / to) * 10000) / 10000;
  }
  return out;
}

export async function runReport(plan: ReportPlan, params: StatisticsParams, asker: Asker, services: ReadonlyMap<string, EntityService>): Promise<StatisticsAnswer> {
  const prepared = await prepareReport(plan, params, asker);
  const depth = plan.groups.length;
  const max = plan.report.maxGroups;
  const levels: LevelRow[][] = [];
  for (let d = depth; d >= 0; d--) {
    const { rows } = await prepared.level(d, d === depth ? max + 1 : undefined).execute(asker.db);
    if (d === depth && rows.length > max) throw new BusinessError(tooManyGroups(max));
    levels[d] = rows;
  }

  // Texts of every level's values, one lookup per group.
  const texts = await Promise.all(
    plan.groups.map((g, i) => {
      const values = levels[depth].flatMap((r) => (keyOf(r[`g${i}`]) === null ? [] : [String(r[`g${i}`])]));
      return groupTexts(g, values, services, asker);
    }),
  );
  const textOf = (i: number, key: Key) => (key === null ? EMPTY_GROUP_TEXT : (texts[i].get(key) ?? key));
  const ranks = plan.groups.map((g, i) => (g.field.dict?.kind === 'code' && !g.group.bucket ? new Map([...texts[i].keys()].map((k, n) => [k, n])) : undefined));

  const columns: StatisticsColumn[] = [
    ...plan.groups.map((g): StatisticsColumn => ({ key: g.group.key, title: g.group.title ?? g.field.label, kind: 'group' })),
    ...plan.measures.map((m): StatisticsColumn => ({ key: m.measure.key, title: m.measure.title, kind: 'measure', format: m.format })),
  ];

  const tableRow = (row: LevelRow, type: StatisticsRow['type'], level: number): StatisticsRow => {
    const out: StatisticsRow = { type, level };
    for (let i = 0; i < level; i++) {
      const key = keyOf(row[`g${i}`]);
      out[plan.groups[i].group.key] = key;
      out[`${plan.groups[i].group.key}_text`] = textOf(i, key);
    }
    return Object.assign(out, figures(row, plan));
  };

  const sortRows = (rows: LevelRow[], level: number): LevelRow[] => {
    const g = plan.groups[level - 1];
    const i = level - 1;
    const measureIndex = g.group.sortBy ? plan.measures.findIndex((m) => m.measure.key === g.group.sortBy) : -1;
    return [...rows].sort((a, b) => {
      const ka = keyOf(a[`g${i}`]);
      const kb = keyOf(b[`g${i}`]);
      // （空） last, whatever the order.
      if (ka === null || kb === null) return ka === kb ? 0 : ka === null ? 1 : -1;
      if (measureIndex >= 0) {
        const byMeasure = Number(b[`m${measureIndex}`] ?? 0) - Number(a[`m${measureIndex}`] ?? 0);
        if (byMeasure !== 0) return byMeasure;
      }
      if (g.group.bucket) return ka.localeCompare(kb);
      // A code dictionary's values in its own order (新建, 处理中, 结案审批 …), other values by name.
      const rank = ranks[i];
      if (rank && rank.has(ka) && rank.has(kb)) return (rank.get(ka) as number) - (rank.get(kb) as number);
      return textOf(i, ka).localeCompare(textOf(i, kb), 'zh-CN') || ka.localeCompare(kb);
    });
  };

  const samePrefix = (row: LevelRow, prefix: readonly Key[]) => prefix.every((key, i) => keyOf(row[`g${i}`]) === key);
  const out: StatisticsRow[] = [];
  const emit = (level: number, prefix: Key[]) => {
    for (const row of sortRows(levels[level].filter((r) => samePrefix(r, prefix)), level)) {
      if (level === depth) {
        out.push(tableRow(row, 'row', level));
        continue;
      }
      emit(level + 1, [...prefix, keyOf(row[`g${level - 1}`])]);
      out.push(tableRow(row, 'subtotal', level));
    }
  };
  emit(1, []);
  const total = levels[0][0] ?? {};
  out.push(tableRow(total, 'total', 0));
  return { columns, rows: out };
}
