/**
 * The toolbar's 高级查询 button. With an active advanced query it becomes a highlighted group (a
 * spinning icon, JeecgBoot's look) whose tooltip says 已有高级查询条件生效 ｜ 清空, plus a clear button
 * in the group so clearing does not depend on hovering.
 */
import { AppstoreTwoTone, DeleteOutlined, FilterOutlined } from '@ant-design/icons';
import { Button, Divider, Space, Tooltip } from 'antd';
import { SUPER_QUERY_TEXTS as T } from '../../../superQuery/texts';

export interface SuperQueryButtonProps {
  active: boolean;
  onOpen(): void;
  onClear(): void;
}

export function SuperQueryButton({ active, onOpen, onClear }: SuperQueryButtonProps) {
  if (!active) {
    return (
      <Button type="primary" icon={<FilterOutlined />} onClick={onOpen}>
        {T.button}
      </Button>
    );
  }
  return (
    <Tooltip
      mouseLeaveDelay={0.2}
      title={
        <span>
          {T.active}
          <Divider type="vertical" style={{ borderColor: 'rgba(255,255,255,0.45)' }} />
          <a onClick={onClear} style={{ color: '#91caff' }}>
            {T.clear}
          </a>
        </span>
      }
    >
      <Space.Compact className="super-query-active" data-active="true">
        <Button type="primary" icon={<AppstoreTwoTone spin />} onClick={onOpen}>
          {T.button}
        </Button>
        <Button type="primary" icon={<DeleteOutlined />} aria-label={T.clear} title={T.clear} onClick={onClear} />
      </Space.Compact>
    </Tooltip>
  );
}
