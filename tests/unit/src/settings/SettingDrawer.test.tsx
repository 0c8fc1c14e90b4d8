// The development settings drawer as a user meets it (widgets spec §2, §4, §9): its width, every
// choice and switch with its label, the rules between the switches, and that choices reach the
// layout's settings store.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SettingDrawer from '../../../../src/settings/SettingDrawer';
import { DEFAULT_THEME_SETTINGS } from '../../../../src/settings/themeSettings';
import { THEME_SETTINGS_KEY, useThemeSettings } from '../../../../src/settings/useThemeSettings';

const settings = () => useThemeSettings.getState().settings;
const stored = () => JSON.parse(window.localStorage.getItem(THEME_SETTINGS_KEY) ?? 'null') as Record<string, unknown> | null;

beforeEach(() => {
  window.localStorage.clear();
  useThemeSettings.setState({ settings: { ...DEFAULT_THEME_SETTINGS }, rejected: [] });
});

afterEach(() => {
  vi.unstubAllEnvs();
});

async function openDrawer() {
  const user = userEvent.setup();
  render(
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <SettingDrawer />
    </ConfigProvider>,
  );
  await user.click(screen.getByRole('button', { name: '界面设置' }));
  const drawer = await screen.findByRole('dialog');
  return { user, drawer };
}

const switchOf = (label: string) => screen.getByRole('switch', { name: label });
const radioOf = (label: string) => screen.getByRole('radio', { name: label });
/** What the user clicks: the radio button's visible face (the input itself takes no pointer events). */
const labelOf = (label: string) => radioOf(label).closest('label') as HTMLElement;

