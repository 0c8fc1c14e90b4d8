/** Numbers and texts of the shared list behaviour (widgets spec §5/§9, app-shell spec §9, JeecgListMixin). */
import type { SortState } from './types';

export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30] as const;
export const DEFAULT_SORT: SortState = { column: 'createTime', order: 'desc' };
export const DEFAULT_ROW_KEY = 'id';
export const DEFAULT_EXPORT_FILE_NAME = '导出文件';

export { CLICK_THROTTLE_MS } from '../validation/messages';

/** Below this viewport width the table scrolls horizontally over NARROW_SCROLL_X pixels. */
export const NARROW_SCREEN_PX = 500;
export const NARROW_SCROLL_X = 800;
/** Cell text longer than this is cut with '...'. */
export const ELLIPSIS_LENGTH = 25;

export const MESSAGES = {
  selectOne: '请选择一条记录！',
  confirmDeleteTitle: '确认删除',
  /** Title of a custom row action's question (JeecgBoot's 立即执行 asks under it). */
  confirmTitle: '确认提示',
  confirmBatchDeleteContent: '是否删除选中数据?',
  /** The row delete's question, as JeecgBoot's row popconfirm asks it. */
  confirmDeleteContent: '确定删除吗?',
  downloadFailed: '文件下载失败',
  unknownFile: '未知的文件',
  missingListUrl: '请设置url.list属性!',
  missingDeleteUrl: '请设置url.delete属性!',
  missingDeleteBatchUrl: '请设置url.deleteBatch属性!',
  missingExportUrl: '请设置url.exportXlsUrl属性!',
} as const;
