/** number and money: a number (or null when cleared), with the field's decimals (money 2, integer 0). */
import { InputNumber } from 'antd';
import type { FormWidgetProps } from '../registry';
import { precisionOf } from '../../schema/storedValues';

export default function NumberWidget({ field, value, onChange, disabled }: FormWidgetProps) {
  const n = typeof value === 'number' ? value : value === null || value === undefined || value === '' ? null : Number(value);
  return (
    <InputNumber<number>
      style={{ width: '100%' }}
      value={n !== null && Number.isNaN(n) ? null : n}
      precision={precisionOf(field)}
      placeholder={field.placeholder}
      disabled={disabled}
      onChange={(next) => onChange(next)}
    />
  );
}
