/** input, textarea and password: the value is the text. */
import { Input } from 'antd';
import type { FormWidgetProps } from '../registry';

export default function TextWidget({ field, value, onChange, disabled }: FormWidgetProps) {
  const text = value === null || value === undefined ? '' : String(value);
  const common = { value: text, placeholder: field.placeholder, disabled };
  if (field.widget === 'textarea') return <Input.TextArea rows={4} {...common} onChange={(e) => onChange(e.target.value)} />;
  if (field.widget === 'password') return <Input.Password {...common} onChange={(e) => onChange(e.target.value)} />;
  return <Input allowClear {...common} onChange={(e) => onChange(e.target.value)} />;
}
