// The dictionary widgets (select, radio, checkbox, multi-select) as a user meets them: the items of
// the field's dictionary to choose from, the choice stored as the item's value (several comma-joined),
// and '字典Code不能为空!' in place of the control when the field names no dictionary.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FieldWidget } from '../../../../../runtime/generated/page';
import type { CompiledField } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import DictWidget from '../../../../../runtime/widgets/form/DictWidget';
import { createFakeHost, ok, type FakeHost } from '../../list/fakeHost';

const LEVELS = [
  { value: '1', text: '一般' },
  { value: '2', text: '重要' },
  { value: '3', text: '紧急' },
];

type DictWidgetType = Extract<FieldWidget, 'select' | 'radio' | 'checkbox' | 'multiSelect'>;

function fieldOf(widget: DictWidgetType): CompiledField {
  const result = loadPageSchema(
    {
      schemaVersion: 1,
      entity: { name: 'claim', module: 'test', title: '案件', table: 'test_claim', permissionPrefix: 'claim' },
      fields: [{ name: 'level', label: '级别', type: 'string', dictCode: 'claim_level', widget }],
      list: { columns: [{ field: 'level' }], toolbar: [], rowActions: [] },
      form: { columns: 1 },
    },
    `test/claim-${widget}.json`,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const field = result.page.fieldByName.get('level');
  if (!field) throw new Error('level');
  return field;
}

/** The same field as a page could hand it over without a dictionary (the compiler refuses to build one). */
function withoutDict(field: CompiledField): CompiledField {
  const rest = { ...field };
  delete rest.dict;
  delete rest.dictTextKey;
  return rest;
}

let fake: FakeHost;

function Harness({ field, initial }: { field: CompiledField; initial: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <DictWidget field={field} value={value} onChange={setValue} host={fake.host} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </ConfigProvider>
  );
}

const stored = () => screen.getByTestId('value').textContent;
const optionTexts = () => Array.from(document.querySelectorAll('.ant-select-item-option'), (o) => o.textContent);

beforeEach(() => {
  fake = createFakeHost();
  fake.respond((call) => (call.url === '/sys/dict/getDictItems/claim_level' ? ok(LEVELS) : ok([])));
});

describe('dictionary widgets without a dictCode', () => {
  it.each<DictWidgetType>(['select', 'radio', 'checkbox', 'multiSelect'])('%s shows 字典Code不能为空! and asks the server nothing', (widget) => {
    render(<Harness field={withoutDict(fieldOf(widget))} initial={null} />);
    expect(screen.getByText('字典Code不能为空!')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(fake.calls).toEqual([]);
  });
});

describe('dictionary widgets with a dictCode', () => {
  it('select lists the items and stores the chosen one', async () => {
    render(<Harness field={fieldOf('select')} initial={null} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toEqual(['一般', '重要', '紧急']));
    fireEvent.click(screen.getByTitle('重要'));
    expect(stored()).toBe('"2"');
    expect(screen.getByText('重要', { selector: '.ant-select-selection-item' })).toBeInTheDocument();
    expect(fake.callsTo('get').map((call) => call.url)).toEqual(['/sys/dict/getDictItems/claim_level']);
  });

  it('radio lists the items and stores the chosen one', async () => {
    render(<Harness field={fieldOf('radio')} initial="1" />);
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(3));
    expect(screen.getByLabelText('一般')).toBeChecked();
    fireEvent.click(screen.getByLabelText('紧急'));
    expect(stored()).toBe('"3"');
    expect(screen.getByLabelText('紧急')).toBeChecked();
  });

  it('checkbox lists the items and stores the ticked ones comma-joined', async () => {
    render(<Harness field={fieldOf('checkbox')} initial="" />);
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(3));
    fireEvent.click(screen.getByLabelText('一般'));
    fireEvent.click(screen.getByLabelText('紧急'));
    expect(stored()).toBe('"1,3"');
    fireEvent.click(screen.getByLabelText('一般'));
    expect(stored()).toBe('"3"');
  });

  it('multi-select shows a stored value by its labels and stores the choices joined with ","', async () => {
    render(<Harness field={fieldOf('multiSelect')} initial="1" />);
    await waitFor(() => expect(screen.getByText('一般', { selector: '.ant-select-selection-item-content' })).toBeInTheDocument());
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toEqual(['一般', '重要', '紧急']));
    fireEvent.click(screen.getByTitle('紧急'));
    expect(stored()).toBe('"1,3"');
    fireEvent.click(screen.getByTitle('重要'));
    expect(stored()).toBe('"1,3,2"');
    expect(Array.from(document.querySelectorAll('.ant-select-selection-item-content'), (tag) => tag.textContent)).toEqual(['一般', '紧急', '重要']);
  });
});
