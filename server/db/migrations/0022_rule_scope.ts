import { sql, type Kysely } from 'kysely';

// 数据规则 may name a scope the page declares (entity.scopes) instead of a field: the condition
// SCOPE (命名范围), offered in the rule form's 条件规则 list beside JeecgBoot's conditions.
const DICT_ID = 'd_rule_conditions';
const ITEM = { id: 'd_rule_conditions_scope', value: 'SCOPE', text: '命名范围', order: 11 } as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO sys_dict_item (id, dict_id, item_value, item_text, description, sort_order, status, create_by)
    SELECT ${ITEM.id}, id, ${ITEM.value}, ${ITEM.text}, '规则值填页面声明的命名范围（entity.scopes）', ${ITEM.order}, 1, 'admin'
    FROM sys_dict WHERE id = ${DICT_ID}
    AND NOT EXISTS (SELECT 1 FROM sys_dict_item WHERE dict_id = ${DICT_ID} AND item_value = ${ITEM.value})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sys_dict_item WHERE id = ${ITEM.id}`.execute(db);
}
