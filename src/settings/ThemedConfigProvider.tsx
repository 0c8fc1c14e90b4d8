/**
 * antd's ConfigProvider with the primary colour of the theme settings (unusable settings say 主题更新失败
 * once), and without animations for a user whose system asks for reduced motion.
 */
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, type ReactNode } from 'react';
import { SETTINGS_TEXTS } from './texts';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';
import { useThemeSettings } from './useThemeSettings';

function RejectedSettingsNotice() {
  const rejected = useThemeSettings((s) => s.rejected);
  const { message } = AntApp.useApp();
  useEffect(() => {
    if (rejected.length === 0) return;
    console.warn(`theme-settings.js: unusable ${rejected.join(', ')}; defaults used`);
    void message.error(SETTINGS_TEXTS.themeFailed);
  }, [rejected, message]);
  return null;
}

export function ThemedConfigProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const primaryColor = useThemeSettings((s) => s.settings.primaryColor);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: primaryColor, motion: !reducedMotion } }}>
      <AntApp>
        <RejectedSettingsNotice />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
