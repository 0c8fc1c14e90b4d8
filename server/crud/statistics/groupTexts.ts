/**
 * What a group's values are called: the field's dictionary text, a department's or user's name, an
 * area's name, a picked row's text, a month / quarter / year — as the lists show them.
 */
import { sql } from 'kysely';
import type { CompiledField } from '../../../runtime/schema/compiledPageTypes';
import type { Asker } from './query';
import type { GroupPlan } from './plan';
import type { EntityService } from '../entity/service';

export const EMPTY_GROUP_TEXT = '（空）';

function bucketText(bucket: 'month' | 'quarter' | 'year', value: string): string {
  if (bucket === 'year') return `${value}年`;
  const [year, part] = value.split('-');
  if (bucket === 'quarter') return `${year}年第${Number(part.replace('Q', ''))}季度`;
  return `${year}年${Number(part)}月`;
}

/** `table.text` by `table.key` for the given keys (tables and columns from the compiled pages or the system tables). */
async function namesOf(asker: Asker, table: string, key: string, text: string, values: readonly string[]): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const { rows } = await sql<{ k: string; t: string | null }>`
    SELECT CAST(${sql.ref(key)} AS text) AS k, ${sql.ref(text)} AS t FROM ${sql.table(table)} WHERE CAST(${sql.ref(key)} AS text) IN (${sql.join(values)})`.execute(asker.db);
  return new Map(rows.map((r) => [r.k, r.t ?? r.k]));
}

async function fieldTexts(field: CompiledField, owner: EntityService, services: ReadonlyMap<string, EntityService>, values: string[], asker: Asker): Promise<Map<string, string>> {
  if (field.dict) return owner.dicts.texts(field, values, asker.db);
  switch (field.widget) {
    case 'depart':
      return namesOf(asker, 'sys_depart', 'id', 'depart_name', values);
    case 'user':
      return namesOf(asker, 'sys_user', (field.options.userValue as string | undefined) === 'id' ? 'id' : 'username', 'realname', values);
    case 'area': {
      const area = services.get((field.options.area as { page?: string } | undefined)?.page ?? 'maintenance/area');
      const cascade = area?.model.page.entity.tree?.cascade;
      return area && cascade ? namesOf(asker, area.model.table, 'id', cascade.nameField.column, values) : new Map();
    }
    case 'picker': {
      const target = services.get((field.options.picker as { page?: string } | undefined)?.page ?? '');
      const picker = target?.model.page.picker;
      return target && picker ? namesOf(asker, target.model.table, picker.valueField.column, picker.textField.column, values) : new Map();
    }
    default:
      return new Map(values.map((v) => [v, v]));
  }
}

/** value → text for one group level's values. */
export async function groupTexts(plan: GroupPlan, values: readonly string[], services: ReadonlyMap<string, EntityService>, asker: Asker): Promise<Map<string, string>> {
  const wanted = [...new Set(values)];
  const { bucket } = plan.group;
  if (bucket) return new Map(wanted.map((v) => [v, bucketText(bucket, v)]));
  return fieldTexts(plan.field, plan.service, services, wanted, asker);
}
