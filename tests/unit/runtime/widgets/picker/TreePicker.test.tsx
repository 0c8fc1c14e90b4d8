import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PickerWidget from '../../../../../runtime/widgets/picker/PickerWidget';
import { createFakeHost, fail, ok, type FakeHost } from '../../list/fakeHost';
import { exampleField, shippedPage } from './pages';

const TREE = [
  {
    id: 'g1',
    customerName: '华东集团',
    children: [
      { id: 'c1', customerName: '上海分公司', customerPName: '华东集团' },
      { id: 'c2', customerName: '杭州分公司', customerPName: '华东集团' },
    ],
  },
  { id: 'g2', customerName: '南方电网' },
];

function customerHost(): FakeHost {
  const fake = createFakeHost();
  fake.definePage('maintenance/custom', shippedPage('maintenance/custom'));
  fake.respond((call) => {
    if (call.url === '/maintenance/custom/queryCustomerList') return ok(TREE);
    if (call.url === '/maintenance/custom/searchBy') return ok([{ id: 'c2', customerName: '杭州分公司' }]);
    if (call.url === '/maintenance/custom/list') {
      const ids = String(call.params?.id ?? '').split(',');
      const flat = [...TREE, ...(TREE[0].children ?? [])];
      return ok({ records: flat.filter((row) => ids.includes(row.id)), total: ids.length });
    }
    return ok([]);
  });
  return fake;
}

function Harness({ fake, initial = '' }: { fake: FakeHost; initial?: string }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <PickerWidget field={exampleField('customerIds')} value={value} onChange={setValue} host={fake.host} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const checkboxOf = (title: string) =>
  screen.getByText(title).closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox') as HTMLElement;
const isChecked = (title: string) => checkboxOf(title).classList.contains('ant-tree-checkbox-checked');

afterEach(() => {
  vi.useRealTimers();
});

describe('customer tree picker', { timeout: 20_000 }, () => {
  it('opens 选择客户 on the whole tree, checks unlinked by default, OK stores the ids', async () => {
    const user = userEvent.setup();
    const fake = customerHost();
    const { container } = render(<Harness fake={fake} />);
    await user.click(await screen.findByPlaceholderText('点击选择客户'));
    expect(container.querySelector('.anticon-cluster')).not.toBeNull();
    expect(await screen.findByText('选择客户')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入客户名称，按回车搜索')).toBeInTheDocument();
    await screen.findByText('上海分公司');
    expect((document.querySelector('.picker-tree') as HTMLElement).style.height).toBe('350px');

    await user.click(checkboxOf('华东集团'));
    expect(isChecked('华东集团')).toBe(true);
    expect(isChecked('上海分公司')).toBe(false);
    await user.click(checkboxOf('杭州分公司'));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(screen.getByTestId('value').textContent).toBe('"g1,c2"');
    expect(screen.getByDisplayValue('华东集团,杭州分公司')).toBeInTheDocument();
  });

  it('父子关联 checks a parent with its children; 取消关联 switches back', async () => {
    const user = userEvent.setup();
    render(<Harness fake={customerHost()} />);
    await user.click(await screen.findByPlaceholderText('点击选择客户'));
    await screen.findByText('上海分公司');
    await user.hover(screen.getByRole('button', { name: /树操作/ }));
    await user.click(await screen.findByText('父子关联'));
    await user.click(checkboxOf('华东集团'));
    expect(isChecked('上海分公司')).toBe(true);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(screen.getByTestId('value').textContent).toBe('"g1,c1,c2"');
  });

  it('restores the picks from the value; 关闭 discards new ones', async () => {
    const user = userEvent.setup();
    render(<Harness fake={customerHost()} initial="c1" />);
    await user.click(await screen.findByDisplayValue('上海分公司'));
    await screen.findByText('南方电网');
    expect(isChecked('上海分公司')).toBe(true);
    await user.click(checkboxOf('南方电网'));
    await user.click(screen.getByRole('button', { name: /关\s*闭/ }));
    expect(screen.getByTestId('value').textContent).toBe('"c1"');
  });

  it('searches on Enter after 300 ms; a failed search empties the tree', async () => {
    const user = userEvent.setup();
    const fake = customerHost();
    render(<Harness fake={fake} />);
    await user.click(await screen.findByPlaceholderText('点击选择客户'));
    await screen.findByText('上海分公司');
    vi.useFakeTimers();
    const box = screen.getByPlaceholderText('请输入客户名称，按回车搜索');
    fireEvent.change(box, { target: { value: '杭州' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await act(async () => {
      vi.advanceTimersByTime(299);
    });
    expect(fake.callsTo('get', '/maintenance/custom/searchBy')).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    expect(fake.callsTo('get', '/maintenance/custom/searchBy')[0].params).toEqual({ keyWord: '杭州' });
    await waitFor(() => expect(screen.queryByText('上海分公司')).not.toBeInTheDocument());
    expect(screen.getByText('杭州分公司')).toBeInTheDocument();

    fake.respond(() => fail('查询客户失败'));
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByText('杭州分公司')).not.toBeInTheDocument());
    expect(screen.getAllByText('暂无数据')).not.toHaveLength(0);
    expect(fake.notices).toContainEqual({ kind: 'warning', text: '查询客户失败' });
  });
});
