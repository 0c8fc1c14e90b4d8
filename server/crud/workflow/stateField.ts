/**
 * A workflow's state moves by its transitions only. Through the HTTP add and import the state field
 * is ignored — a new record starts in the field's default state, whatever the client sends; through
 * edit a different state is refused with a message (the form shows the field disabled and sends the
 * stored state back, which passes). The seed and server modules write states through the service.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { BusinessError } from '../../http/envelope';
import type { DictionaryCache } from '../../sys/dict/dictionaryCache';
import type { EntityService } from '../entity/service';

/** The add body with the state set to where every new record starts. */
export function addInput(page: CompiledPage, input: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const field = page.workflow?.field;
  if (!field) return { ...input };
  const initial = typeof field.default === 'string' ? field.default : null;
  return { ...input, [field.name]: initial };
}

/** The edit body, refused when it changes the state; an unchanged state passes (the form sends it back). */
export async function editInput(
  db: Kysely<DB>,
  service: EntityService,
  dictionaries: DictionaryCache,
  input: Readonly<Record<string, unknown>>,
  tenantId: number,
): Promise<Record<string, unknown>> {
  const field = service.model.page.workflow?.field;
  if (!field || !Object.hasOwn(input, field.name)) return { ...input };
  const id = typeof input.id === 'string' || typeof input.id === 'number' ? String(input.id) : '';
  // No such row: the edit itself answers 未找到对应数据.
  const before = id ? await service.store.findById(db, id, tenantId) : undefined;
  if (!before) return { ...input };
  const stored = before[field.column] === null || before[field.column] === undefined ? '' : String(before[field.column]);
  const sent = input[field.name] === null || input[field.name] === undefined ? '' : String(input[field.name]);
  if (sent === stored) return { ...input };
  const items = field.dict ? await dictionaries.items(field.dict.dictCode, db) : undefined;
  const text = items?.find((item) => item.value === stored)?.text ?? stored;
  throw new BusinessError(`${field.label}不能直接修改（当前为「${text}」），请使用流程操作`);
}

/** Imported records start where added ones do, whatever the workbook's state column says. */
export function startInInitialState(page: CompiledPage, records: Record<string, unknown>[]): void {
  const field = page.workflow?.field;
  if (!field) return;
  const initial = typeof field.default === 'string' ? field.default : null;
  for (const record of records) record[field.name] = initial;
}
