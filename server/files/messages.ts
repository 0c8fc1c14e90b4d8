/** What the upload and file routes tell the user (shown as they are by the web app). */
export const FILE_MESSAGES = {
  noFile: '未找到上传的文件',
  oneFileOnly: '一次只能上传一个文件',
  emptyFile: '不能上传空文件',
  badBiz: '业务目录（biz）只能由字母、数字、下划线、短横线和 / 组成',
  /** JeecgBoot's wording for its 10 MB limit, with our configured size. */
  tooLarge: (mb: string) => `文件大小超出${mb}MB限制`,
  refusedType: (ext: string) => (ext ? `不允许上传 .${ext} 类型的文件` : '不允许上传没有扩展名的文件'),
  contentMismatch: (ext: string) => `文件内容与扩展名 .${ext} 不符，已拒绝上传`,
  badPath: '文件路径不合法',
  notFound: '文件不存在',
} as const;
