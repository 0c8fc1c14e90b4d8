/** 按钮: which of the generated page's buttons it has. */
import { Checkbox, Space, Typography } from 'antd';
import { BUTTON_TEXT } from '../../designer/texts';
import type { DesignerButtons } from '../../designer/types';

const ORDER: readonly (keyof DesignerButtons)[] = ['add', 'edit', 'delete', 'batchDelete', 'export', 'import'];

export function ButtonsPanel({ buttons, onChange }: { buttons: DesignerButtons; onChange(next: DesignerButtons): void }) {
  return (
    <Space direction="vertical" size="middle">
      <Typography.Text type="secondary">勾选的按钮出现在生成的页面上；生成菜单时每个按钮有自己的权限编码</Typography.Text>
      <Space size="large" wrap>
        {ORDER.map((key) => (
          <Checkbox key={key} checked={buttons[key]} onChange={(e) => onChange({ ...buttons, [key]: e.target.checked })}>
            {BUTTON_TEXT[key]}
          </Checkbox>
        ))}
      </Space>
    </Space>
  );
}
