/** date, datetime and time: stored as text in the spec's formats (YYYY-MM-DD, YYYY-MM-DD HH:mm:ss, HH:mm:ss). */
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { FormWidgetProps } from '../registry';
import { DATE_FORMAT, DATETIME_FORMAT, TIME_FORMAT } from '../../schema/storedValues';

function parse(value: unknown, format: string): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  const parsed = format === TIME_FORMAT ? dayjs(`1970-01-01 ${text}`, `${DATE_FORMAT} ${TIME_FORMAT}`) : dayjs(text);
  return parsed.isValid() ? parsed : null;
}

export default function DateWidget({ field, value, onChange, disabled }: FormWidgetProps) {
  const common = { style: { width: '100%' }, placeholder: field.placeholder, disabled };
  if (field.widget === 'time') {
    return (
      <TimePicker {...common} format={TIME_FORMAT} value={parse(value, TIME_FORMAT)} onChange={(d) => onChange(d ? d.format(TIME_FORMAT) : null)} />
    );
  }
  const format = field.widget === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT;
  return (
    <DatePicker
      {...common}
      format={format}
      showTime={field.widget === 'datetime'}
      value={parse(value, format)}
      onChange={(d: Dayjs | null) => onChange(d ? d.format(format) : null)}
    />
  );
}
