/**
 * The names an online form's page derives from its table:
 * car_info → entity carInfo, API path /online/form/carInfo, permission prefix onl_car_info.
 */
import { camelToUnderline } from '../schema/naming';

export const ONLINE_MODULE = 'online';

/** car_info → carInfo (JeecgBoot's underlineToCamel). */
export function underlineToCamel(column: string): string {
  return column.replace(/_+([a-z0-9])/g, (_all, next: string) => next.toUpperCase());
}

export function onlineEntityNames(table: string): { name: string; apiPath: string; permissionPrefix: string } {
  const name = underlineToCamel(table);
  return { name, apiPath: `/online/form/${name}`, permissionPrefix: `onl_${table}` };
}

/** The field name a column gives, and whether the column must be written out (it differs from the default). */
export function fieldNameOf(column: string): string {
  return underlineToCamel(column);
}

export function columnIsDefault(name: string, column: string): boolean {
  return camelToUnderline(name) === column;
}

export { camelToUnderline };
