/**
 * The names an online form's page derives from its table:
 * car_info → entity carInfo, API path /online/form/carInfo, permission prefix onl_car_info.
 */
import { camelToUnderline } from '../schema/naming';
import { underlineToCamel } from '../contract/onlineForms';

export { ONLINE_MODULE, onlineEntityNames, onlineFormName, underlineToCamel } from '../contract/onlineForms';

/** The field name a column gives, and whether the column must be written out (it differs from the default). */
export function fieldNameOf(column: string): string {
  return underlineToCamel(column);
}

export function columnIsDefault(name: string, column: string): boolean {
  return camelToUnderline(name) === column;
}

export { camelToUnderline };