describe('the settings drawer', { timeout: 30_000 }, () => {
  it('opens from the gear at the right, 300 wide, titled 界面设置', async () => {
    const { drawer } = await openDrawer();
    expect(within(drawer).getByText('界面设置')).toBeInTheDocument();
    const wrapper = document.querySelector('.ant-drawer-content-wrapper') as HTMLElement;
    expect(wrapper).toHaveStyle({ width: '300px' });
    expect(document.querySelector('.ant-drawer-right')).not.toBeNull();
    expect(within(drawer).getByText('该设置仅用于开发环境预览；生产环境请在 theme-settings.js 中配置')).toBeInTheDocument();
  });

  it('offers every choice of spec §2 with its label, showing the defaults', async () => {
    const { drawer } = await openDrawer();
    for (const heading of ['整体风格设置', '主题色', '导航模式', '其他设置']) {
      expect(within(drawer).getByText(heading)).toBeInTheDocument();
    }
    // Menu theme: dark or light, light by default.
    expect(radioOf('暗色菜单风格')).not.toBeChecked();
    expect(radioOf('亮色菜单风格')).toBeChecked();
    // Navigation mode: side menu by default.
    expect(radioOf('侧边栏导航')).toBeChecked();
    expect(radioOf('顶部栏导航')).not.toBeChecked();
    // Content width: Fixed, only changeable in top-menu mode.
    expect(within(drawer).getByText('内容区域宽度')).toBeInTheDocument();
    expect(radioOf('固定')).toBeChecked();
    expect(radioOf('流式')).toBeDisabled();
    // The switches, with multi-tab on by default.
    expect(switchOf('固定 Header')).not.toBeChecked();
    expect(switchOf('下滑时隐藏 Header')).not.toBeChecked();
    expect(switchOf('下滑时隐藏 Header')).toBeDisabled();
    expect(switchOf('固定侧边菜单')).not.toBeChecked();
    expect(switchOf('固定侧边菜单')).toBeEnabled();
    expect(switchOf('色弱模式')).not.toBeChecked();
    expect(switchOf('多页签模式')).toBeChecked();
  });

  it('shows a palette of 8 colours, #52C41A (极光绿) chosen, and a click picks another', async () => {
    const { user, drawer } = await openDrawer();
    const swatches = within(drawer)
      .getAllByRole('button')
      .filter((el) => el.hasAttribute('aria-pressed'));
    const names = ['薄暮', '火山', '日暮', '明青', '极光绿', '拂晓蓝', '极客蓝', '酱紫'];
    expect(swatches.map((el) => el.getAttribute('aria-label'))).toEqual(names);
    expect(within(drawer).getByRole('button', { name: '极光绿' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(drawer).getByRole('button', { name: '拂晓蓝' }));
    expect(within(drawer).getByRole('button', { name: '拂晓蓝' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(drawer).getByRole('button', { name: '极光绿' })).toHaveAttribute('aria-pressed', 'false');
    expect(settings().primaryColor).toBe('#1890FF');
  });

  it('hands every choice to the layout store and, in development, keeps it in localStorage', async () => {
    const { user } = await openDrawer();
    await user.click(labelOf('暗色菜单风格'));
    expect(settings().navTheme).toBe('dark');
    await user.click(switchOf('色弱模式'));
    expect(settings().colorWeak).toBe(true);
    await user.click(switchOf('多页签模式'));
    expect(settings().multipage).toBe(false);
    await user.click(switchOf('固定侧边菜单'));
    expect(settings().fixSiderbar).toBe(true);
    await user.click(labelOf('顶部栏导航'));
    expect(settings().layout).toBe('topmenu');
    await user.click(labelOf('流式'));
    expect(settings().contentWidth).toBe('Fluid');
    expect(stored()).toMatchObject({ navTheme: 'dark', colorWeak: true, multipage: false, layout: 'topmenu', contentWidth: 'Fluid' });
  });

  it('auto-hide needs a fixed header: off and disabled without one, and turning the header off turns it off', async () => {
    const { user } = await openDrawer();
    await user.click(switchOf('固定 Header'));
    expect(switchOf('下滑时隐藏 Header')).toBeEnabled();
    await user.click(switchOf('下滑时隐藏 Header'));
    expect(switchOf('下滑时隐藏 Header')).toBeChecked();
    expect(settings()).toMatchObject({ fixedHeader: true, autoHideHeader: true });

    await user.click(switchOf('固定 Header'));
    expect(switchOf('固定 Header')).not.toBeChecked();
    expect(switchOf('下滑时隐藏 Header')).not.toBeChecked();
    expect(switchOf('下滑时隐藏 Header')).toBeDisabled();
    expect(settings()).toMatchObject({ fixedHeader: false, autoHideHeader: false });
  });

  it('switching the navigation mode turns the fixed side menu off; in top-menu mode it cannot be turned on', async () => {
    const { user } = await openDrawer();
    await user.click(switchOf('固定侧边菜单'));
    expect(switchOf('固定侧边菜单')).toBeChecked();
    await user.click(labelOf('顶部栏导航'));
    expect(switchOf('固定侧边菜单')).not.toBeChecked();
    expect(switchOf('固定侧边菜单')).toBeDisabled();
    expect(radioOf('流式')).toBeEnabled();
    expect(settings()).toMatchObject({ layout: 'topmenu', fixSiderbar: false });

    // Back to the side menu: the switch is usable again but stays off.
    useThemeSettings.getState().change('fixSiderbar', true);
    expect(settings().fixSiderbar).toBe(false);
    await user.click(labelOf('侧边栏导航'));
    await waitFor(() => expect(switchOf('固定侧边菜单')).toBeEnabled());
    expect(switchOf('固定侧边菜单')).not.toBeChecked();
    expect(radioOf('流式')).toBeDisabled();
  });

  it('outside development builds a choice holds for the page view but is not kept in localStorage', async () => {
    vi.stubEnv('DEV', false);
    const { user } = await openDrawer();
    await user.click(switchOf('色弱模式'));
    expect(settings().colorWeak).toBe(true);
    expect(stored()).toBeNull();
  });
});
