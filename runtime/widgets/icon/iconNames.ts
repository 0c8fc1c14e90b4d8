/** Icon names as menus store them, read alike by the side menu (src) and the 菜单图标 picker. */

/**
 * 'file-text' (JeecgBoot 2.x) and 'ant-design:file-text-outlined' (JeecgBoot 3.x, iconify style) →
 * 'FileTextOutlined'; export names pass through unchanged.
 */
export function iconExportName(name: string): string {
  if (/^[A-Z]/.test(name)) return name;
  const bare = name.replace(/^ant-design:/, '');
  const pascal = bare
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
  return /(Outlined|Filled|TwoTone|Twotone)$/.test(pascal) ? pascal.replace(/Twotone$/, 'TwoTone') : `${pascal}Outlined`;
}
