import type { Insertable, Transaction } from 'kysely';
import type { DB, SysDict, SysDictItem } from '../db/types';
import type { SeedCheckRule } from '../generated/seed/check-rules';
import type { SeedDict } from '../generated/seed/dicts';
import { SeedError } from './documents';
import { newId } from '../db/ids';

export async function insertDicts(trx: Transaction<DB>, dicts: SeedDict[]): Promise<void> {
  const codes = new Set<string>();
  const dictRows: Insertable<SysDict>[] = [];
  const itemRows: Insertable<SysDictItem>[] = [];
  for (const dict of dicts) {
    if (codes.has(dict.dictCode)) throw new SeedError(`种子文件 schemas/seed/dicts.json: 字典编码 ${dict.dictCode} 重复`);
    codes.add(dict.dictCode);
    const id = newId();
    dictRows.push({
      id,
      dict_code: dict.dictCode,
      dict_name: dict.dictName,
      description: dict.description ?? null,
      type: dict.type,
      create_by: 'admin',
    });
    const values = new Set<string>();
    dict.items.forEach((item, index) => {
      if (values.has(item.value)) {
        throw new SeedError(`种子文件 schemas/seed/dicts.json: 字典 ${dict.dictCode} 的字典项值 ${item.value} 重复`);
      }
      if (dict.type === 1 && !/^-?\d+$/.test(item.value)) {
        throw new SeedError(`种子文件 schemas/seed/dicts.json: 数值字典 ${dict.dictCode} 的字典项值 ${item.value} 不是整数`);
      }
      values.add(item.value);
      itemRows.push({
        id: newId(),
        dict_id: id,
        item_value: item.value,
        item_text: item.text,
        description: item.description ?? null,
        sort_order: index + 1,
        status: item.status ?? 1,
        create_by: 'admin',
      });
    });
  }
  await trx.insertInto('sys_dict').values(dictRows).execute();
  await trx.insertInto('sys_dict_item').values(itemRows).execute();
}

export async function insertCheckRules(trx: Transaction<DB>, rules: SeedCheckRule[]): Promise<void> {
  if (rules.length === 0) return;
  await trx
    .insertInto('sys_check_rule')
    .values(
      rules.map((rule) => ({
        id: newId(),
        rule_code: rule.ruleCode,
        rule_name: rule.ruleName,
        // JeecgBoot's form: [{"digits":"*","pattern":"^.{6,}$","message":"…"}]
        rule_json: JSON.stringify(rule.rules.map(({ digits, pattern, message }) => ({ digits, pattern, message }))),
        rule_description: rule.description ?? null,
        create_by: 'admin',
      })),
    )
    .execute();
}
