/**
 * Texts of the settings drawer (JeecgBoot's SettingDrawer wording). The spec's English message
 * 'Failed to update theme' ships as its Chinese original:
 *
 * | spec                   | shown        |
 * |------------------------|--------------|
 * | Failed to update theme | 主题更新失败 |
 */
export const SETTINGS_TEXTS = {
  open: '界面设置',
  pageStyle: '整体风格设置',
  dark: '暗色菜单风格',
  light: '亮色菜单风格',
  primaryColor: '主题色',
  layout: '导航模式',
  sidemenu: '侧边栏导航',
  topmenu: '顶部栏导航',
  contentWidth: '内容区域宽度',
  contentWidthHint: '该设定仅 [顶部栏导航] 时有效',
  fixed: '固定',
  fluid: '流式',
  fixedHeader: '固定 Header',
  autoHideHeader: '下滑时隐藏 Header',
  autoHideHint: '固定 Header 时可配置',
  fixSiderbar: '固定侧边菜单',
  fixSiderbarHint: '顶部栏导航时不可用',
  other: '其他设置',
  colorWeak: '色弱模式',
  multipage: '多页签模式',
  devOnly: '该设置仅用于开发环境预览；生产环境请在 theme-settings.js 中配置',
  themeFailed: '主题更新失败',
} as const;
