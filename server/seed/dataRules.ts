import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import { newId } from '../db/ids';
import type { SeedRole } from '../generated/seed/roles';
import { SeedError } from './documents';
import type { SeededPermission } from './menus';
import type { RoleIds } from './roles';

const FILE = 'schemas/seed/roles.json';

/**
 * The roles' 数据规则 (roles.json `dataRules`): a rule row on the menu item named by url, given to
 * the role on its grant of that menu (sys_role_permission.data_rule_ids), enabled. The role must
 * hold the menu: a rule nobody is granted would be a mistake in the seed.
 */
export async function insertRoleDataRules(trx: Transaction<DB>, roles: readonly SeedRole[], permissions: readonly SeededPermission[], roleIds: RoleIds): Promise<void> {
  for (const role of roles) {
    const roleId = roleIds.get(role.roleCode);
    if (!roleId) continue;
    for (const rule of role.dataRules ?? []) {
      const menu = permissions.find((p) => p.menuType !== 2 && p.url === rule.menu);
      if (!menu) throw new SeedError(`种子文件 ${FILE}: 角色 ${role.roleCode} 的数据规则「${rule.ruleName}」所在菜单 ${rule.menu} 不存在`);
      const grant = await trx.selectFrom('sys_role_permission').select(['id', 'data_rule_ids']).where('role_id', '=', roleId).where('permission_id', '=', menu.id).executeTakeFirst();
      if (!grant) throw new SeedError(`种子文件 ${FILE}: 角色 ${role.roleCode} 的数据规则「${rule.ruleName}」所在菜单 ${rule.menu} 未授予该角色`);
      const id = newId();
      await trx
        .insertInto('sys_permission_data_rule')
        .values({
          id,
          permission_id: menu.id,
          rule_name: rule.ruleName,
          rule_column: rule.ruleColumn,
          rule_conditions: rule.ruleConditions,
          rule_value: rule.ruleValue,
          status: '1',
          create_by: 'admin',
        })
        .execute();
      const ids = [...(grant.data_rule_ids ?? '').split(',').filter((s) => s !== ''), id].join(',');
      await trx.updateTable('sys_role_permission').set({ data_rule_ids: ids }).where('id', '=', grant.id).execute();
    }
  }
}
