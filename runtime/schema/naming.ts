/** Names derived the way JeecgBoot derives them, so columns and codes match the contract. */

/** JeecgBoot's camelToUnderline: contactMobile → contact_mobile, sysOrgCode → sys_org_code. */
export function camelToUnderline(name: string): string {
  return name.replace(/[A-Z]/g, (upper) => `_${upper.toLowerCase()}`);
}

/** Fields every entity table has without declaring them: runtime/contract/standardColumns.ts. */
export { SYSTEM_FIELD_NAMES, TENANT_FIELD_NAME } from '../contract/standardColumns';

export const DICT_TEXT_SUFFIX = '_dictText';
