/**
 * The theme settings of the settings drawer (widgets spec §2, §3, §4, §9; app-shell §4, §9) as
 * plain data with their rules, free of React so they are unit-tested:
 * - defaults: primary #52C41A, light theme, sidemenu, content width Fixed, multi-tab on;
 * - turning the fixed header off turns auto-hide off (auto-hide needs a fixed header);
 * - switching the navigation mode turns the fixed side menu off;
 * - content width Fluid only applies in topmenu mode; the fixed side menu has no meaning there.
 */

export type NavTheme = 'dark' | 'light';
export type NavLayout = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export interface ThemeSettings {
  primaryColor: string;
  navTheme: NavTheme;
  layout: NavLayout;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  fixSiderbar: boolean;
  autoHideHeader: boolean;
  colorWeak: boolean;
  multipage: boolean;
}

export const DEFAULT_THEME_SETTINGS: Readonly<ThemeSettings> = {
  primaryColor: '#52C41A',
  navTheme: 'light',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  fixSiderbar: false,
  autoHideHeader: false,
  colorWeak: false,
  multipage: true,
};

/** The palette of 8 (JeecgBoot's names). */
export const PRIMARY_COLORS: readonly { name: string; color: string }[] = [
  { name: '薄暮', color: '#F5222D' },
  { name: '火山', color: '#FA541C' },
  { name: '日暮', color: '#FAAD14' },
  { name: '明青', color: '#13C2C2' },
  { name: '极光绿', color: '#52C41A' },
  { name: '拂晓蓝', color: '#1890FF' },
  { name: '极客蓝', color: '#2F54EB' },
  { name: '酱紫', color: '#722ED1' },
];

/** Header scrolls out of sight after this many pixels when auto-hide is on (app-shell §2). */
export const AUTO_HIDE_HEADER_AFTER_PX = 100;
export const SETTINGS_DRAWER_WIDTH = 300;

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Applies one change and the rules that follow from it. */
export function applySetting<K extends keyof ThemeSettings>(current: ThemeSettings, key: K, value: ThemeSettings[K]): ThemeSettings {
  const next: ThemeSettings = { ...current, [key]: value };
  if (key === 'fixedHeader' && !value) next.autoHideHeader = false;
  if (key === 'autoHideHeader' && value && !next.fixedHeader) next.autoHideHeader = false;
  if (key === 'layout' && value !== current.layout) next.fixSiderbar = false;
  if (key === 'fixSiderbar' && next.layout === 'topmenu') next.fixSiderbar = false;
  return next;
}

/** Which controls of the drawer are disabled for the current settings. */
export function disabledControls(settings: ThemeSettings): { contentWidth: boolean; autoHideHeader: boolean; fixSiderbar: boolean } {
  return {
    contentWidth: settings.layout !== 'topmenu',
    autoHideHeader: !settings.fixedHeader,
    fixSiderbar: settings.layout === 'topmenu',
  };
}

/** The content width in effect: Fluid only counts in topmenu mode; the side-menu layout is always fluid-free Fixed. */
export function effectiveContentWidth(settings: ThemeSettings): ContentWidth {
  return settings.layout === 'topmenu' ? settings.contentWidth : 'Fixed';
}

export interface ReadOutcome {
  settings: ThemeSettings;
  /** Keys whose value was unusable (the default is used instead). */
  rejected: (keyof ThemeSettings)[];
}

const CHOICES: Partial<Record<keyof ThemeSettings, readonly string[]>> = {
  navTheme: ['dark', 'light'],
  layout: ['sidemenu', 'topmenu'],
  contentWidth: ['Fixed', 'Fluid'],
};

/**
 * Settings from a config file or storage: each known key with a usable value is taken, anything
 * else falls back to the default (and is named in `rejected`); the rules are applied afterwards so
 * a file cannot ask for auto-hide without a fixed header.
 */
export function readThemeSettings(source: unknown): ReadOutcome {
  const settings: ThemeSettings = { ...DEFAULT_THEME_SETTINGS };
  const rejected: (keyof ThemeSettings)[] = [];
  if (typeof source !== 'object' || source === null) return { settings, rejected };
  const raw = source as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_THEME_SETTINGS) as (keyof ThemeSettings)[]) {
    if (!(key in raw)) continue;
    const value = raw[key];
    const fallback = DEFAULT_THEME_SETTINGS[key];
    const usable =
      key === 'primaryColor'
        ? typeof value === 'string' && HEX.test(value)
        : CHOICES[key]
          ? typeof value === 'string' && CHOICES[key].includes(value)
          : typeof value === typeof fallback;
    if (usable) (settings as unknown as Record<string, unknown>)[key] = key === 'primaryColor' ? (value as string).toUpperCase() : value;
    else rejected.push(key);
  }
  if (!settings.fixedHeader) settings.autoHideHeader = false;
  if (settings.layout === 'topmenu') settings.fixSiderbar = false;
  return { settings, rejected };
}
