/**
 * The settings drawer (widgets spec §2): right side, width 300, development builds only (the
 * layout renders it under import.meta.env.DEV). Every change goes through the store's rules.
 */
import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, List, Radio, Switch, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { disabledControls, PRIMARY_COLORS, SETTINGS_DRAWER_WIDTH, type ThemeSettings } from './themeSettings';
import { SETTINGS_TEXTS as T } from './texts';
import { useThemeSettings } from './useThemeSettings';

function Row({ label, hint, control }: { label: string; hint?: string; control: ReactNode }) {
  return (
    <List.Item actions={[hint ? <Tooltip key="c" title={hint}>{control}</Tooltip> : <span key="c">{control}</span>]}>
      {label}
    </List.Item>
  );
}

export default function SettingDrawer() {
  const [open, setOpen] = useState(false);
  const settings = useThemeSettings((s) => s.settings);
  const change = useThemeSettings((s) => s.change);
  const disabled = disabledControls(settings);
  const toggle = (key: keyof Pick<ThemeSettings, 'fixedHeader' | 'autoHideHeader' | 'fixSiderbar' | 'colorWeak' | 'multipage'>, off = false) => (
    <Switch size="small" aria-label={T[key]} checked={settings[key]} disabled={off} onChange={(on) => change(key, on)} />
  );

  return (
    <>
      <Button type="primary" className="settings-handle" aria-label={T.open} icon={<SettingOutlined />} onClick={() => setOpen(true)} />
      <Drawer title={T.open} placement="right" width={SETTINGS_DRAWER_WIDTH} open={open} onClose={() => setOpen(false)}>
        <Typography.Title level={5}>{T.pageStyle}</Typography.Title>
        <Radio.Group value={settings.navTheme} onChange={(e) => change('navTheme', e.target.value as ThemeSettings['navTheme'])}>
          <Radio.Button value="dark">{T.dark}</Radio.Button>
          <Radio.Button value="light">{T.light}</Radio.Button>
        </Radio.Group>
        <Divider />
        <Typography.Title level={5}>{T.primaryColor}</Typography.Title>
        <div className="settings-palette">
          {PRIMARY_COLORS.map(({ name, color }) => (
            <Tooltip key={color} title={name}>
              <button
                type="button"
                className="settings-swatch"
                aria-label={name}
                aria-pressed={settings.primaryColor === color}
                style={{ background: color }}
                onClick={() => change('primaryColor', color)}
              >
                {settings.primaryColor === color && <CheckOutlined />}
              </button>
            </Tooltip>
          ))}
        </div>
        <Divider />
        <Typography.Title level={5}>{T.layout}</Typography.Title>
        <Radio.Group value={settings.layout} onChange={(e) => change('layout', e.target.value as ThemeSettings['layout'])}>
          <Radio.Button value="sidemenu">{T.sidemenu}</Radio.Button>
          <Radio.Button value="topmenu">{T.topmenu}</Radio.Button>
        </Radio.Group>
        <List split={false}>
          <Row
            label={T.contentWidth}
            hint={T.contentWidthHint}
            control={
              <Radio.Group
                size="small"
                value={settings.contentWidth}
                disabled={disabled.contentWidth}
                onChange={(e) => change('contentWidth', e.target.value as ThemeSettings['contentWidth'])}
              >
                <Radio.Button value="Fixed">{T.fixed}</Radio.Button>
                <Radio.Button value="Fluid">{T.fluid}</Radio.Button>
              </Radio.Group>
            }
          />
          <Row label={T.fixedHeader} control={toggle('fixedHeader')} />
          <Row label={T.autoHideHeader} hint={disabled.autoHideHeader ? T.autoHideHint : undefined} control={toggle('autoHideHeader', disabled.autoHideHeader)} />
          <Row label={T.fixSiderbar} hint={disabled.fixSiderbar ? T.fixSiderbarHint : undefined} control={toggle('fixSiderbar', disabled.fixSiderbar)} />
        </List>
        <Divider />
        <Typography.Title level={5}>{T.other}</Typography.Title>
        <List split={false}>
          <Row label={T.colorWeak} control={toggle('colorWeak')} />
          <Row label={T.multipage} control={toggle('multipage')} />
        </List>
        <Divider />
        <Typography.Paragraph type="secondary">{T.devOnly}</Typography.Paragraph>
      </Drawer>
    </>
  );
}
