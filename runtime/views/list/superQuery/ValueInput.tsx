/**
 * The value control of one condition row, chosen by `valueControlOf` (type and rule): text, tags
 * for 在...中, number, date/time pickers, yes/no, dictionary select (multiple for 在...中), and the
 * registered form widgets for users, departments and popups.
 */
import { createElement, Suspense } from 'react';
import { DatePicker, Input, InputNumber, Select, TimePicker } from 'antd';
import dayjs from 'dayjs';
import type { DictService } from '../../../dict/dictService';
import type { Host } from '../../../host/types';
import type { CompiledField } from '../../../schema/compiledPageTypes';
import type { SuperQueryRule } from '../../../list/types';
import { valueControlOf, type SuperQueryField } from '../../../superQuery/fields';
import { valueText, type RowValue } from '../../../superQuery/model';
import { SUPER_QUERY_TEXTS as T } from '../../../superQuery/texts';
import { getWidget } from '../../../widgets/registry';
import { DATETIME_FORMAT, DATE_FORMAT, TIME_FORMAT } from '../cellText';

export interface ValueInputProps {
  field: SuperQueryField | undefined;
  rule: SuperQueryRule | undefined;
  value: RowValue | undefined;
  onChange(value: RowValue | undefined): void;
  host: Host;
  dict: DictService;
  /** Accessible name of the control (e.g. '条件1的值'). */
  label: string;
}

const FULL = { width: '100%' } as const;

function listOf(value: RowValue | undefined): string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? value.split(',').filter((item) => item !== '') : [...value];
}

function single(value: RowValue | undefined): string | undefined {
  const text = valueText(value);
  return text === '' ? undefined : text;
}

function moment(value: RowValue | undefined, format: string) {
  const text = single(value);
  if (!text) return null;
  const parsed = format === TIME_FORMAT ? dayjs(`1970-01-01 ${text}`) : dayjs(text);
  return parsed.isValid() ? parsed : null;
}

/**
 * The field's picker options, picking several for 在...中: the user and department pickers read
 * `multiple`, the popup report picker its own `popup.multi` — joined by commas whatever the field's
 * spliter, as 在...中 sends its values.
 */
function pickingOptions(options: CompiledField['options'], many: boolean): CompiledField['options'] {
  const popup = options.popup;
  return {
    ...options,
    multiple: many,
    ...(popup && typeof popup === 'object' ? { popup: { ...popup, multi: many, spliter: ',' } } : {}),
  };
}

export function ValueInput({ field, rule, value, onChange, host, dict, label }: ValueInputProps) {
  const control = valueControlOf(field, rule);
  const many = rule === 'in';
  switch (control) {
    case 'tags':
      return <Select aria-label={label} style={FULL} mode="tags" open={false} allowClear placeholder={T.inputValue} value={listOf(value)} onChange={(next: string[]) => onChange(next)} />;
    case 'dict':
    case 'dictMulti': {
      const code = field?.field.dict?.dictCode ?? '';
      const options = (dict.cachedItems(code) ?? []).map((item) => ({ value: item.value, label: item.text }));
      return (
        <Select
          aria-label={label}
          style={FULL}
          mode={control === 'dictMulti' ? 'multiple' : undefined}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={T.choose}
          options={options}
          value={control === 'dictMulti' ? listOf(value) : single(value)}
          onChange={(next: string | string[] | undefined) => onChange(next ?? undefined)}
        />
      );
    }
    case 'number':
      return (
        <InputNumber
          aria-label={label}
          style={FULL}
          placeholder={T.inputNumber}
          value={single(value) === undefined ? null : Number(single(value))}
          onChange={(next) => onChange(next === null || next === undefined ? undefined : String(next))}
        />
      );
    case 'date':
    case 'datetime': {
      const format = control === 'date' ? DATE_FORMAT : DATETIME_FORMAT;
      return (
        <DatePicker
          aria-label={label}
          style={FULL}
          showTime={control === 'datetime'}
          format={format}
          placeholder={control === 'date' ? T.chooseDate : T.chooseTime}
          value={moment(value, format)}
          onChange={(next) => onChange(next ? next.format(format) : undefined)}
        />
      );
    }
    case 'time':
      return (
        <TimePicker
          aria-label={label}
          style={FULL}
          format={TIME_FORMAT}
          placeholder={T.chooseTime}
          value={moment(value, TIME_FORMAT)}
          onChange={(next) => onChange(next ? next.format(TIME_FORMAT) : undefined)}
        />
      );
    case 'boolean':
      return (
        <Select
          aria-label={label}
          style={FULL}
          allowClear
          placeholder={T.choose}
          options={[
            { value: 'true', label: T.yes },
            { value: 'false', label: T.no },
          ]}
          value={single(value)}
          onChange={(next: string | undefined) => onChange(next)}
        />
      );
    case 'widget': {
      // The registry hands out one lazy component per type, created once: stable across renders.
      const Widget = field ? getWidget(field.field.widget) : undefined;
      if (field && Widget) {
        // The page's own picker edits the value; 在...中 picks several.
        const edited = { ...field.field, options: pickingOptions(field.field.options, many), placeholder: T.choose, required: false, readOnly: false };
        return (
          <Suspense fallback={<Input disabled style={FULL} />}>
            {createElement(Widget, {
              field: edited,
              host,
              value: single(value) ?? null,
              onChange: (next: unknown) => onChange(typeof next === 'string' && next !== '' ? next : undefined),
            })}
          </Suspense>
        );
      }
      break;
    }
    default:
      break;
  }
  return <Input aria-label={label} style={FULL} allowClear placeholder={T.inputValue} value={typeof value === 'string' ? value : valueText(value)} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)} />;
}
