import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CompiledField } from '../../../../../runtime/schema/compiledPageTypes';
import PickerWidget from '../../../../../runtime/widgets/picker/PickerWidget';
import { createFakeHost, fail, ok, type FakeHost, type RecordedCall } from '../../list/fakeHost';
import { exampleField, shippedPage } from './pages';

type Row = Record<string, unknown>;

const EXPERTS: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: `e${i + 1}`,
  expertName: ['王工', '李工', '张工'][i % 3] + (i < 3 ? '' : String(i + 1)),
  majorDirection: '火灾',
  createTime: '2024-01-02 10:00:00',
}));
const POSITIONS: Row[] = [
  { id: 'p1', code: 'P01', name: '公估师', hourCost: 200 },
  { id: 'p2', code: 'P02', name: '助理', hourCost: 80 },
];
const COMPANIES: Row[] = [
  { id: 'c1', companyCode: 'PICC', companyName: '中国人民财产保险', shortName: '人保' },
  { id: 'c2', companyCode: 'CPIC', companyName: '中国太平洋财产保险', shortName: '太保' },
];

/** The list endpoint as the server answers it: `<valueField>=a,b` filters (IN), otherwise a page. */
function listOf(rows: Row[], valueField: string) {
  return (call: RecordedCall) => {
    const params = call.params ?? {};
    const wanted = params[valueField];
    if (typeof wanted === 'string') {
      const keys = wanted.split(',');
      return ok({ records: rows.filter((row) => keys.includes(String(row[valueField]))), total: keys.length });
    }
    const name = typeof params.expertName === 'string' ? params.expertName.replaceAll('*', '') : '';
    const matching = rows.filter((row) => name === '' || String(row.expertName).includes(name));
    const pageNo = Number(params.pageNo ?? 1);
    const pageSize = Number(params.pageSize ?? 10);
    return ok({ records: matching.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: matching.length });
  };
}

function hostWithPages(): FakeHost {
  const fake = createFakeHost();
  for (const ref of ['maintenance/expert', 'sys/position', 'maintenance/insuranceCompany', 'maintenance/costType']) {
    fake.definePage(ref, shippedPage(ref));
  }
  const handlers: Record<string, (call: RecordedCall) => ReturnType<ReturnType<typeof listOf>>> = {
    '/maintenance/expert/list': listOf(EXPERTS, 'id'),
    '/sys/position/list': listOf(POSITIONS, 'code'),
    '/maintenance/insuranceCompany/list': listOf(COMPANIES, 'companyCode'),
  };
  fake.respond((call) => handlers[call.url]?.(call) ?? ok([]));
  return fake;
}

