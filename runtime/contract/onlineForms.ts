/**
 * The names an online form's page takes from its table, which the designer (runtime/designer) writes
 * and the server (server/online/form) requires: `car_info` → entity `carInfo` in module `online`, API
 * path `/online/form/carInfo`, permission prefix `onl_car_info` (codes `onl_car_info:list|add|…`).
 */
export const ONLINE_MODULE = 'online';
export const ONLINE_FORM_API = '/online/form';

/** `car_info` → `carInfo` (JeecgBoot's underlineToCamel). */
export function underlineToCamel(name: string): string {
  return name.replace(/_+([a-z0-9])/g, (_all, next: string) => next.toUpperCase());
}

/** The entity name of the form over `table` (a trailing underscore gives no letter). */
export function onlineFormName(table: string): string {
  return underlineToCamel(table).replace(/_+$/, '');
}

export function onlineEntityNames(table: string): { name: string; apiPath: string; permissionPrefix: string } {
  const name = onlineFormName(table);
  return { name, apiPath: `${ONLINE_FORM_API}/${name}`, permissionPrefix: `onl_${table}` };
}
