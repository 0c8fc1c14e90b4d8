import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { describe, expect, it, vi } from 'vitest';
import type { CompiledPicker } from '../../../../../runtime/schema/compiledPageTypes';
import { selectionOf, type PickerSelection } from '../../../../../runtime/widgets/picker/selection';
import { TablePickerDialog } from '../../../../../runtime/views/picker/TablePickerDialog';
import { createFakeHost, ok, type FakeHost } from '../../list/fakeHost';
import { shippedPage } from '../../widgets/picker/pages';

// The generic biz picker as 保险公司 declares it ("biz": true and nothing else): widgets spec §2 and §9.
type Row = Record<string, string>;

const LIST = '/maintenance/insuranceCompany/list';
const LONG_NAME = '中国人民财产保险股份有限公司';
const LONG_SHORT_NAME = '长江财产保险股份有限公司江苏分公司';
const COMPANIES: Row[] = [
  { companyCode: 'PICC', companyName: LONG_NAME, shortName: '人保财险' },
  { companyCode: 'CJCX', companyName: '长江财产保险', shortName: LONG_SHORT_NAME },
  { companyCode: 'TPCX', companyName: '太平财产保险有限公司', shortName: '太平财险' },
  { companyCode: 'YGCX', companyName: '阳光财产保险', shortName: '阳光财险' },
  { companyCode: 'TACX', companyName: '天安财产保险', shortName: '天安财险' },
  { companyCode: 'DDBX', companyName: '中国大地财产保险', shortName: '大地保险' },
  { companyCode: 'ZHLH', companyName: '中华联合财产保险', shortName: '中华财险' },
];

const page = shippedPage('maintenance/insuranceCompany');
const bizPicker = page.picker!;

function hostWithCompanies(): FakeHost {
  const fake = createFakeHost();
  fake.respond((call) => {
    if (call.url !== LIST) return ok([]);
    const pageNo = Number(call.params?.pageNo ?? 1);
    const pageSize = Number(call.params?.pageSize ?? 10);
    return ok({ records: COMPANIES.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: COMPANIES.length });
  });
  return fake;
}

function open(options: { picker?: CompiledPicker; initial?: PickerSelection; onOk?: (selection: PickerSelection) => void } = {}) {
  const fake = hostWithCompanies();
  // The app's locale, as the shell provides it (条/页).
  render(
    <ConfigProvider locale={zhCN}>
      <TablePickerDialog
        page={page}
        picker={options.picker ?? bizPicker}
        host={fake.host}
        multiple
        initial={options.initial ?? selectionOf('', [], 'companyCode')}
        onOk={options.onOk ?? (() => undefined)}
        onCancel={() => undefined}
      />
    </ConfigProvider>,
  );
  return fake;
}

const card = () => document.querySelector('.picker-selected') as HTMLElement;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const cardItems = () => Array.from(card().querySelectorAll('.ant-list-item'));

describe('the generic biz picker dialog (保险公司选择)', { timeout: 20_000 }, () => {
  it('pages by 5 and offers 5/10/20/30 rows a page', async () => {
    const fake = open();
    expect(await screen.findByText('1-5 共7条')).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(5);
    expect(fake.callsTo('get', LIST).at(-1)?.params).toMatchObject({ pageNo: 1, pageSize: 5 });

    await userEvent.click(document.querySelector('.ant-pagination-options .ant-select-selector') as HTMLElement);
    const sizes = Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);
    expect(sizes).toEqual(['5 条/页', '10 条/页', '20 条/页', '30 条/页']);
    await userEvent.click(screen.getByTitle('10 条/页'));
    expect(await screen.findByText('1-7 共7条')).toBeInTheDocument();
    expect(fake.callsTo('get', LIST).at(-1)?.params).toMatchObject({ pageNo: 1, pageSize: 10 });
  });

  it('lists the picks in 已选保险公司, each with a 删除 link, without the page setting it', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    open({ initial: selectionOf('TPCX,YGCX', COMPANIES, 'companyCode'), onOk });
    await screen.findByText('1-5 共7条');
    expect(within(card()).getByText('已选保险公司')).toBeInTheDocument();
    expect(cardItems().map((item) => item.textContent)).toEqual(['太平财险删除', '阳光财险删除']);
    expect(within(card()).getAllByText('删除')).toHaveLength(2);

    await user.click(within(rowOf('人保财险')).getByRole('checkbox'));
    expect(cardItems().map((item) => item.textContent)).toEqual(['太平财险删除', '阳光财险删除', '人保财险删除']);
    await user.click(within(cardItems()[0] as HTMLElement).getByText('删除'));
    expect(cardItems().map((item) => item.textContent)).toEqual(['阳光财险删除', '人保财险删除']);
    expect(within(rowOf('太平财险')).getByRole('checkbox')).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onOk.mock.calls[0][0].keys).toEqual(['YGCX', 'PICC']);
  });

  it('cuts a long name in the table to 12 characters and ... with the whole name on hover', async () => {
    open();
    const cut = await screen.findByText('中国人民财产保险股份有限...');
    fireEvent.mouseEnter(cut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG_NAME);
    // Names of 12 characters or fewer are shown whole.
    expect(screen.getByText('太平财产保险有限公司')).toBeInTheDocument();
  });

  it('cuts a long pick in the card the same way, and a key whose row is unknown to 50 characters', async () => {
    const orphan = 'K'.repeat(60);
    open({ initial: { keys: ['CJCX', orphan], rows: new Map([['CJCX', COMPANIES[1]]]) } });
    await screen.findByText('1-5 共7条');
    const shortName = within(card()).getByText('长江财产保险股份有限公司...');
    expect(within(card()).getByText(`${'K'.repeat(50)}...`)).toBeInTheDocument();
    fireEvent.mouseEnter(shortName);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG_SHORT_NAME);
  });

  it('a page that turns the card off shows the table alone', async () => {
    open({ picker: { ...bizPicker, showSelected: false } });
    await screen.findByText('1-5 共7条');
    expect(screen.getByText('人保财险')).toBeInTheDocument();
    expect(card()).toBeNull();
    expect(screen.queryByText('已选保险公司')).not.toBeInTheDocument();
  });
});
