/** The `cron` form widget: the expression as text, and a button opening the dialog 'Cron表达式'. */
import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { FormWidgetProps } from '../registry';
import { CRON_TEXTS } from './texts';

const CronDialog = lazy(() => import('./CronDialog'));

export default function CronWidget({ field, value, onChange, disabled }: FormWidgetProps) {
  const [open, setOpen] = useState(false);
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          allowClear
          value={text}
          placeholder={field.placeholder || CRON_TEXTS.placeholder}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
        <Button icon={<ClockCircleOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
          {CRON_TEXTS.open}
        </Button>
      </Space.Compact>
      {open && (
        <Suspense fallback={null}>
          <CronDialog
            value={text}
            onOk={(expression) => {
              onChange(expression);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
