/**
 * Texts of the editable grid's core. The product is Chinese; the widgets spec names these texts
 * without giving them, so they are ours:
 *
 * | spec (what it names)                       | product text          |
 * |--------------------------------------------|-----------------------|
 * | unique / 'only' rule without a message     | <title>不能重复        |
 * | custom handler failing without a message   | <title>校验未通过      |
 * | footer statistics: sum / average           | 合计 / 平均值          |
 * | statistics parse failure                   | - (verbatim)          |
 * | toolbar: add, save, delete, clear selection| 新增、保存、删除、清空选择 |
 * | toolbar: expand / collapse toggle          | 展开 / 收起            |
 * | upload cell button                         | 上传文件               |
 *
 * Required and pattern messages come from runtime/validation (请输入<title>, 请输入正确的手机号码 …).
 */

export const uniqueMessage = (title: string): string => `${title}不能重复`;
export const handlerFailedMessage = (title: string): string => `${title}校验未通过`;

export const SUM_TITLE = '合计';
export const AVERAGE_TITLE = '平均值';
/** A statistics cell whose column holds a value that is not a number. */
export const STATISTICS_FAILED = '-';

export const TOOLBAR_TEXTS = Object.freeze({
  add: '新增',
  save: '保存',
  remove: '删除',
  clearSelection: '清空选择',
  expand: '展开',
  collapse: '收起',
});

export const UPLOAD_BUTTON_TEXT = '上传文件';
