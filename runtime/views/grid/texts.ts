/**
 * Texts of the editable grid's antd view. The widgets spec names these parts without giving their
 * words, so they are ours (the core's texts are in runtime/grid/texts.ts):
 *
 * | spec (what it names)                         | product text           |
 * |----------------------------------------------|------------------------|
 * | add settings: rows to add                    | 添加行数                |
 * | add settings: insert position (0 = bottom)   | 插入位置（0为底部）      |
 * | add settings: scroll to bottom               | 添加后滚动到底部         |
 * | add settings popover title                   | 新增设置                |
 * | move up / move down                          | 上移 / 下移             |
 * | details modal                                | 详细信息 (verbatim)     |
 * | fullscreen switch                            | 全屏 / 退出全屏          |
 * | pagination total 'a-b 共N条'                  | a-b 共N条 (verbatim)    |
 * | save succeeded / nothing to save             | 保存成功！ / 没有需要保存的修改 |
 * | validation failed before save                | 第N行 <标题>：<消息>      |
 * | popup text input: open the text area         | 展开输入                |
 * | sub-form popover title                       | 第N行                   |
 * | paging away from unsaved edits (asks)        | 提示 / 当前页有未保存的修改… |
 */
export const GRID_VIEW_TEXTS = Object.freeze({
  addSettingsTitle: '新增设置',
  addCount: '添加行数',
  addPosition: '插入位置（0为底部）',
  scrollToBottom: '添加后滚动到底部',
  moveUp: '上移',
  moveDown: '下移',
  details: '详细信息',
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
  saved: '保存成功！',
  nothingToSave: '没有需要保存的修改',
  selectRowToMove: '请选择一条记录！',
  empty: '暂无数据',
  expandRow: '展开行',
  openTextArea: '展开输入',
  subFormTitle: (rowNumber: number) => `第${rowNumber}行`,
  unsavedTitle: '提示',
  unsavedOnPageChange: '当前页有未保存的修改，翻页或改变每页条数将丢失这些修改，是否继续？',
});

export const paginationTotal = (total: number, [from, to]: [number, number]): string => `${from}-${to} 共${total}条`;

/** The first failure of a grid validation, as the user reads it. */
export const failureText = (rowNumber: number, title: string, message: string): string =>
  message.includes(title) ? `第${rowNumber}行：${message}` : `第${rowNumber}行 ${title}：${message}`;
