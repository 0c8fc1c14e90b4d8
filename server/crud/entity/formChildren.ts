/**
 * The one-to-many children of a page (page language `form.children`, 主表/附表) on the server: the
 * rows of each child page whose foreign key holds the main record's id. The main page's add and edit
 * carry them under the child's key and write them in the main record's transaction — each row
 * validated by the child's own service, a bad one refusing everything with the tab, row and field
 * named —, queryById answers them, delete deletes them first.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { CompiledField, CompiledFormChild } from '../../../runtime/schema/compiledPageTypes';
import type { DB } from '../../db/types';
import { newId } from '../../db/ids';
import { BusinessError } from '../../http/envelope';
import { translateListQuery } from '../query';
import { toRecords, type EntityRecord } from './records';
import type { EntityService } from './service';
import type { Actor } from './store';
import type { FieldError } from './validate';

/** One child of a main page, with the service of the child page. */
export interface FormChildLink {
  child: CompiledFormChild;
  service: EntityService;
  /** Tab title: the child's own, else the child page's entity title. */
  title: string;
  foreignKey: CompiledField;
}

/** How many child rows one save may carry per child (a form, not an import). */
export const MAX_CHILD_ROWS = 1000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A child's refusal of a row as the main record's field error: the tab and row number in the message, the row's field in the pointer. */
function rowError(link: FormChildLink, index: number, error: FieldError): FieldError {
  const where = `「${link.title}」第${index + 1}行`;
  const text = error.message.includes(error.label) ? error.message : `${error.label}：${error.message}`;
  return { field: `${link.child.key}[${index}].${error.field}`, label: where, message: `${where}：${text}` };
}

/**
 * Ids of new child rows that sort in the order the rows were given (a save's rows share one
 * create_time): the time in ms, the row's place, then random digits — 32 hex characters like newId().
 */
function orderedIds(count: number): string[] {
  const time = Date.now().toString(16).padStart(12, '0').slice(-12);
  return Array.from({ length: count }, (_, i) => `${time}${i.toString(16).padStart(4, '0')}${newId().slice(0, 16)}`);
}

export class FormChildren {
  constructor(readonly links: readonly FormChildLink[]) {}

  /** The main record's own input, and the child rows given under each child's key (absent: not given). */
  split(input: Readonly<Record<string, unknown>>): { main: Record<string, unknown>; rows: Map<string, unknown[]> } {
    const main: Record<string, unknown> = { ...input };
    const rows = new Map<string, unknown[]>();
    for (const { child } of this.links) {
      if (!Object.hasOwn(main, child.key)) continue;
      const given = main[child.key];
      delete main[child.key];
      if (given === null || given === undefined) continue;
      if (!Array.isArray(given)) throw new BusinessError(`参数不合法：${child.key} 应为数组`);
      if (given.length > MAX_CHILD_ROWS) throw new BusinessError(`参数不合法：${child.key} 最多 ${MAX_CHILD_ROWS} 行`);
      rows.set(child.key, given);
    }
    return { main, rows };
  }

  /**
   * The rows of one child under a main record, in the order they were entered: the list orders by
   * create time and breaks its ties by id, and new rows get ids in entry order (orderedIds).
   */
  private async childRows(db: Kysely<DB>, link: FormChildLink, mainId: string, tenantId: number) {
    const { model, store } = link.service;
    const query = translateListQuery(model.queryFields, { pageSize: String(MAX_CHILD_ROWS), column: 'createTime', order: 'asc' }, model.listOptions);
    const under = sql<SqlBool>`${sql.ref(link.foreignKey.column)} = ${mainId}`;
    return (await store.list(db, query, tenantId, under, MAX_CHILD_ROWS)).rows;
  }

  /** Every child's rows of a main record, as records under the child's key (queryById). */
  async read(db: Kysely<DB>, mainId: string, tenantId: number): Promise<Record<string, EntityRecord[]>> {
    const answer: Record<string, EntityRecord[]> = {};
    for (const link of this.links) {
      answer[link.child.key] = await toRecords(link.service.model, await this.childRows(db, link, mainId, tenantId), link.service.dicts);
    }
    return answer;
  }