function Harness({ field, initial, fake }: { field: CompiledField; initial: string; fake: FakeHost }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <PickerWidget field={field} value={value} onChange={setValue} host={fake.host} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const valueShown = () => screen.getByTestId('value').textContent;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const listCalls = (fake: FakeHost, url: string) => fake.callsTo('get', url).filter((call) => call.params?.id === undefined && call.params?.code === undefined);

describe('record picker (expert, position, generic biz picker)', { timeout: 20_000 }, () => {
  it('restores the text of a stored value through the list endpoint filtered by ids', async () => {
    const fake = hostWithPages();
    render(<Harness field={exampleField('expertIds')} initial="e1,e2" fake={fake} />);
    expect(await screen.findByDisplayValue('王工,李工')).toBeInTheDocument();
    expect(fake.callsTo('get', '/maintenance/expert/list')[0].params).toMatchObject({ id: 'e1,e2', pageNo: 1 });
  });

  it('opens 选择协作专家, picks with check boxes, OK stores the ids and shows the names', async () => {
    const user = userEvent.setup();
    const fake = hostWithPages();
    render(<Harness field={exampleField('expertIds')} initial="" fake={fake} />);
    const input = await screen.findByPlaceholderText('点击选择专家');
    await user.click(input);
    expect(await screen.findByText('选择协作专家')).toBeInTheDocument();
    await screen.findByText('王工');
    expect(listCalls(fake, '/maintenance/expert/list').at(-1)?.params).toMatchObject({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' });
    await user.click(within(rowOf('王工')).getByRole('checkbox'));
    await user.click(within(rowOf('李工')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(valueShown()).toBe('"e1,e2"');
    expect(screen.getByDisplayValue('王工,李工')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('选择协作专家')).not.toBeInTheDocument());

    // Reopened, the dialog starts from the stored value.
    await user.click(screen.getByDisplayValue('王工,李工'));
    await screen.findByText('张工');
    expect(within(rowOf('王工')).getByRole('checkbox')).toBeChecked();
    expect(within(rowOf('张工')).getByRole('checkbox')).not.toBeChecked();
  });

  it('cancel and close discard the picks of the dialog', async () => {
    const user = userEvent.setup();
    const fake = hostWithPages();
    render(<Harness field={exampleField('expertIds')} initial="e3" fake={fake} />);
    await user.click(await screen.findByDisplayValue('张工'));
    await screen.findByText('王工');
    await user.click(within(rowOf('王工')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(valueShown()).toBe('"e3"');

    await user.click(screen.getByDisplayValue('张工'));
    await screen.findByText('李工');
    expect(within(rowOf('王工')).getByRole('checkbox')).not.toBeChecked();
    await user.click(within(rowOf('李工')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(valueShown()).toBe('"e3"');
  });

  it('single mode (position) uses radios, keeps only the latest pick and stores the value field', async () => {
    const user = userEvent.setup();
    const fake = hostWithPages();
    render(<Harness field={exampleField('positionCode')} initial="" fake={fake} />);
    await user.click(await screen.findByPlaceholderText('点击选择职务'));
    expect(await screen.findByText('选择职务')).toBeInTheDocument();
    await screen.findByText('公估师');
    expect(screen.getByText('200.00')).toBeInTheDocument();
    await user.click(within(rowOf('公估师')).getByRole('radio'));
    await user.click(within(rowOf('助理')).getByRole('radio'));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(valueShown()).toBe('"P02"');
    expect(screen.getByDisplayValue('助理')).toBeInTheDocument();
  });

  it('searches with the picker query bar and pages through the rows', async () => {
    const user = userEvent.setup();
    const fake = hostWithPages();
    render(<Harness field={exampleField('expertIds')} initial="" fake={fake} />);
    await user.click(await screen.findByPlaceholderText('点击选择专家'));
    await screen.findByText('王工');
    expect(screen.getByText('1-10 共25条')).toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    await screen.findByText('11-20 共25条');
    expect(listCalls(fake, '/maintenance/expert/list').at(-1)?.params).toMatchObject({ pageNo: 2 });

    await user.type(screen.getByPlaceholderText('请输入专家姓名'), '李工');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(listCalls(fake, '/maintenance/expert/list').at(-1)?.params).toMatchObject({ expertName: '*李工*', pageNo: 1 }));
    expect(await screen.findByText('1-8 共8条')).toBeInTheDocument();
  });

  it('the generic biz picker lists the picks in 已选<name> with a delete link, 5 rows a page', async () => {
    const user = userEvent.setup();
    const fake = hostWithPages();
    render(<Harness field={exampleField('insuranceCompanyCode')} initial="" fake={fake} />);
    await user.click(await screen.findByPlaceholderText('请选择保险公司'));
    expect(await screen.findByText('保险公司选择')).toBeInTheDocument();
    expect(screen.getByText('已选保险公司')).toBeInTheDocument();
    await screen.findByText('中国人民财产保险');
    expect(listCalls(fake, '/maintenance/insuranceCompany/list').at(-1)?.params).toMatchObject({ pageSize: 5 });
    await user.click(within(rowOf('中国人民财产保险')).getByRole('checkbox'));
    await user.click(within(rowOf('中国太平洋财产保险')).getByRole('checkbox'));
    const card = document.querySelector('.picker-selected') as HTMLElement;
    expect(within(card).getByText('人保')).toBeInTheDocument();
    await user.click(within(within(card).getByText('人保').closest('li') as HTMLElement).getByText('删除'));
    expect(within(card).queryByText('人保')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(valueShown()).toBe('"CPIC"');
  });

  it('the clear icon empties the value', async () => {
    const user = userEvent.setup();
    const fake = hostWithPages();
    render(<Harness field={exampleField('expertIds')} initial="e1" fake={fake} />);
    await screen.findByDisplayValue('王工');
    await user.click(screen.getByLabelText('清除'));
    expect(valueShown()).toBe('""');
  });

  it('shows the empty table and a failed list as the server says', async () => {
    const user = userEvent.setup();
    const fake = hostWithPages();
    fake.respond(() => ok({ records: [], total: 0 }));
    render(<Harness field={exampleField('expertIds')} initial="" fake={fake} />);
    await user.click(await screen.findByPlaceholderText('点击选择专家'));
    expect(await screen.findAllByText('暂无数据')).not.toHaveLength(0);
    fake.respond(() => fail('专家列表查询失败'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '专家列表查询失败' }));
  });

  it('names the page it cannot pick from', async () => {
    const fake = hostWithPages();
    const field = exampleField('expertIds');
    const elsewhere = (page: string): CompiledField => ({ ...field, options: { picker: { page } } });
    const { unmount } = render(<Harness field={elsewhere('maintenance/nowhere')} initial="" fake={fake} />);
    expect(
      await screen.findByText('选择器页面 maintenance/nowhere 无法使用：页面定义不存在：schemas/pages/maintenance/nowhere.json'),
    ).toBeInTheDocument();
    unmount();
    render(<Harness field={elsewhere('maintenance/costType')} initial="" fake={fake} />);
    expect(await screen.findByText('页面 maintenance/costType 没有 picker 配置，不能被选择')).toBeInTheDocument();
  });
});
