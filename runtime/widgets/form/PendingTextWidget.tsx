/**
 * Stand-in for the pickers and editors still to come (user, depart, area, treeSelect, upload, …):
 * the value is typed in as text, and the field says so, so nobody mistakes it for the real picker.
 * Registering the real widget for the type replaces this one.
 */
import { Input, Typography } from 'antd';
import type { FormWidgetProps } from '../registry';

export const PENDING_WIDGET_HINT = '该控件即将上线，暂以文本录入';

export default function PendingTextWidget({ field, value, onChange, disabled }: FormWidgetProps) {
  const text = value === null || value === undefined ? '' : String(value);
  const long = field.widget === 'editor' || field.widget === 'markdown' || field.type === 'text';
  return (
    <div>
      {long ? (
        <Input.TextArea rows={4} value={text} placeholder={field.placeholder} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input value={text} placeholder={field.placeholder} disabled={disabled} allowClear onChange={(e) => onChange(e.target.value)} />
      )}
      <Typography.Text type="warning" style={{ fontSize: 12 }}>
        {PENDING_WIDGET_HINT}
      </Typography.Text>
    </div>
  );
}
