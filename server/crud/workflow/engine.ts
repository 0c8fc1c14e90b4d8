/**
 * Runs one transition of a page's workflow on rows, inside the caller's transaction: checks the
 * from-state, the required fields, the guard and the reason, moves the state with a conditional
 * UPDATE (… WHERE state IN (from)) so that of two people moving one row at once only one succeeds,
 * writes the progress entry and a data-log version, and writes the notices (pushed after commit).
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { evaluateExpression } from '../../../runtime/expr';
import type { CompiledField, CompiledPage, CompiledTransition } from '../../../runtime/schema/compiledPageTypes';
import type { DB } from '../../db/types';
import { BusinessError } from '../../http/envelope';
import { recordVersions } from '../../sys/log/dataLog';
import type { DictionaryCache } from '../../sys/dict/dictionaryCache';
import { coerceValue } from '../entity/coerce';
import type { EntityService } from '../entity/service';
import { NOT_FOUND_RECORD } from '../entity/service';
import type { Actor } from '../entity/store';
import { checkValue } from '../entity/validate';
import { writeNotices, type PendingNotice } from './notices';

export interface WorkflowActor extends Actor {
  realname: string;
}

/** What the engine needs of the running server: every page's service and the dictionaries. */
export interface WorkflowContext {
  services: ReadonlyMap<string, EntityService>;
  pages: readonly CompiledPage[];
  dictionaries: DictionaryCache;
}

export interface TransitionInput {
  page: CompiledPage;
  transition: CompiledTransition;
  ids: readonly string[];
  actor: WorkflowActor;
  reason?: string;
  /** The transition form's values by field name. */
  values?: Readonly<Record<string, unknown>>;
  /** The state the client saw; a row in another state is refused (stale page). */
  expectedState?: string;
  /** The reader's data rules: a row outside them is not found. */
  visible?: Expression<SqlBool>;
}

export function pageKey(page: CompiledPage): string {
  return `${page.entity.module}/${page.entity.name}`;
}

/** How a refusal names a record: its first unique field (案件编号), else the picker's text, else its id. */
function labelOf(page: CompiledPage, row: Readonly<Record<string, unknown>>): string {
  const named = page.fields.find((f) => f.unique && f.type === 'string') ?? page.picker?.textField;
  const value = named ? row[named.column] : undefined;
  return value === null || value === undefined || value === '' ? String(row.id) : String(value);
}

async function stateText(ctx: WorkflowContext, trx: Kysely<DB>, field: CompiledField, value: unknown): Promise<string> {
  const code = field.dict?.dictCode;
  const items = code ? await ctx.dictionaries.items(code, trx) : undefined;
  const text = String(value ?? '');
  return items?.find((item) => item.value === text)?.text ?? text;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || String(value).trim() === '';
}

/** The row by field name, numbers as numbers, for the guard's $row. */
function rowByName(page: CompiledPage, row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id };
  for (const field of [...page.systemFields, ...page.fields]) {
    const value = row[field.column];
    out[field.name] = (field.type === 'money' || field.type === 'number' || field.type === 'integer') && value !== null && value !== undefined ? Number(value) : value;
  }
  return out;
}

/** The form's values checked like the entity's (type, length, rules), required unless the form says not. */
function formValues(transition: CompiledTransition, given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of transition.form?.fields ?? []) {
    const raw = given[field.name];
    if (isBlank(raw)) {
      if (transition.form?.required) throw new BusinessError(`请填写${field.label}`);
      continue;
    }
    const coerced = coerceValue(field, raw);
    if (!coerced.ok) throw new BusinessError(`${field.label}：${coerced.message}`);
    const problem = checkValue(field, coerced.value, new Map());
    if (problem) throw new BusinessError(problem.includes(field.label) ? problem : `${field.label}：${problem}`);
    out[field.column] = coerced.value;
  }
  if (transition.form?.dateField) out[transition.form.dateField.column] = sql`CURRENT_DATE`;
  return out;
}

const MAX_REASON = 500;

/** The progress entry of one transition, on the progress page, with the fields both pages share copied. */
async function writeProgress(
  ctx: WorkflowContext,
  trx: Kysely<DB>,
  page: CompiledPage,
  row: Readonly<Record<string, unknown>>,
  entry: { action: string; fromStatus: string; toStatus: string; content: string | null },
  actor: WorkflowActor,
): Promise<void> {
  const progress = page.workflow?.progress;
  if (!progress) return;
  const service = ctx.services.get(progress.page);
  if (!service) throw new Error(`流程进度页面 ${progress.page} 未加载`);
  const values: Record<string, string | number | null> = {};
  for (const field of service.model.page.fields) {
    const own = page.fieldByName.get(field.name);
    if (own && !own.system && field.name !== progress.link) {
      const value = row[own.column];
      values[field.name] = value === undefined ? null : (value as string | number | null);
    }
  }
  Object.assign(values, { [progress.link]: String(row.id), ...entry, progressTime: new Date().toISOString() });
  const known = Object.fromEntries(Object.entries(values).filter(([name]) => service.model.page.fieldByName.has(name)));
  await service.store.insert(trx, [known], actor);
}

