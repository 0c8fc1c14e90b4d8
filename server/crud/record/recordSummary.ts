/**
 * The figures of a record page (`recordPage.summary`): GET {apiPath}/recordSummary?id=<record id>
 * behind the page's list code. The record must be one the user may see (tenant, data rules). Each
 * figure over another page's rows (a sum, a named computation) is answered only to holders of that
 * page's list code and counts only the rows its tenant and data rules let the user see; the others
 * are left out of the answer.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { PageRecordSummaryItem } from '../../../runtime/generated/page';
import { currentTenant, currentUser } from '../../auth/guard';
import { permissionCodesOf } from '../../auth/permissions';
import { BusinessError, ok } from '../../http/envelope';
import { bothConditions, dataRuleCondition } from '../entity/dataRuleScope';
import { NOT_FOUND_RECORD, type EntityService } from '../entity/service';
import { RECORD_SUMMARY_ENDPOINT, type SummaryFigure } from '../../../runtime/views/record/recordPageModel';
import { RECORD_COMPUTATIONS } from './computations';

const idQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, _t: { type: 'string' } },
} as const;

/** Money is summed by the database as numeric; answered as a number kept to 2 decimals. */
const amountOf = (value: unknown): number => Math.round(Number(value ?? 0) * 100) / 100;

export function registerRecordSummary(app: FastifyInstance, service: EntityService, services: ReadonlyMap<string, EntityService>): void {
  const { page } = service.model;
  const summary = page.document.recordPage?.summary ?? [];
  if (summary.length === 0) return;

  const related = (ref: string): EntityService => {
    const found = services.get(ref);
    // Checked at start (recordChecks.ts); reaching this is a server fault.
    if (!found) throw new Error(`${page.source}: 页面 ${ref} 不存在`);
    return found;
  };

  app.get(
    `${page.entity.apiPath}/${RECORD_SUMMARY_ENDPOINT}`,
    { config: { permission: page.permissions.list }, schema: { querystring: idQuery } },
    async (request) => {
      const { id } = request.query as { id: string };
      const tenant = currentTenant(request);
      const record = await service.store.findById(app.db, id, tenant, await dataRuleCondition(request, app.db, service.model));
      if (!record) throw new BusinessError(NOT_FOUND_RECORD);
      const codes = await permissionCodesOf(app.db, currentUser(request).userId);
      const may = (ref: string) => codes.has(related(ref).model.page.permissions.list);

      /** The rows of `ref` the user may see whose `param` holds this record's id. */
      const visible = async (ref: string, param: string): Promise<Expression<unknown>> => {
        const other = related(ref);
        const field = other.model.page.fieldByName.get(param);
        if (!field) throw new Error(`${page.source}: 页面 ${ref} 没有字段 ${param}`);
        const own: Expression<SqlBool> = sql<SqlBool>`${sql.ref(field.column)} = ${id}`;
        const where = bothConditions(own, await dataRuleCondition(request, app.db, other.model));
        return where ? other.store.rows(app.db, tenant).where(where) : other.store.rows(app.db, tenant);
      };

      const figures: SummaryFigure[] = [];
      for (const item of summary) {
        const figure = await figureOf(item);
        if (figure) figures.push(figure);
      }
      return ok(figures);

      async function figureOf(item: PageRecordSummaryItem): Promise<SummaryFigure | undefined> {
        const base = { key: item.key, title: item.title };
        if (item.field !== undefined) {
          const column = (name: string) => page.fieldByName.get(name)?.column ?? name;
          const value = amountOf(record?.[column(item.field)]) - (item.minus ? amountOf(record?.[column(item.minus)]) : 0);
          return { ...base, value: amountOf(value) };
        }
        if (item.compute !== undefined) {
          const computation = RECORD_COMPUTATIONS[item.compute];
          if (!computation || !computation.reads.every((r) => may(r.page))) return undefined;
          return { ...base, value: amountOf(await computation.run(app.db, visible)) };
        }
        if (item.page === undefined || item.param === undefined || item.sum === undefined || !may(item.page)) return undefined;
        const other = related(item.page);
        const sumColumn = other.model.page.fieldByName.get(item.sum)?.column ?? '';
        const groupField = item.groupBy ? other.model.page.fieldByName.get(item.groupBy) : undefined;
        const rows = await visible(item.page, item.param);
        const group = groupField ? sql.ref(`r.${groupField.column}`) : sql`NULL`;
        const { rows: sums } = await sql<{ g: string | null; total: string | number | null }>`
          SELECT ${group} AS g, COALESCE(SUM(${sql.ref(`r.${sumColumn}`)}), 0) AS total
          FROM (${rows}) AS r GROUP BY 1 ORDER BY 1`.execute(app.db);
        const value = amountOf(sums.reduce((acc, s) => acc + Number(s.total ?? 0), 0));
        if (!groupField) return { ...base, value };
        const texts = await other.dicts.texts(groupField, sums.flatMap((s) => (s.g === null ? [] : [String(s.g)])));
        const groups = sums.map((s) => ({ value: s.g, text: s.g === null ? '未分类' : (texts.get(String(s.g)) ?? String(s.g)), amount: amountOf(s.total) }));
        return { ...base, value, groups };
      }
    },
  );
}
