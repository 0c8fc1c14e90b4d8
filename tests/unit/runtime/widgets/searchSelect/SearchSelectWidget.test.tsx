// The search select as a user meets it: a code dictionary filtered in the browser, a table dictionary
// searched on the server 800 ms after the last keystroke, a stored value shown by its label.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompiledField } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import SearchSelectWidget from '../../../../../runtime/widgets/searchSelect/SearchSelectWidget';
import { createFakeHost, deferred, ok, type Answer, type FakeHost, type RecordedCall } from '../../list/fakeHost';

const COMPANIES = 'mnt_insurance_company,short_name,company_code';
const LOAD_DICT = `/sys/dict/loadDict/${COMPANIES}`;
const LOAD_DICT_ITEM = `/sys/dict/loadDictItem/${COMPANIES}`;
const LEVELS = [
  { value: '1', text: '一般' },
  { value: '2', text: '重要' },
  { value: '3', text: '紧急' },
];

function fields(): ReadonlyMap<string, CompiledField> {
  const result = loadPageSchema(
    {
      schemaVersion: 1,
      entity: { name: 'policy', module: 'test', title: '保单', table: 'test_policy', permissionPrefix: 'policy' },
      fields: [
        { name: 'insurer', label: '保险公司', type: 'string', dictCode: COMPANIES, widget: 'searchSelect' },
        { name: 'level', label: '级别', type: 'string', dictCode: 'claim_level', widget: 'searchSelect' },
      ],
      list: { columns: [{ field: 'insurer' }, { field: 'level' }], toolbar: [], rowActions: [] },
      form: { columns: 1 },
    },
    'test/policy.json',
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page.fieldByName;
}

let fake: FakeHost;

function Harness({ field, initial = null }: { field: CompiledField; initial?: string | null }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <SearchSelectWidget field={field} value={value} onChange={setValue} host={fake.host} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </ConfigProvider>
  );
}

function renderField(name: string, initial?: string | null) {
  const field = fields().get(name);
  if (!field) throw new Error(name);
  return render(<Harness field={field} initial={initial} />);
}

const combobox = () => screen.getByRole('combobox');
const optionTexts = () => Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);
const searches = () => fake.callsTo('get', LOAD_DICT);

function type(text: string) {
  fireEvent.change(combobox(), { target: { value: text } });
}

