/**
 * Texts of the upload widgets. Chinese texts of the specification (widgets §§4, 5, 7) are used
 * verbatim; where widgets.md renders a text in English, this table is the Chinese we ship:
 *
 * | spec (English rendering)              | product text |
 * |---------------------------------------|--------------|
 * | upload popup titled picture upload    | 图片上传     |
 * | upload popup titled file upload       | 文件上传     |
 * | (popup) cancel button                 | 取消         |
 * | (file cell menu) download             | 下载         |
 * | (file cell menu) delete               | 删除         |
 * | (file cell menu) more                 | 更多         |
 * | (file cell) the menu's trigger        | 操作         |
 * | (file cell) a file on its way         | 上传中… / 上传中(N%) |
 * | (file cell) files beyond the shown one | +N          |
 *
 * The trigger captions, move/preview labels and '文件下载失败' (widgets §7, export) are ours.
 */
export const UPLOAD_TEXTS = {
  imagePopupTitle: '图片上传',
  filePopupTitle: '文件上传',
  cancel: '取消',
  confirm: '确定',
  nothingUploaded: '未上传任何文件',
  notAnImage: '请上传图片',
  unknownMove: '未知的操作',
  alreadyLast: '已到最后~',
  uploadFailed: (fileName: string) => `${fileName} 上传失败.`,
  errorDialogTitle: '上传出错',
  errorDialogPrefix: '错误信息：',
  failedTooltip: '上传失败',
  unknownError: '未知错误',
  fileTrigger: '点击上传',
  imageTrigger: '上传',
  moveBefore: '左移',
  moveAfter: '右移',
  preview: '预览',
  download: '下载',
  remove: '删除',
  more: '更多',
  downloadFailed: '文件下载失败',
  cellActions: '操作',
  cellUploading: '上传中…',
  cellUploadingPercent: (percent: number) => `上传中(${percent}%)`,
  cellMoreFiles: (count: number) => `+${count}`,
} as const;

/** The upload popup (widgets §2). */
export const UPLOAD_POPUP_WIDTH = 520;
/** A file cell shows this many characters of the name, then '…' (widgets §9). */
export const CELL_NAME_LENGTH = 5;
