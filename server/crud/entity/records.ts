import type { Kysely } from 'kysely';
import type { CompiledField } from '../../../runtime/schema/compiledPageTypes';
import { isTreeRoot } from '../../../runtime/schema/treeRoots';
import type { DB } from '../../db/types';
import type { EntityDictionaries } from './dictionaries';
import { isMultiValued, type EntityModel } from './model';
import { readLinks } from './links';

/** A database row as the driver returns it: column name → value. */
export type EntityRow = Record<string, unknown>;
/** A record on the wire: camelCase properties, `<field>_dictText` for dictionary fields. */
export type EntityRecord = Record<string, unknown>;

const pad = (n: number) => String(n).padStart(2, '0');

function localDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** One stored value as JeecgBoot's Jackson writes it: dates 'yyyy-MM-dd', date-times 'yyyy-MM-dd HH:mm:ss', money '12.30'. */
export function wireValue(field: CompiledField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'date':
      return value instanceof Date ? localDateTime(value).slice(0, 10) : String(value).slice(0, 10);
    case 'datetime':
      return value instanceof Date ? localDateTime(value) : String(value).replace('T', ' ').slice(0, 19);
    case 'time':
      return String(value).slice(0, 8);
    case 'money':
      return Number.isFinite(Number(value)) ? Number(value).toFixed(2) : String(value);
    case 'number': {
      const n = Number(value);
      // numeric comes as text; a number beyond double precision stays text rather than change.
      return Number.isFinite(n) && String(n) === String(value).replace(/\.?0+$/, '') ? n : String(value);
    }
    case 'integer':
      return typeof value === 'number' ? value : Number(value);
    case 'boolean':
      return value === true || value === 't' || value === 'true' || value === 1;
    default:
      return value;
  }
}

/**
 * Turns rows into records: every field of the page in camelCase, formatted for the wire, and the
 * dictionary text of each dictionary field, looked up once for the whole page of rows.
 */
export async function toRecords(
  model: EntityModel,
  rows: readonly EntityRow[],
  dicts: EntityDictionaries,
  db?: Kysely<DB>,
): Promise<EntityRecord[]> {
  const links = model.links.length > 0 ? await readLinks(db ?? dicts.database, model.links, rows.map((row) => String(row.id))) : undefined;
  const records = rows.map((row) => {
    const record: EntityRecord = {};
    for (const field of model.fields) {
      // A password is given once and never read back; a secret kept encrypted never leaves the server
      // (the form shows it blank; blank keeps it).
      if (field.addOnly || field.encrypted) continue;
      if (field.link) record[field.name] = links?.get(field.name)?.get(String(row.id)) ?? '';
      else if (Object.hasOwn(row, field.column)) record[field.name] = wireValue(field, row[field.column]);
    }
    return record;
  });
  const tree = model.tree && { parentField: model.tree.parent, rootValue: model.tree.rootValue };
  const valuesOf = (field: CompiledField, record: EntityRecord): string[] => {
    const value = record[field.name];
    // A tree's root ('86', '0') is "no parent": it has no name, not its id for one.
    if (value === null || value === undefined || value === '' || isTreeRoot(field, value, tree)) return [];
    return isMultiValued(field) ? String(value).split(',').filter((v) => v !== '') : [String(value)];
  };
  // The table dictionaries of all fields in one query; code dictionaries come from the cache.
  const tableFields = model.withDict.filter((field) => field.dict?.kind === 'table');
  const tableTexts =
    tableFields.length > 1 ? await dicts.tableTexts(tableFields.map((field) => ({ field, values: records.flatMap((r) => valuesOf(field, r)) })), db) : undefined;
  for (const field of model.withDict) {
    const key = field.dictTextKey as string;
    const texts = tableTexts?.get(field.name) ?? (await dicts.texts(field, records.flatMap((r) => valuesOf(field, r)), db));
    for (const record of records) {
      const values = valuesOf(field, record);
      record[key] = values.length === 0 ? '' : values.map((v) => texts.get(v) ?? v).join(',');
    }
  }
  if (model.tree && !model.tree.hasChild) {
    for (const [i, record] of records.entries()) record.hasChild = rows[i].has_child === true ? '1' : '0';
  }
  return records;
}
