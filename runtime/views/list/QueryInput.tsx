/** The input of one query item, chosen by `controlOf` (text, dictionary select, number, date pickers, ranges). */
import { DatePicker, Form, Input, InputNumber, Select, Space, TimePicker } from 'antd';
import type { DictService } from '../../dict/dictService';
import type { CompiledQueryItem } from '../../schema/compiledPageTypes';
import { DATETIME_FORMAT, DATE_FORMAT, TIME_FORMAT } from './cellText';
import { controlOf } from './queryControls';

export interface QueryInputProps {
  item: CompiledQueryItem;
  dict: DictService;
  /** Form.Item passes these through. */
  value?: unknown;
  onChange?: (value: unknown) => void;
}

const FULL = { width: '100%' } as const;
const BOOLEAN_OPTIONS = [
  { value: 'true', label: '是' },
  { value: 'false', label: '否' },
];

function selectPlaceholder(item: CompiledQueryItem): string {
  return `请选择${item.label}`;
}

/** Placeholders of the query bar name the item (请输入专家姓名), not the form's own hint. */
function inputPlaceholder(item: CompiledQueryItem): string {
  return `请输入${item.label}`;
}

/** A range of two plain inputs (numbers or texts) stored as {begin, end}. */
function TwoInputs({ item, number }: { item: CompiledQueryItem; number: boolean }) {
  const name = item.field.name;
  const Control = number ? InputNumber : Input;
  return (
    <Space.Compact style={FULL}>
      <Form.Item name={[name, 'begin']} noStyle>
        <Control style={{ width: '50%' }} placeholder="最小值" aria-label={`${item.label}起`} />
      </Form.Item>
      <Form.Item name={[name, 'end']} noStyle>
        <Control style={{ width: '50%' }} placeholder="最大值" aria-label={`${item.label}止`} />
      </Form.Item>
    </Space.Compact>
  );
}

export function QueryInput({ item, dict, value, onChange }: QueryInputProps) {
  const control = controlOf(item);
  // Form.Item hands each control the value shape it gave it; the controls' own types do not know that.
  const bind = { value: value as never, onChange: onChange as never, style: FULL, 'aria-label': item.label };
  switch (control) {
    case 'select':
    case 'multiSelect': {
      const options = (item.field.dict ? (dict.cachedItems(item.field.dict.dictCode) ?? []) : []).map((option) => ({
        value: option.value,
        label: option.text,
      }));
      return (
        <Select
          {...bind}
          mode={control === 'multiSelect' ? 'multiple' : undefined}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={selectPlaceholder(item)}
          options={options}
        />
      );
    }
    case 'tags':
      return <Select {...bind} mode="tags" allowClear placeholder={inputPlaceholder(item)} open={false} />;
    case 'boolean':
      return <Select {...bind} allowClear placeholder={selectPlaceholder(item)} options={BOOLEAN_OPTIONS} />;
    case 'number':
      return <InputNumber {...bind} placeholder={inputPlaceholder(item)} />;
    case 'date':
      return <DatePicker {...bind} format={DATE_FORMAT} placeholder={selectPlaceholder(item)} />;
    case 'datetime':
      return <DatePicker {...bind} showTime format={DATETIME_FORMAT} placeholder={selectPlaceholder(item)} />;
    case 'time':
      return <TimePicker {...bind} format={TIME_FORMAT} placeholder={selectPlaceholder(item)} />;
    case 'dateRange':
      return <DatePicker.RangePicker {...bind} format={DATE_FORMAT} placeholder={['开始日期', '结束日期']} />;
    case 'timeRange':
      return <TimePicker.RangePicker {...bind} format={TIME_FORMAT} placeholder={['开始时间', '结束时间']} />;
    case 'numberRange':
      return <TwoInputs item={item} number />;
    case 'textRange':
      return <TwoInputs item={item} number={false} />;
    default:
      return <Input {...bind} allowClear placeholder={inputPlaceholder(item)} />;
  }
}

/** Range pairs of plain inputs bind their own two form names; the others bind the item's name. */
export function bindsOwnNames(item: CompiledQueryItem): boolean {
  const control = controlOf(item);
  return control === 'numberRange' || control === 'textRange';
}
