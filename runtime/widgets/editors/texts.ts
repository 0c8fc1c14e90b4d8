/**
 * Texts of the editors. widgets.md names the features in English (full-screen toggle, language
 * switch, the twelve languages); this table is the Chinese we ship:
 *
 * | spec (English rendering)   | product text |
 * |----------------------------|--------------|
 * | full-screen toggle (on)    | 全屏         |
 * | full-screen toggle (off)   | 退出全屏     |
 * | language switch            | 语言         |
 * | Markdown preview           | 预览         |
 *
 * Language names are product names and stay as the spec lists them (CSS, JavaScript, …, Shell).
 * The toolbar tooltips and Quill's link-bubble words (Visit URL, Save, Edit, Remove) are ours.
 */
export const EDITOR_TEXTS = {
  fullScreen: '全屏',
  exitFullScreen: '退出全屏',
  language: '语言',
  edit: '编辑',
  preview: '预览',
  previewEmpty: '暂无内容',
  imageUploading: '图片上传中…',
} as const;

/** Toolbar tooltips of the rich-text editor, by the toolbar control's selector. */
export const TOOLBAR_TOOLTIPS: readonly (readonly [selector: string, title: string])[] = [
  ['.ql-header', '标题'],
  ['button.ql-bold', '加粗'],
  ['button.ql-italic', '斜体'],
  ['button.ql-underline', '下划线'],
  ['button.ql-strike', '删除线'],
  ['.ql-color', '文字颜色'],
  ['.ql-background', '背景颜色'],
  ['button.ql-list[value="ordered"]', '有序列表'],
  ['button.ql-list[value="bullet"]', '无序列表'],
  ['.ql-align', '对齐方式'],
  ['button.ql-link', '插入链接'],
  ['button.ql-image', '插入图片'],
  ['button.ql-blockquote', '引用'],
  ['button.ql-code-block', '代码块'],
  ['button.ql-clean', '清除格式'],
];

/** Words Quill's snow theme draws with CSS `content` (the header picker and the link bubble). */
export const QUILL_CSS_TEXTS = {
  normal: '正文',
  heading: (level: number) => `标题${level}`,
  visitUrl: '访问链接：',
  enterLink: '输入链接：',
  edit: '编辑',
  save: '保存',
  remove: '移除',
} as const;
