// The date, time and datetime pickers as a user meets them (widgets.md §9): what is picked is stored
// and shown as YYYY-MM-DD, HH:mm:ss and YYYY-MM-DD HH:mm:ss.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CompiledField } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import DateWidget from '../../../../../runtime/widgets/form/DateWidget';
import { createFakeHost } from '../../list/fakeHost';

function fieldOf(type: 'date' | 'datetime' | 'time'): CompiledField {
  const result = loadPageSchema(
    {
      schemaVersion: 1,
      entity: { name: 'visit', module: 'test', title: '查勘', table: 'test_visit', permissionPrefix: 'visit' },
      fields: [{ name: 'at', label: '时间', type }],
      list: { columns: [{ field: 'at' }], toolbar: [], rowActions: [] },
      form: { columns: 1 },
    },
    `test/visit-${type}.json`,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const field = result.page.fieldByName.get('at');
  if (!field) throw new Error('at');
  return field;
}

function Harness({ field, initial }: { field: CompiledField; initial: string | null }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <DateWidget field={field} value={value} onChange={setValue} host={createFakeHost().host} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </ConfigProvider>
  );
}

const input = () => screen.getByRole<HTMLInputElement>('textbox');
const stored = () => screen.getByTestId('value').textContent;
const popup = () => {
  const panel = document.querySelector<HTMLElement>('.ant-picker-dropdown');
  if (!panel) throw new Error('the picker did not open');
  return panel;
};
const open = () => {
  fireEvent.mouseDown(input());
  fireEvent.click(input());
};
const ok = () => fireEvent.click(within(popup()).getByRole('button', { name: /确\s*定/ }));

describe('date picker', () => {
  it('shows the stored date as YYYY-MM-DD and stores a picked day the same way', () => {
    render(<Harness field={fieldOf('date')} initial="2026-01-15" />);
    expect(input().value).toBe('2026-01-15');
    open();
    fireEvent.click(within(popup()).getByTitle('2026-01-20'));
    expect(stored()).toBe('"2026-01-20"');
    expect(input().value).toBe('2026-01-20');
  });
});

describe('datetime picker', () => {
  it('shows the stored value as YYYY-MM-DD HH:mm:ss and stores a picked day and time the same way', () => {
    render(<Harness field={fieldOf('datetime')} initial="2026-01-15 08:30:00" />);
    expect(input().value).toBe('2026-01-15 08:30:00');
    open();
    fireEvent.click(within(popup()).getByTitle('2026-01-20'));
    const hours = popup().querySelector('.ant-picker-time-panel-column');
    if (!hours) throw new Error('no hour column');
    fireEvent.click(within(hours as HTMLElement).getByText('14'));
    ok();
    expect(stored()).toBe('"2026-01-20 14:30:00"');
    expect(input().value).toBe('2026-01-20 14:30:00');
  });
});

describe('time picker', () => {
  it('shows the stored time as HH:mm:ss and stores a picked time the same way', () => {
    render(<Harness field={fieldOf('time')} initial="08:30:05" />);
    expect(input().value).toBe('08:30:05');
    open();
    const [hours, minutes] = Array.from(popup().querySelectorAll<HTMLElement>('.ant-picker-time-panel-column'));
    fireEvent.click(within(hours).getByText('09'));
    fireEvent.click(within(minutes).getByText('45'));
    ok();
    expect(stored()).toBe('"09:45:05"');
    expect(input().value).toBe('09:45:05');
  });
});