beforeEach(() => {
  fake = createFakeHost();
  fake.respond((call: RecordedCall): Answer => {
    if (call.url === '/sys/dict/getDictItems/claim_level') return ok(LEVELS);
    return ok([]);
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('search select over a code dictionary (sync)', () => {
  it('filters the dictionary items locally as the user types, asking the server nothing more', async () => {
    renderField('level');
    await waitFor(() => expect(fake.callsTo('get', '/sys/dict/getDictItems/claim_level')).toHaveLength(1));
    fireEvent.mouseDown(combobox());
    await waitFor(() => expect(optionTexts()).toEqual(['一般', '重要', '紧急']));
    type('重');
    await waitFor(() => expect(optionTexts()).toEqual(['重要']));
    fireEvent.click(screen.getByTitle('重要'));
    expect(screen.getByTestId('value')).toHaveTextContent('"2"');
    expect(fake.calls.map((call) => call.url)).toEqual(['/sys/dict/getDictItems/claim_level']);
  });

  it('says 未找到数据 when nothing matches', async () => {
    renderField('level');
    fireEvent.mouseDown(combobox());
    await waitFor(() => expect(optionTexts()).toHaveLength(3));
    type('无此项');
    expect(await screen.findByText('未找到数据')).toBeInTheDocument();
    expect(optionTexts()).toEqual([]);
  });
});

describe('search select over a table dictionary (async)', () => {
  it('prompts 请输入搜索内容 before anything was typed', () => {
    renderField('insurer');
    fireEvent.mouseDown(combobox());
    expect(screen.getByText('请输入搜索内容')).toBeInTheDocument();
    expect(screen.queryByText('未找到数据')).toBeNull();
    expect(fake.calls).toEqual([]);
  });

  it('asks loadDict with the keyword and pageSize 10 only 800 ms after the last keystroke', async () => {
    vi.useFakeTimers();
    fake.respond((call) => (call.url === LOAD_DICT ? ok([{ value: 'PICC', text: '人保财险' }]) : ok([])));
    renderField('insurer');
    fireEvent.mouseDown(combobox());
    type('人');
    act(() => vi.advanceTimersByTime(500));
    type('人保');
    act(() => vi.advanceTimersByTime(799));
    expect(searches()).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(searches()).toHaveLength(1);
    expect(searches()[0].params).toEqual({ keyword: '人保', pageSize: 10 });
    vi.useRealTimers();
    await waitFor(() => expect(optionTexts()).toEqual(['人保财险']));
    fireEvent.click(screen.getByTitle('人保财险'));
    expect(screen.getByTestId('value')).toHaveTextContent('"PICC"');
    // The label comes from the chosen option: no loadDictItem round trip for it.
    expect(screen.getByText('人保财险', { selector: '.ant-select-selection-item' })).toBeInTheDocument();
  });

  it('shows 未找到数据 when the server finds nothing for the keyword', async () => {
    vi.useFakeTimers();
    renderField('insurer');
    fireEvent.mouseDown(combobox());
    type('无');
    await act(async () => {
      vi.advanceTimersByTime(800);
    });
    vi.useRealTimers();
    expect(await screen.findByText('未找到数据')).toBeInTheDocument();
    expect(searches()).toHaveLength(1);
  });

  /**
   * Types 平, lets its search go out, then types 太平: the server's answers wait until the test
   * settles them (by keyword). Fake timers are on.
   */
  async function typeTwoKeywordsWithHeldAnswers(): Promise<Map<string, ReturnType<typeof deferred<Answer>>>> {
      vi.useFakeTimers();
      const answers = new Map<string, ReturnType<typeof deferred<Answer>>>();
      fake.respond((call) => {
        if (call.url !== LOAD_DICT) return ok([]);
        const d = deferred<Answer>();
        answers.set(String(call.params?.keyword), d);
        return d.promise;
      });
      renderField('insurer');
      fireEvent.mouseDown(combobox());
      type('平');
      await act(async () => {
        vi.advanceTimersByTime(800);
      });
      type('太平');
    return answers;
  }

  it('drops a late answer to an older keyword that arrives after the newer one', async () => {
    const answers = await typeTwoKeywordsWithHeldAnswers();
    await act(async () => {
      vi.advanceTimersByTime(800);
    });
    expect(searches().map((call) => call.params?.keyword)).toEqual(['平', '太平']);
    await act(async () => {
      answers.get('太平')?.resolve(ok([{ value: 'CTPI', text: '太平保险' }]));
    });
    await act(async () => {
      answers.get('平')?.resolve(ok([{ value: 'PAIC', text: '平安保险' }]));
    });
    vi.useRealTimers();
    await waitFor(() => expect(optionTexts()).toEqual(['太平保险']));
  });

  it('drops an older answer that arrives while the newer keyword still waits its 800 ms', async () => {
    const answers = await typeTwoKeywordsWithHeldAnswers();
    await act(async () => {
      vi.advanceTimersByTime(300);
      answers.get('平')?.resolve(ok([{ value: 'PAIC', text: '平安保险' }]));
    });
    // The list typed for is '太平': an answer for '平' must not show up under it.
    expect(optionTexts()).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    expect(searches().map((call) => call.params?.keyword)).toEqual(['平', '太平']);
    await act(async () => {
      answers.get('太平')?.resolve(ok([{ value: 'CTPI', text: '太平保险' }]));
    });
    vi.useRealTimers();
    await waitFor(() => expect(optionTexts()).toEqual(['太平保险']));
  });

  it('restores a stored value’s label through loadDictItem', async () => {
    fake.respond((call) => (call.url === LOAD_DICT_ITEM ? ok(['平安产险']) : ok([])));
    renderField('insurer', 'PAIC');
    expect(await screen.findByText('平安产险', { selector: '.ant-select-selection-item' })).toBeInTheDocument();
    expect(fake.callsTo('get', LOAD_DICT_ITEM).map((call) => call.params)).toEqual([{ key: 'PAIC' }]);
    expect(searches()).toHaveLength(0);
  });

  it('shows the stored value itself when the server knows no label for it', async () => {
    fake.respond(() => ok([]));
    renderField('insurer', 'X9');
    await waitFor(() => expect(fake.callsTo('get', LOAD_DICT_ITEM)).toHaveLength(1));
    expect(screen.getByText('X9', { selector: '.ant-select-selection-item' })).toBeInTheDocument();
  });
});

describe('search select without a dictionary', () => {
  it('says 字典Code不能为空! and asks nothing', () => {
    const field = fields().get('level') as CompiledField;
    render(<Harness field={{ ...field, dict: undefined }} />);
    expect(screen.getByText('字典Code不能为空!')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(fake.calls).toEqual([]);
  });
});