  /** One child's records of a main record (the child list endpoint); undefined for a key no child has. */
  async readOne(db: Kysely<DB>, key: string, mainId: string, tenantId: number): Promise<EntityRecord[] | undefined> {
    const link = this.links.find((l) => l.child.key === key || l.service.model.table === key);
    if (!link) return undefined;
    return toRecords(link.service.model, await this.childRows(db, link, mainId, tenantId), link.service.dicts);
  }

  /**
   * Writes the given children of a main record inside the caller's transaction: per child, the rows
   * kept by id are edited, the new ones added and the missing ones deleted. Each row is checked by
   * the child's service; every refused row is collected and all are thrown together (the caller's
   * transaction then undoes everything).
   */
  async write(trx: Kysely<DB>, mainId: string, given: ReadonlyMap<string, unknown[]>, actor: Actor, editing: boolean): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    for (const link of this.links) {
      const rows = given.get(link.child.key);
      if (!rows) continue;
      const { service, foreignKey } = link;
      const existing = editing ? await this.childRows(trx, link, mainId, actor.tenantId) : [];
      const existingIds = new Set(existing.map((row) => String(row.id)));
      const keptIds = new Set<string>();
      for (const row of rows) {
        const id = isObject(row) && (typeof row.id === 'string' || typeof row.id === 'number') ? String(row.id) : '';
        if (id && existingIds.has(id)) keptIds.add(id);
      }
      // Removed rows go first, so a kept or new row may take a unique value a removed one held.
      const removed = existing.filter((row) => !keptIds.has(String(row.id)));
      if (removed.length > 0) await service.deleteRows(trx, removed, actor, true);
      const newIds = orderedIds(rows.length);
      for (const [i, row] of rows.entries()) {
        if (!isObject(row)) {
          errors.push({ field: `${link.child.key}[${i}]`, label: `「${link.title}」第${i + 1}行`, message: `「${link.title}」第${i + 1}行：数据格式不正确` });
          continue;
        }
        const id = typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '';
        const values = { ...row, [foreignKey.name]: mainId };
        try {
          if (id && keptIds.has(id)) await service.edit(trx, { ...values, id }, actor);
          else {
            delete values.id;
            await service.addChecked(trx, values, actor, newIds[i]);
          }
        } catch (err) {
          const fieldErrors = (err as { errors?: readonly FieldError[] }).errors;
          if (Array.isArray(fieldErrors)) errors.push(...fieldErrors.map((e) => rowError(link, i, e)));
          else if (err instanceof BusinessError) errors.push({ field: `${link.child.key}[${i}]`, label: `「${link.title}」第${i + 1}行`, message: `「${link.title}」第${i + 1}行：${err.message}` });
          else throw err;
        }
      }
    }
    return errors;
  }

  /** Deletes the children of main records being deleted, in the caller's transaction. */
  async deleteOf(trx: Kysely<DB>, mainIds: readonly string[], actor: Actor): Promise<void> {
    for (const link of this.links) {
      for (const mainId of mainIds) {
        const rows = await this.childRows(trx, link, mainId, actor.tenantId);
        if (rows.length > 0) await link.service.deleteRows(trx, rows, actor, true);
      }
    }
  }
}

/** A child's link to its page's service, or the reason it cannot be made. */
export function childLink(child: CompiledFormChild, service: EntityService | undefined): FormChildLink | string {
  if (!service) return `附表页面 ${child.page} 不存在`;
  const foreignKey = service.model.page.fieldByName.get(child.foreignKey);
  if (!foreignKey?.stored) return `附表 ${child.page} 没有外键字段 ${child.foreignKey}`;
  if (service.model.page.form.children.length > 0) return `附表 ${child.page} 自己也带附表，只支持一层`;
  return { child, service, foreignKey, title: child.title ?? service.model.page.entity.title };
}

/**
 * Gives every main page's service its children, each child's service found by page key
 * ('module/name'); returns the problems (at the main page's pointer) of those it could not link.
 */
export function attachFormChildren(services: ReadonlyMap<string, EntityService>): { source: string; pointer: string; message: string }[] {
  const problems: { source: string; pointer: string; message: string }[] = [];
  for (const service of services.values()) {
    const { page } = service.model;
    if (page.form.children.length === 0) continue;
    const links: FormChildLink[] = [];
    for (const child of page.form.children) {
      const link = childLink(child, services.get(child.page));
      if (typeof link === 'string') problems.push({ source: page.source, pointer: child.pointer, message: link });
      else links.push(link);
    }
    service.children = new FormChildren(links);
  }
  return problems;
}
