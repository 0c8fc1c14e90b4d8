/**
 * The report's query bar: a period filter as its quick choices (本月 / 本季 / 本年 / 全部) beside a free
 * range, every other filter with its field's own widget (department, dictionary, area, picker…).
 */
import { createElement, Suspense } from 'react';
import { DatePicker, Input, Radio, Space } from 'antd';
import dayjs from 'dayjs';
import type { Host } from '../../host/types';
import type { CompiledField } from '../../schema/compiledPageTypes';
import type { CompiledStatisticsFilter } from '../../schema/statistics';
import type { FilterValues } from '../../statistics/filterValues';
import { choiceOf, PERIOD_CHOICES, periodRange, type DateRange } from '../../statistics/period';
import { getWidget } from '../../widgets/registry';

const DAY = 'YYYY-MM-DD';

export interface FilterControl {
  filter: CompiledStatisticsFilter;
  /** the field on its page (the source's or the joined one's); undefined while a joined page loads */
  field?: CompiledField;
}

function PeriodInput({ label, value, onChange }: { label: string; value: DateRange; onChange(next: DateRange): void }) {
  const chosen = choiceOf(value) ?? (!value.begin && !value.end ? 'all' : undefined);
  return (
    <Space wrap size={8}>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        aria-label={`${label}快捷选择`}
        value={chosen}
        options={PERIOD_CHOICES.map((c) => ({ value: c.key, label: c.label }))}
        onChange={(e) => onChange(periodRange(e.target.value as (typeof PERIOD_CHOICES)[number]['key']))}
      />
      <DatePicker.RangePicker
        aria-label={label}
        allowEmpty={[true, true]}
        value={[value.begin ? dayjs(value.begin) : null, value.end ? dayjs(value.end) : null]}
        onChange={(range) => onChange({ ...(range?.[0] ? { begin: range[0].format(DAY) } : {}), ...(range?.[1] ? { end: range[1].format(DAY) } : {}) })}
      />
    </Space>
  );
}

function ValueInput({ field, host, value, onChange }: { field: CompiledField; host: Host; value: string | undefined; onChange(next: string | undefined): void }) {
  const Widget = getWidget(field.widget);
  if (!Widget) return <Input aria-label={field.label} allowClear value={value} onChange={(e) => onChange(e.target.value || undefined)} />;
  // The field's own widget, single-valued and optional: a filter picks one value.
  const edited: CompiledField = { ...field, options: { ...field.options, multiple: false }, placeholder: `请选择${field.label}`, required: false, readOnly: false };
  return (
    <Suspense fallback={<Input disabled />}>
      {createElement(Widget, {
        field: edited,
        host,
        value: value ?? null,
        onChange: (next: unknown) => onChange(typeof next === 'string' && next !== '' ? next : undefined),
      })}
    </Suspense>
  );
}

export interface StatisticsFiltersProps {
  controls: readonly FilterControl[];
  values: FilterValues;
  host: Host;
  onChange(values: FilterValues): void;
}

export function StatisticsFilters({ controls, values, host, onChange }: StatisticsFiltersProps) {
  const set = (param: string, value: string | DateRange | undefined) => onChange({ ...values, [param]: value });
  return (
    <div className="statistics-filters">
      {controls.map(({ filter, field }) => {
        const label = filter.label ?? field?.label ?? filter.field;
        const value = values[filter.param];
        return (
          <div key={filter.param} className="statistics-filter">
            <span className="statistics-filter-label">{label}：</span>
            <div className="statistics-filter-input">
              {filter.period ? (
                <PeriodInput label={label} value={typeof value === 'object' ? value : {}} onChange={(next) => set(filter.param, next)} />
              ) : field ? (
                <ValueInput field={field} host={host} value={typeof value === 'string' ? value : undefined} onChange={(next) => set(filter.param, next)} />
              ) : (
                <Input disabled />
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
