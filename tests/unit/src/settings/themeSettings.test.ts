import { describe, expect, it } from 'vitest';
import {
  applySetting,
  DEFAULT_THEME_SETTINGS,
  disabledControls,
  effectiveContentWidth,
  PRIMARY_COLORS,
  readThemeSettings,
} from '../../../../src/settings/themeSettings';
import { headerHiddenAfterScroll } from '../../../../src/layouts/BasicLayout/useHeaderHidden';

describe('theme settings', () => {
  it('start from the defaults of the spec with a palette of 8', () => {
    expect(DEFAULT_THEME_SETTINGS).toMatchObject({ primaryColor: '#52C41A', navTheme: 'light', layout: 'sidemenu', contentWidth: 'Fixed', multipage: true });
    expect(PRIMARY_COLORS).toHaveLength(8);
    expect(PRIMARY_COLORS.map((c) => c.color)).toContain('#52C41A');
  });

  it('turn auto-hide off with the fixed header, and refuse auto-hide without it', () => {
    let s = applySetting(DEFAULT_THEME_SETTINGS, 'fixedHeader', true);
    s = applySetting(s, 'autoHideHeader', true);
    expect(s.autoHideHeader).toBe(true);
    s = applySetting(s, 'fixedHeader', false);
    expect(s).toMatchObject({ fixedHeader: false, autoHideHeader: false });
    expect(applySetting(s, 'autoHideHeader', true).autoHideHeader).toBe(false);
    expect(disabledControls(s).autoHideHeader).toBe(true);
  });

  it('turn the fixed side menu off when the navigation mode changes, and keep it off in top-menu mode', () => {
    const fixed = applySetting(DEFAULT_THEME_SETTINGS, 'fixSiderbar', true);
    expect(fixed.fixSiderbar).toBe(true);
    const top = applySetting(fixed, 'layout', 'topmenu');
    expect(top.fixSiderbar).toBe(false);
    expect(applySetting(top, 'fixSiderbar', true).fixSiderbar).toBe(false);
    expect(disabledControls(top)).toMatchObject({ fixSiderbar: true, contentWidth: false });
    const back = applySetting(applySetting(top, 'layout', 'sidemenu'), 'fixSiderbar', true);
    expect(applySetting(back, 'layout', 'sidemenu').fixSiderbar).toBe(true);
  });

  it('apply content width Fluid only in top-menu mode', () => {
    const fluid = applySetting(DEFAULT_THEME_SETTINGS, 'contentWidth', 'Fluid');
    expect(effectiveContentWidth(fluid)).toBe('Fixed');
    expect(disabledControls(fluid).contentWidth).toBe(true);
    expect(effectiveContentWidth(applySetting(fluid, 'layout', 'topmenu'))).toBe('Fluid');
  });

  it('read a config file, keeping usable values and naming the rest', () => {
    const { settings, rejected } = readThemeSettings({
      primaryColor: '#1890ff',
      navTheme: 'purple',
      layout: 'topmenu',
      fixSiderbar: true,
      autoHideHeader: true,
      multipage: 'yes',
    });
    expect(settings).toMatchObject({ primaryColor: '#1890FF', navTheme: 'light', layout: 'topmenu', fixSiderbar: false, autoHideHeader: false, multipage: true });
    expect(rejected).toEqual(['navTheme', 'multipage']);
    expect(readThemeSettings(undefined)).toEqual({ settings: DEFAULT_THEME_SETTINGS, rejected: [] });
    expect(readThemeSettings({ primaryColor: 'red' }).rejected).toEqual(['primaryColor']);
  });

  it('hide the header only when scrolling down past 100 px', () => {
    expect(headerHiddenAfterScroll(0, 80)).toBe(false);
    expect(headerHiddenAfterScroll(90, 150)).toBe(true);
    expect(headerHiddenAfterScroll(300, 200)).toBe(false);
  });
});
