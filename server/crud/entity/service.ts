import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { BusinessError } from '../../http/envelope';
import type { EntityDictionaries } from './dictionaries';
import { entityModel, type EntityModel } from './model';
import type { EntityRow } from './records';
import { ReferenceGuard } from './referenceGuard';
import type { ReferenceGraph } from './references';
import { EntityStore, type Actor } from './store';
import { checkRecord, describeFieldErrors, uniqueFields, type EntityValues, type FieldError } from './validate';
import { codeRuleErrors, loadCodeRules } from './codeRules';
import { assignNumbers, fillRuleFieldsOf, type FillRuleField } from './fillRules';
import { inTransaction } from '../../db/transaction';
import { applyFieldHooks } from './fieldHooks';
import type { EntityHooks } from './hooks';
import type { SecretBox } from '../../secrets/secretBox';
import type { FormChildren } from './formChildren';

/** Input the server refuses, field by field; answered `{success:false, code:500, message, result:{errors}}`. */
export class EntityValidationError extends BusinessError {
  constructor(readonly errors: readonly FieldError[]) {
    super(describeFieldErrors(errors));
    this.name = 'EntityValidationError';
  }
}

export const NOT_FOUND_RECORD = '未找到对应数据';

export function duplicateMessage(label: string, value: string): string {
  return `${label}「${value}」已存在`;
}

/**
 * The one write path of an entity — HTTP add/edit, Excel import and the demo seed all go through
 * it: validate against the page (types, required, lengths, rules, dictionaries), check unique
 * values against the database, then write with the audit fields.
 */
export class EntityService {
  readonly store: EntityStore;
  /** Fields numbered by a fill rule when a new record leaves them blank. */
  readonly numbered: readonly FillRuleField[];
  readonly numberedNames: ReadonlySet<string>;
  /** Refuses deleting rows other rows use, and changing the key they use them by. */
  readonly references: ReferenceGuard;
  /**
   * The page's one-to-many children (form.children), attached once every page has its service:
   * add and edit write them, delete deletes them, in the main record's transaction.
   */
  children?: FormChildren;

  /** `graph`: who uses the rows of every page; without it (the seed only adds) no row counts as used. */
  constructor(
    readonly model: EntityModel,
    readonly dicts: EntityDictionaries,
    graph?: ReferenceGraph,
    private readonly hooks: EntityHooks = {},
    secrets?: () => SecretBox,
  ) {
    this.store = new EntityStore(model, dicts, secrets);
    this.references = new ReferenceGuard(model, graph?.to(model.page) ?? []);
    this.numbered = fillRuleFieldsOf(model.page);
    this.numberedNames = new Set(this.numbered.map((f) => f.field.name));
  }

  /**
   * Inserts validated new records, first numbering their blank fill-rule fields — in one
   * transaction (the caller's, or a new one), so a failed insert gives its numbers back.
   */
  async insertNew(db: Kysely<DB>, records: EntityValues[], actor: Actor, ids?: readonly (string | undefined)[]): Promise<string[]> {
    await applyFieldHooks(this.model, records);
    return inTransaction(db, async (trx) => {
      for (const values of records) await this.refuseIf(await this.hooks.beforeWrite?.(trx, values, undefined, actor));
      await assignNumbers(trx, this.store, this.numbered, records, new Set(uniqueFields(this.model).map((f) => f.name)));
      const made = await this.store.insert(trx, records, actor, ids);
      if (this.hooks.afterWrite) {
        const rows = await this.store.findByIds(trx, made, actor.tenantId);
        await this.refuseIf(await this.hooks.afterWrite(trx, rows.map((after) => ({ after })), actor));
      }
      return made;
    });
  }

  private refuseIf(message: string | undefined): Promise<void> {
    return message ? Promise.reject(new BusinessError(message)) : Promise.resolve();
  }