/**
 * Moves every row of `ids` (all or nothing: the first refusal throws and the caller's transaction
 * rolls back). Answers the notices to push once the transaction has committed.
 */
export async function runTransition(ctx: WorkflowContext, trx: Kysely<DB>, input: TransitionInput): Promise<PendingNotice[]> {
  const { page, transition, actor } = input;
  const workflow = page.workflow;
  const service = ctx.services.get(pageKey(page));
  if (!workflow || !service) throw new Error(`页面 ${pageKey(page)} 没有流程`);
  const state = workflow.field;
  const what = page.entity.title;
  const reason = input.reason?.trim() ?? '';
  if (transition.reason && reason === '') throw new BusinessError('请填写原因');
  if (reason.length > MAX_REASON) throw new BusinessError(`原因不能超过 ${MAX_REASON} 个字符`);
  const written = formValues(transition, input.values ?? {});
  const pending: PendingNotice[] = [];
  for (const id of input.ids) {
    const row = await service.store.findById(trx, id, actor.tenantId, input.visible);
    if (!row) throw new BusinessError(NOT_FOUND_RECORD);
    const label = labelOf(page, row);
    const refuseState = async (current: unknown): Promise<never> => {
      throw new BusinessError(`${what}「${label}」当前状态为「${await stateText(ctx, trx, state, current)}」，不能执行「${transition.title}」`);
    };
    const current = row[state.column];
    if (!transition.from.includes(String(current)) || (input.expectedState !== undefined && input.expectedState !== String(current))) await refuseState(current);
    const missing = transition.require.filter((f) => isBlank(row[f.column]));
    if (missing.length > 0) throw new BusinessError(`${what}「${label}」的${missing.map((f) => f.label).join('、')}未填写，不能执行「${transition.title}」`);
    if (transition.guard !== undefined) {
      let holds = false;
      try {
        holds = Boolean(evaluateExpression(transition.guard, { $row: rowByName(page, row) }));
      } catch {
        holds = false;
      }
      if (!holds) throw new BusinessError(`${what}「${label}」${transition.guardMessage}`);
    }
    const set: Record<string, unknown> = { ...written, [state.column]: transition.to };
    if (service.model.hasColumn('update_by')) set.update_by = actor.username;
    if (service.model.hasColumn('update_time')) set.update_time = sql`now()`;
    const tenant = service.store.tenantCondition(actor.tenantId);
    // The state is checked again by the UPDATE itself: a concurrent transition that moved the row
    // first (its lock released at its commit) leaves this one nothing to update.
    const { rows } = await sql<{ id: string }>`UPDATE ${sql.table(page.entity.table)} SET ${sql.join(
      Object.entries(set).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    )} WHERE ${sql.ref('id')} = ${id} AND ${sql.ref(state.column)} IN (${sql.join(transition.from)})${tenant ? sql` AND ${tenant}` : sql``} RETURNING ${sql.ref('id')}`.execute(trx);
    if (rows.length === 0) {
      const now = await service.store.findById(trx, id, actor.tenantId);
      await refuseState(now?.[state.column]);
    }
    const fromText = await stateText(ctx, trx, state, current);
    const toText = await stateText(ctx, trx, state, transition.to);
    const note = reason || (transition.form?.fields.map((f) => written[f.column]).filter((v) => !isBlank(v)).join('；') ?? '');
    await writeProgress(ctx, trx, page, row, { action: transition.title, fromStatus: String(current), toStatus: transition.to, content: note || `${fromText} → ${toText}` }, actor);
    await recordVersions(trx, service.model, [id], actor);
    const content = `${actor.realname} 对${what}「${label}」执行了「${transition.title}」：${fromText} → ${toText}${note ? `\n${reason ? '原因' : '说明'}：${note}` : ''}`;
    const after = { ...row, ...Object.fromEntries(Object.entries(written).filter(([, v]) => typeof v !== 'object')), [state.column]: transition.to };
    pending.push(...(await writeNotices(trx, { page, pages: ctx.pages, transition, row: after, label, content, actor })));
  }
  return pending;
}
