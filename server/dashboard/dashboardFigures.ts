/**
 * 首页's answer (runtime/dashboard/figures.ts says what it holds): each figure read by FigureReader
 * over its list target, for the signed-in user. A figure over a page whose list code the user lacks
 * (or a view whose permission they lack) is left out rather than refused: the home page is everyone's.
 */
import { sql, type Kysely } from 'kysely';
import {
  cardSpecs,
  closedTarget,
  openedTarget,
  PROGRESS_PAGE,
  stateSpecs,
  TOP_COUNT,
  trendMonths,
  type DashboardAnswer,
  type Figure,
  type FigureSpec,
  type Measure,
} from '../../runtime/dashboard/figures';
import { beijingToday, yearPeriod, type MonthPeriod } from '../../runtime/dashboard/periods';
import type { ListTarget } from '../../runtime/dashboard/target';
import type { DB } from '../db/types';
import type { FigurePages, FigureReader, Grouping } from './figureReader';

const COUNT: Measure = { kind: 'count' };

/** What the user may read: the target page's list code and its view's permission. */
export function mayRead(pages: FigurePages, codes: ReadonlySet<string>, target: ListTarget): boolean {
  const page = pages.model(target.page).page;
  if (!codes.has(page.permissions.list)) return false;
  const view = target.view ? page.views.find((v) => v.key === target.view) : undefined;
  return !view?.permission || codes.has(view.permission);
}

function figureOf(spec: Pick<FigureSpec, 'key' | 'title' | 'unit' | 'money' | 'target'> & { group?: FigureSpec['group'] }, count: number, value: number): Figure {
  return { key: spec.key, title: spec.title, ...(spec.group ? { group: spec.group } : {}), unit: spec.unit, money: spec.money, value, count, target: spec.target };
}

/**
 * The figures of `specs`: from the summary where it can say (summaryReader.ts); the others, where a
 * summary serves the page, one statement each (the few it leaves are views an index answers), else
 * one statement per page they count (FigureReader.aggregateAll).
 */
async function byPage(reader: FigureReader, specs: readonly FigureSpec[]): Promise<Figure[]> {
  const pagesOf = [...new Set(specs.map((s) => s.target.page))];
  const done = new Map<FigureSpec, Figure>();
  await Promise.all(
    pagesOf.map(async (page) => {
      const summary = await reader.summary(page);
      const summed = await Promise.all(specs.filter((s) => s.target.page === page).map(async (spec) => ({ spec, value: await summary?.aggregate(spec.target, spec.measure) })));
      for (const { spec, value } of summed) if (value) done.set(spec, figureOf(spec, value.count, value.value));
      const mine = summed.filter((s) => !s.value).map((s) => s.spec);
      const values = summary ? await reader.aggregateEach(page, mine) : await reader.aggregateAll(page, mine);
      mine.forEach((spec, i) => done.set(spec, figureOf(spec, values[i].count, values[i].value)));
    }),
  );
  return specs.map((spec) => done.get(spec) as Figure);
}

/** Per month of `months`, by the month of `field` over the whole span's target. */
async function monthly(
  reader: FigureReader,
  months: readonly MonthPeriod[],
  field: string,
  span: (p: { begin: string; end: string }) => ListTarget,
  key: string,
  title: string,
): Promise<Figure[]> {
  const whole = span({ begin: months[0].begin, end: months[months.length - 1].end });
  const summed = await (await reader.summary(whole.page))?.groups(whole, { field, by: 'month' });
  const counts = new Map((summed ?? (await reader.groups(whole, COUNT, { field, by: 'month' }))).map((g) => [g.key, g.count]));
  return months.map((m) => {
    const n = counts.get(m.month) ?? 0;
    return figureOf({ key: `${key}.${m.month}`, title: `${m.label}${title}`, unit: '件', money: false, target: span(m) }, n, n);
  });
}

/** Names of areas by code (mnt_area), for the provinces the figures name. */
async function areaNames(db: Kysely<DB>, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const { rows } = await sql<{ code: string; name: string }>`SELECT code, area_name AS name FROM mnt_area WHERE code IN (${sql.join(codes)})`.execute(db);
  return new Map(rows.map((r) => [r.code, r.name]));
}