  /** Field errors for values other rows already hold; `values` by field name. */
  async duplicateErrors(db: Kysely<DB>, values: EntityValues, exceptId?: string): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    for (const field of uniqueFields(this.model)) {
      const value = values[field.name];
      if (value === null || value === undefined || value === '') continue;
      const taken = await this.store.existingValues(db, field, [String(value)], exceptId);
      if (taken.size > 0) errors.push({ field: field.name, label: field.label, message: duplicateMessage(field.label, String(value)) });
    }
    // A unique index over several fields (a dictionary item's value within its dictionary): the
    // combination is refused, named by its last field.
    for (const index of this.model.page.indexes) {
      if (!index.unique || index.fields.length < 2) continue;
      const last = index.fields[index.fields.length - 1];
      const combination = index.fields.map((f) => values[f.name]);
      if (combination.some((v) => v === null || v === undefined || v === '')) continue;
      if (await this.store.combinationTaken(db, index.fields, combination.map(String), exceptId)) {
        errors.push({ field: last.name, label: last.label, message: index.message ?? duplicateMessage(last.label, String(values[last.name])) });
      }
    }
    return errors;
  }

  /**
   * Validates and inserts one record; returns its id. A blank fill-rule field gets the rule's next
   * number; a value the user typed is kept (validated and duplicate-checked like any other).
   * `id` is only for the seed's fixed ids.
   */
  async add(db: Kysely<DB>, input: Readonly<Record<string, unknown>>, actor: Actor, id?: string): Promise<string> {
    const children = this.children;
    if (!children) return this.addChecked(db, input, actor, id, id !== undefined);
    const { main, rows } = children.split(input);
    return inTransaction(db, async (trx) => {
      const made = await this.addChecked(trx, main, actor, id, id !== undefined);
      const errors = await children.write(trx, made, rows, actor, false);
      if (errors.length > 0) throw new EntityValidationError(errors);
      return made;
    });
  }

  /**
   * add without children: validates and inserts one record under `id` (else a new one). `seeded`:
   * the seed's rows keep the numbers they were printed with.
   */
  async addChecked(db: Kysely<DB>, input: Readonly<Record<string, unknown>>, actor: Actor, id?: string, seeded = false): Promise<string> {
    const allowed = await this.store.allowedValues(db, [input]);
    const { values, errors } = checkRecord(this.model, input, allowed, undefined, this.numberedNames);
    // A read-only numbered field (案件编号) is never the client's; the seed's rows (fixed ids) keep
    // the numbers they were printed with, so other seeded rows that quote them still match.
    if (seeded) Object.assign(values, this.seededNumbers(input));
    errors.push(...codeRuleErrors(await loadCodeRules(db, this.model), values));
    if (errors.length === 0) errors.push(...(await this.duplicateErrors(db, values)));
    if (errors.length > 0) throw new EntityValidationError(errors);
    const [made] = await this.insertNew(db, [values], actor, [id]);
    return made;
  }

  private seededNumbers(input: Readonly<Record<string, unknown>>): EntityValues {
    const kept: EntityValues = {};
    for (const { field } of this.numbered) {
      const given = input[field.name];
      if (field.readOnly && typeof given === 'string' && given !== '') kept[field.name] = given;
    }
    return kept;
  }

  /** Validates and updates the record `input.id` of the actor's tenant; throws when there is none. */
  async edit(db: Kysely<DB>, input: Readonly<Record<string, unknown>>, actor: Actor): Promise<void> {
    const children = this.children;
    if (!children) return this.editChecked(db, input, actor);
    const { main, rows } = children.split(input);
    await inTransaction(db, async (trx) => {
      await this.editChecked(trx, main, actor);
      const errors = await children.write(trx, String(main.id), rows, actor, true);
      if (errors.length > 0) throw new EntityValidationError(errors);
    });
  }

  private async editChecked(db: Kysely<DB>, input: Readonly<Record<string, unknown>>, actor: Actor): Promise<void> {
    const id = typeof input.id === 'string' ? input.id : typeof input.id === 'number' ? String(input.id) : '';
    if (!id) throw new BusinessError('参数不合法：缺少 id');
    const before = await this.store.findById(db, id, actor.tenantId);
    if (!before) throw new BusinessError(NOT_FOUND_RECORD);
    const allowed = await this.store.allowedValues(db, [input]);
    const { values, errors } = checkRecord(this.model, input, allowed, before);
    const tree = this.model.tree;
    if (tree && values[tree.parent.name] === id) {
      errors.push({ field: tree.parent.name, label: tree.parent.label, message: '上级不能是自己' });
    }
    errors.push(...codeRuleErrors(await loadCodeRules(db, this.model), values));
    if (errors.length === 0) errors.push(...(await this.duplicateErrors(db, values, id)));
    if (errors.length === 0) errors.push(...(await this.references.keyChangeErrors(db, before, values, actor.tenantId)));
    if (errors.length > 0) throw new EntityValidationError(errors);
    await applyFieldHooks(this.model, [values]);
    await inTransaction(db, async (trx) => {
      await this.refuseIf(await this.hooks.beforeWrite?.(trx, values, before, actor));
      await this.store.update(trx, id, values, actor, before);
      if (this.hooks.afterWrite) {
        const after = await this.store.findById(trx, id, actor.tenantId);
        await this.refuseIf(await this.hooks.afterWrite(trx, [{ before, after }], actor));
      }
    });
    await this.hooks.afterEdit?.(id);
  }

  /**
   * Deletes the actor's rows with these ids, all or none: tree nodes with children and rows other
   * rows use are refused. `batch`: the refusal names the used records (else it says 该记录).
   */
  async delete(db: Kysely<DB>, ids: readonly string[], actor: Actor, batch = false): Promise<number> {
    const { tenantId } = actor;
    const deleted = await inTransaction(db, async (trx) => {
      const order = new Map(ids.map((id, i) => [id, i]));
      // In the order asked for, so a refusal names the records as the user chose them.
      const rows: EntityRow[] = (await this.store.findByIds(trx, ids, tenantId)).sort((a, b) => (order.get(String(a.id)) ?? 0) - (order.get(String(b.id)) ?? 0));
      if (rows.length === 0) throw new BusinessError(NOT_FOUND_RECORD);
      const deleting = new Set(rows.map((r) => String(r.id)));
      // A node goes only when all its children go with it.
      if ((await this.store.withChildren(trx, [...deleting])).size > 0) {
        throw new BusinessError('该节点下还有下级数据，请先删除下级数据');
      }
      // A main record's children go with it (form.children), before it, in its transaction.
      await this.children?.deleteOf(trx, [...deleting], actor);
      await this.deleteRows(trx, rows, actor, batch);
      return [...deleting];
    });
    await this.hooks.afterDelete?.(deleted);
    return deleted.length;
  }

  /** Deletes these rows unless other rows use one of them: then nothing goes and the refusal says who uses which. */
  async deleteRows(db: Kysely<DB>, rows: readonly EntityRow[], actor: Actor, named: boolean): Promise<number> {
    const refusal = (await this.hooks.deleteRefusal?.(db, rows, actor)) ?? (await this.references.deleteRefusal(db, rows, actor.tenantId, named));
    if (refusal) throw new BusinessError(refusal);
    if (!this.hooks.afterWrite) return this.store.delete(db, rows, actor.tenantId);
    const afterWrite = this.hooks.afterWrite;
    return inTransaction(db, async (trx) => {
      const count = await this.store.delete(trx, rows, actor.tenantId);
      await this.refuseIf(await afterWrite(trx, rows.map((before) => ({ before })), actor));
      return count;
    });
  }
}

export function entityService(
  page: Parameters<typeof entityModel>[0],
  dicts: EntityDictionaries,
  columns?: ReadonlySet<string>,
  graph?: ReferenceGraph,
  hooks?: EntityHooks,
): EntityService {
  return new EntityService(entityModel(page, columns), dicts, graph, hooks);
}
