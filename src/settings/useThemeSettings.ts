/**
 * The settings in effect. Production reads them once from `window._THEME_SETTINGS`, which
 * /theme-settings.js (public/theme-settings.js, copied into the build; edit dist/theme-settings.js
 * on a server) defines; the drawer is not shown there. Development builds start from the same file,
 * then from what the drawer last saved in localStorage.
 */
import { create } from 'zustand';
import { applySetting, readThemeSettings, type ThemeSettings } from './themeSettings';

declare global {
  interface Window {
    _THEME_SETTINGS?: Partial<ThemeSettings>;
  }
}

/** localStorage key of the development drawer's choices. */
export const THEME_SETTINGS_KEY = 'lossdesk_theme_settings';

interface ThemeSettingsState {
  settings: ThemeSettings;
  /** Keys the config file or storage gave unusable values for (their defaults are used). */
  rejected: (keyof ThemeSettings)[];
  change<K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]): void;
}

function stored(): unknown {
  try {
    const text = window.localStorage.getItem(THEME_SETTINGS_KEY);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function initialThemeSettings(dev: boolean): ReturnType<typeof readThemeSettings> {
  const fromFile = typeof window === 'undefined' ? undefined : window._THEME_SETTINGS;
  const saved = dev && typeof window !== 'undefined' ? stored() : undefined;
  return readThemeSettings(saved && typeof saved === 'object' ? { ...fromFile, ...saved } : fromFile);
}

export const useThemeSettings = create<ThemeSettingsState>()((set, get) => {
  const initial = initialThemeSettings(import.meta.env.DEV);
  return {
    settings: initial.settings,
    rejected: initial.rejected,
    change(key, value) {
      const settings = applySetting(get().settings, key, value);
      set({ settings });
      if (!import.meta.env.DEV) return;
      try {
        window.localStorage.setItem(THEME_SETTINGS_KEY, JSON.stringify(settings));
      } catch {
        // Storage full or blocked: the choice holds for this page view only.
      }
    },
  };
});