async function insurerNames(db: Kysely<DB>, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const { rows } = await sql<{ code: string; name: string }>`
    SELECT company_code AS code, COALESCE(NULLIF(short_name, ''), company_name) AS name FROM mnt_insurance_company WHERE company_code IN (${sql.join(codes)})`.execute(db);
  return new Map(rows.map((r) => [r.code, r.name]));
}

const PROVINCE_DIGITS = 2;

async function topInsurers(reader: FigureReader, db: Kysely<DB>, year: ListTarget): Promise<Figure[]> {
  const grouping: Grouping = { field: 'insurerCode', by: 'value' };
  const summed = await (await reader.summary(year.page))?.groups(year, grouping, TOP_COUNT);
  const byInsurer = summed ?? (await reader.groups(year, COUNT, grouping, TOP_COUNT));
  const names = await insurerNames(db, byInsurer.map((g) => g.key));
  return byInsurer.map((g) =>
    figureOf(
      { key: `insurer.${g.key}`, title: names.get(g.key) ?? g.key, unit: '件', money: false, target: { ...year, values: { ...year.values, insurerCode: g.key } } },
      g.count,
      g.count,
    ),
  );
}

const provinceCode = (prefix: string) => `${prefix}0000`;

async function topAreas(reader: FigureReader, db: Kysely<DB>, year: ListTarget): Promise<Figure[]> {
  // One more group than shown: cases whose area is blank make a group of their own, left out.
  const grouping: Grouping = { field: 'areaCode', by: 'prefix', length: PROVINCE_DIGITS };
  const summed = await (await reader.summary(year.page))?.groups(year, grouping, TOP_COUNT + 1);
  const byArea = (summed ?? (await reader.groups(year, COUNT, grouping, TOP_COUNT + 1)))
    .filter((g) => /^\d{2}$/.test(g.key))
    .slice(0, TOP_COUNT);
  const names = await areaNames(db, byArea.map((g) => provinceCode(g.key)));
  return byArea.map((g) =>
    figureOf(
      {
        key: `area.${g.key}`,
        title: names.get(provinceCode(g.key)) ?? provinceCode(g.key),
        unit: '件',
        money: false,
        target: { ...year, superQuery: [{ field: 'areaCode', rule: 'right_like', val: g.key }] },
      },
      g.count,
      g.count,
    ),
  );
}

export async function dashboardAnswer(
  reader: FigureReader,
  db: Kysely<DB>,
  pages: FigurePages,
  codes: ReadonlySet<string>,
  now: Date = new Date(),
): Promise<DashboardAnswer> {
  const today = beijingToday(now);
  const readable = (target: ListTarget) => mayRead(pages, codes, target);
  // The figures are independent reads: on PostgreSQL they run side by side on the pool (PGlite has one connection and runs them in turn).
  const cardSpecsRead = cardSpecs(today).filter((spec) => readable(spec.target));
  const singles = byPage(reader, [...cardSpecsRead, ...stateSpecs()]);
  const cardsRead = singles.then((all) => all.slice(0, cardSpecsRead.length));
  const statesRead = singles.then((all) => all.slice(cardSpecsRead.length));
  const months = trendMonths(today);
  const openedRead = monthly(reader, months, 'trustDate', openedTarget, 'opened', '新收');
  const closedRead = readable({ page: PROGRESS_PAGE }) ? monthly(reader, months, 'progressTime', closedTarget, 'closed', '结案') : Promise.resolve(undefined);
  const year = openedTarget(yearPeriod(today));
  const insurersRead = topInsurers(reader, db, year);
  const areasRead = topAreas(reader, db, year);
  const [cards, states, opened, closed, insurers, areas] = await Promise.all([cardsRead, statesRead, openedRead, closedRead, insurersRead, areasRead]);
  const trend = months.map((m, i) => ({ month: m.month, label: m.label, opened: opened[i], ...(closed ? { closed: closed[i] } : {}) }));
  return { today, cards, states, trend, insurers, areas };
}

