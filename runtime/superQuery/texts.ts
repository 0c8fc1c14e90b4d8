/**
 * Texts of the advanced query builder (JeecgBoot's JSuperQuery.vue). widgets.md names some of them in
 * English; the product ships the Chinese originals:
 *
 *   | widgets.md                               | shown                              |
 *   |------------------------------------------|------------------------------------|
 *   | advanced query (button)                  | 高级查询                             |
 *   | active filter … 'clear' link             | 已有高级查询条件生效 ｜ 清空           |
 *   | match 'and'                              | AND（所有条件都要求匹配）             |
 *   | match 'or'                               | OR（条件中的任意一个匹配）            |
 *   | run / reset / close                      | 查询 / 重置 / 关闭                   |
 *   | save query                               | 保存查询条件                          |
 *   | saved queries (card) / none saved        | 保存的查询 / 没有保存任何查询          |
 *   | no condition / add one                   | 没有任何查询条件 ｜ 点击新增            |
 *   | field / rule placeholders                | 选择查询字段 / 匹配规则               |
 *   | delete (a saved query)                   | 删除                                |
 *
 * Texts the spec gives in Chinese ('高级查询构造器', '请输入保存的名称', '不能查询空条件', '空条件不能保存',
 * '保存名称不能为空', '{name} 已存在，是否覆盖？', '保存成功', '是否删除当前查询？', the rule labels) are
 * used verbatim.
 */
import type { SuperQueryMatchType, SuperQueryRule } from '../list/types';

export const SUPER_QUERY_TEXTS = {
  button: '高级查询',
  title: '高级查询构造器',
  active: '已有高级查询条件生效',
  clear: '清空',
  matchLabel: '过滤条件匹配',
  search: '查询',
  reset: '重置',
  close: '关闭',
  save: '保存查询条件',
  savedTitle: '保存的查询',
  savedEmpty: '没有保存任何查询',
  noCondition: '没有任何查询条件',
  addOne: '点击新增',
  fieldPlaceholder: '选择查询字段',
  rulePlaceholder: '匹配规则',
  choose: '请选择',
  chooseDate: '请选择日期',
  chooseTime: '请选择时间',
  inputNumber: '请输入数值',
  inputValue: '请输入值',
  add: '新增条件',
  remove: '删除条件',
  removeSaved: '删除',
  yes: '是',
  no: '否',
  promptTitle: '请输入保存的名称',
  emptyRun: '不能查询空条件',
  emptySave: '空条件不能保存',
  blankName: '保存名称不能为空',
  saved: '保存成功',
  confirmDelete: '是否删除当前查询？',
  deleted: '删除成功',
  confirmTitle: '提示',
} as const;

/** '{name} 已存在，是否覆盖？' (spec §5). */
export function overwriteText(name: string): string {
  return `${name} 已存在，是否覆盖？`;
}

/** Rule labels in JSuperQuery's order (spec §9). */
export const RULE_LABELS: Readonly<Record<SuperQueryRule, string>> = {
  eq: '等于',
  like: '包含',
  right_like: '以..开始',
  left_like: '以..结尾',
  in: '在...中',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
};

export const MATCH_LABELS: Readonly<Record<SuperQueryMatchType, string>> = {
  and: 'AND（所有条件都要求匹配）',
  or: 'OR（条件中的任意一个匹配）',
};
