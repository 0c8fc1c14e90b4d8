/**
 * Texts of the popup report picker (widgets spec §2, §5). The spec gives the messages in Chinese and
 * they are used verbatim; where it renders a text in English, the Chinese original is shipped:
 *
 *   | widgets.md                      | shown        |
 *   |---------------------------------|--------------|
 *   | buttons OK and close            | 确定 / 关闭    |
 *   | query / reset                   | 查询 / 重置    |
 *   | expand / collapse (hidden '1')  | 展开 / 收起    |
 *   | 'No data found'                 | 暂无数据       |
 *
 * The count-mismatch message is the spec's '…原始值和目标值数量不一致!' with the full prefix.
 */
export const POPUP_TEXTS = {
  badConfig: 'popup参数未正确配置!',
  countMismatch: 'popup参数未正确配置，原始值和目标值数量不一致!',
  pickOne: '仅可选择一条记录',
  ok: '确定',
  close: '关闭',
  search: '查询',
  reset: '重置',
  expand: '展开',
  collapse: '收起',
  clear: '清空',
  clearValue: '清除',
  open: '选择',
  noData: '暂无数据',
  placeholder: '请选择',
  loadFailed: '加载失败',
} as const;

/** The selection bar above the table: 已选择 N 项. */
export function selectedCount(count: number): string {
  return `已选择 ${count} 项`;
}
