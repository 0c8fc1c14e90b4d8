/**
 * Texts of the record, customer-tree and area pickers. Where widgets.md renders a text in English,
 * the Chinese original is shipped:
 *
 *   | widgets.md                        | shown                              |
 *   |-----------------------------------|------------------------------------|
 *   | 'select customer'                 | 选择客户 (custom page's picker.title) |
 *   | 'click to select expert'          | 点击选择专家 (expert page's picker.placeholder) |
 *   | enter customer name, press enter  | 请输入客户名称，按回车搜索            |
 *   | '<name>selection'                 | <name>选择 (default picker title)   |
 *   | 'selected <name>'                 | 已选<name>                          |
 *   | 'Bad type value'                  | 类型值错误                           |
 *   | delete / OK / close               | 删除 / 确定 / 关闭                   |
 *
 * Texts the spec gives in Chinese ('父子关联', '取消关联', '选择协作专家') are used verbatim.
 */
export const PICKER_TEXTS = {
  ok: '确定',
  cancel: '取消',
  close: '关闭',
  remove: '删除',
  treeOperations: '树操作',
  linked: '父子关联',
  unlinked: '取消关联',
  clear: '清除',
  loading: '加载中…',
  noData: '暂无数据',
  badType: '类型值错误',
  missingOption: '选择器未配置 options.picker.page',
} as const;

/** The '已选<name>' card title of the generic biz picker. */
export function selectedTitle(entityTitle: string): string {
  return `已选${entityTitle}`;
}

/** The widget's own message when the page it picks from cannot be used (the check is soft at run time). */
export function unavailableText(ref: string, reason: string): string {
  return `选择器页面 ${ref} 无法使用：${reason}`;
}

export function noPickerText(ref: string): string {
  return `页面 ${ref} 没有 picker 配置，不能被选择`;
}
