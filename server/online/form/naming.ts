/**
 * How an online form's table name gives its page's entity (the rule is runtime/contract/onlineForms.ts): `car_info` →
 * name `carInfo`, module `online`, apiPath `/online/form/carInfo`, codes `onl_car_info:list|add|…`.
 */
import { onlineEntityNames, onlineFormName } from '../../../runtime/contract/onlineForms';

export { ONLINE_FORM_API, ONLINE_MODULE } from '../../../runtime/contract/onlineForms';
/** 功能测试: its holders (administrators) may use every online form page with all of its codes. */
export const ONLINE_TEST_CODE = 'onlCgform:test';
/** An online form's list code, naming its table (`onl_car_info:list` → car_info). */
export const ONLINE_LIST_CODE = /^onl_([a-z][a-z0-9_]{0,62}):list$/;
export const TABLE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
/** Tables of our migrations and bookkeeping: never an online form's. */
export const RESERVED_TABLE_PREFIXES = ['sys_', 'onl_', 'lossdesk_', 'pg_'] as const;

/** `car_info` → `carInfo` (the page's entity name and the last segment of its API path). */
export const formNameOf = onlineFormName;

export function permissionPrefixOf(tableName: string): string {
  return onlineEntityNames(tableName).permissionPrefix;
}

export function apiPathOf(tableName: string): string {
  return onlineEntityNames(tableName).apiPath;
}

/** The six codes of an online form page, as 生成菜单 grants them. */
export const FORM_ACTIONS = ['list', 'add', 'edit', 'delete', 'exportXls', 'importExcel'] as const;

export const FORM_BUTTON_NAMES: Readonly<Record<(typeof FORM_ACTIONS)[number], string>> = {
  list: '查看',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  exportXls: '导出',
  importExcel: '导入',
};

/** What is wrong with a table name for a new online form, or undefined. */
export function tableNameProblem(tableName: string): string | undefined {
  if (!TABLE_NAME_PATTERN.test(tableName)) return '表名只能包含小写字母、数字和下划线，且以小写字母开头，最长63个字符';
  const reserved = RESERVED_TABLE_PREFIXES.find((prefix) => tableName.startsWith(prefix));
  if (reserved) return `表名不能以 ${reserved} 开头（系统表）`;
  if (!/[a-z]/.test(formNameOf(tableName).slice(0, 1))) return '表名不合法';
  return undefined;
}
