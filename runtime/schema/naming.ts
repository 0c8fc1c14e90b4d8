/** Names derived the way JeecgBoot derives them, so columns and codes match the contract. */

/** JeecgBoot's camelToUnderline: contactMobile → contact_mobile, sysOrgCode → sys_org_code. */
export function camelToUnderline(name: string): string {
  return name.replace(/[A-Z]/g, (upper) => `_${upper.toLowerCase()}`);
}

/** Fields every entity table has without declaring them (JeecgBoot's standard columns). */
export const SYSTEM_FIELD_NAMES = ['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'sysOrgCode'] as const;
/** Added to SYSTEM_FIELD_NAMES when the entity is tenant-scoped. */
export const TENANT_FIELD_NAME = 'tenantId';

export const DICT_TEXT_SUFFIX = '_dictText';
