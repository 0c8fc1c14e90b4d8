/** The buttons above the table, each shown only to holders of its permission code. */
import { DeleteOutlined, RestOutlined, DownloadOutlined, ExportOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import type { ToolbarAction } from '../../generated/page';
import type { Host } from '../../host/types';
import type { CompiledAction } from '../../schema/compiledPage';

export const TOOLBAR_TEXTS: Readonly<Record<ToolbarAction, string>> = {
  add: '新增',
  batchDelete: '批量删除',
  recycleBin: '回收站',
  export: '导出',
  import: '导入',
  templateDownload: '模板下载',
};

const ICONS: Readonly<Record<ToolbarAction, ReactNode>> = {
  add: <PlusOutlined />,
  batchDelete: <DeleteOutlined />,
  recycleBin: <RestOutlined />,
  export: <ExportOutlined />,
  import: <ImportOutlined />,
  templateDownload: <DownloadOutlined />,
};

export interface ListToolbarProps {
  actions: readonly CompiledAction<ToolbarAction>[];
  host: Host;
  onAction(action: ToolbarAction): void;
  /** Shown after the actions whatever the permissions (the 高级查询 button). */
  extra?: ReactNode;
}

export function ListToolbar({ actions, host, onAction, extra }: ListToolbarProps) {
  const allowed = actions.filter((action) => host.hasPermission(action.permission));
  if (allowed.length === 0 && !extra) return null;
  return (
    <Space wrap className="schema-list-toolbar" style={{ marginBottom: 12 }}>
      {allowed.map(({ action }) => (
        <Button key={action} type={action === 'add' ? 'primary' : 'default'} icon={ICONS[action]} onClick={() => onAction(action)}>
          {TOOLBAR_TEXTS[action]}
        </Button>
      ))}
      {extra}
    </Space>
  );
}
