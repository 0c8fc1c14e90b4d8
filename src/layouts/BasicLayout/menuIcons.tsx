import { createElement, type ComponentType } from 'react';
import * as MENU_ICON_SET from '../../../runtime/widgets/icon/iconSet';
import { iconExportName } from '../../../runtime/widgets/icon/iconNames';

export { iconExportName };

/**
 * Menu icons by @ant-design/icons export name (runtime/widgets/icon/iconSet.ts lists them); JeecgBoot's Vue 2
 * kebab names ('home', 'file-text') are accepted too.
 * Unknown names fall back to a neutral icon rather than nothing, so the collapsed menu stays usable.
 */
type IconComponent = ComponentType<{ 'aria-hidden'?: boolean }>;

const ICONS: Record<string, IconComponent> = MENU_ICON_SET;

export const DEFAULT_MENU_ICON: IconComponent = MENU_ICON_SET.AppstoreOutlined;

export function menuIconComponent(name: string | undefined | null): IconComponent {
  if (!name) return DEFAULT_MENU_ICON;
  return ICONS[iconExportName(name.trim())] ?? DEFAULT_MENU_ICON;
}

export function MenuIcon({ name }: { name?: string | null }) {
  // The icons are module-level components looked up by name, not created here. Hidden from
  // assistive technology: the entry's Chinese title names it, not the icon's English name.
  return createElement(menuIconComponent(name), { 'aria-hidden': true });
}
