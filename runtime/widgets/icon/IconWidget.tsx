/**
 * The `icon` form widget (菜单管理's 菜单图标): the name as text with its icon in front, and 选择图标
 * opening a dialog of every icon a menu may name (iconSet.ts) with a search box; a click picks one.
 * Names JeecgBoot clients store ('setting', 'ant-design:setting-outlined') show their icon too.
 */
import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Space, Tooltip } from 'antd';
import { createElement, useMemo, useState, type ComponentType } from 'react';
import type { FormWidgetProps } from '../registry';
import { iconExportName } from './iconNames';
import * as ICON_SET from './iconSet';

type IconComponent = ComponentType<{ style?: React.CSSProperties }>;
const ICONS: Record<string, IconComponent> = ICON_SET;
const NAMES = Object.keys(ICONS).sort();

export function iconOf(name: string): IconComponent | undefined {
  return name ? ICONS[iconExportName(name.trim())] : undefined;
}

export default function IconWidget({ field, value, onChange, disabled }: FormWidgetProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const text = value === null || value === undefined ? '' : String(value);
  const current = iconOf(text);
  const shown = useMemo(() => {
    const word = search.trim().toLowerCase();
    return word ? NAMES.filter((name) => name.toLowerCase().includes(word)) : NAMES;
  }, [search]);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          allowClear
          value={text}
          placeholder={field.placeholder || '点击选择图标'}
          disabled={disabled}
          prefix={createElement(current ?? AppstoreOutlined, { style: { color: current ? undefined : '#bfbfbf' } })}
          onChange={(e) => onChange(e.target.value)}
        />
        <Button disabled={disabled} onClick={() => setOpen(true)}>
          选择图标
        </Button>
      </Space.Compact>
      {open && (
        <Modal open title="选择图标" width={760} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
          <Input.Search allowClear placeholder="按名称搜索图标，如 user" value={search} onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 12 }} />
          {shown.length === 0 ? (
            <Empty description="没有匹配的图标" />
          ) : (
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 8, maxHeight: 420, overflowY: 'auto' }}>
              {shown.map((name) => (
                <Tooltip key={name} title={name}>
                  <Button
                    aria-label={name}
                    type={iconExportName(text) === name ? 'primary' : 'default'}
                    style={{ height: 48, fontSize: 20 }}
                    onClick={() => {
                      onChange(name);
                      setOpen(false);
                    }}
                  >
                    {createElement(ICONS[name])}
                  </Button>
                </Tooltip>
              ))}
            </div>
          )}
        </Modal>
      )}
    </>
  );
}
