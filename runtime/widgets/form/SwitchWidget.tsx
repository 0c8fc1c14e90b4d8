/** switch: stores the field's on/off values (default 'Y'/'N'; integer 1/0; boolean true/false). */
import { Switch } from 'antd';
import type { FormWidgetProps } from '../registry';
import { isSwitchOn, switchValuesOf } from '../../schema/storedValues';

export default function SwitchWidget({ field, value, onChange, disabled }: FormWidgetProps) {
  const [on, off] = switchValuesOf(field);
  return <Switch checked={isSwitchOn(field, value)} disabled={disabled} onChange={(next) => onChange(next ? on : off)} />;
}
