import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

/**
 * 系统设置: switches the administrator turns in the app (schemas/pages/sys/setting.json, table
 * sys_setting, one row each, value '1' 开启 / '0' 关闭). They are global, not per tenant: 开放注册 is
 * asked before anyone has signed in, when no tenant is known.
 */
export const SWITCH_ON = '1';
export const SWITCH_OFF = '0';

export const SETTING_KEYS = { registration: 'registration' } as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

interface SettingDeclaration {
  key: SettingKey;
  name: string;
  description: string;
  sortNo: number;
}

const SETTINGS: readonly SettingDeclaration[] = [
  {
    key: SETTING_KEYS.registration,
    name: '开放注册',
    description: '开启后，登录页显示“注册账户”，新用户可用手机验证码自行注册；注册的账号为冻结状态，须管理员在用户管理中解冻后才能登录。',
    sortNo: 1,
  },
];

/** The value a setting starts with when its row is made (the operator's environment, else off). */
export interface InitialSettings {
  registration?: boolean;
}

/**
 * Makes the rows of settings the database lacks (a new database, or the first start of a version that
 * brings a setting), each with its first value from the environment. A row that exists is never
 * changed here: from then on the administrator's switch decides.
 */
export async function ensureSettings(db: Kysely<DB>, initial: InitialSettings): Promise<void> {
  for (const setting of SETTINGS) {
    const on = setting.key === SETTING_KEYS.registration ? initial.registration === true : false;
    await db
      .insertInto('sys_setting')
      .values({
        id: setting.key,
        setting_key: setting.key,
        setting_name: setting.name,
        setting_value: on ? SWITCH_ON : SWITCH_OFF,
        description: setting.description,
        sort_no: setting.sortNo,
        create_by: 'system',
      })
      .onConflict((oc) => oc.column('setting_key').doNothing())
      .execute();
  }
}

/**
 * Whether a switch is on, read from the database on every call: a few anonymous requests ask it
 * (the sign-in page, 注册, its codes), and reading it each time lets every API node follow a change at
 * once. A missing row is off.
 */
export async function switchIsOn(db: Kysely<DB>, key: SettingKey): Promise<boolean> {
  const row = await db.selectFrom('sys_setting').select('setting_value').where('setting_key', '=', key).executeTakeFirst();
  return row?.setting_value === SWITCH_ON;
}

export function registrationOpen(db: Kysely<DB>): Promise<boolean> {
  return switchIsOn(db, SETTING_KEYS.registration);
}
