import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OnlineReportView } from '../../../../../runtime/views/onlineReport/OnlineReportView';
import { createFakeHost, fail, ok, type RecordedCall } from '../../list/fakeHost';

const API = '/online/cgreport/api';
const ROWS = [
  { id: 'a', insurer_name: '人保财险', insurer_type: '1', case_count: 3, fee_total: 1200.5 },
  { id: 'b', insurer_name: '平安财险', insurer_type: '2', case_count: 2, fee_total: 800 },
];

function reportHost(answers: { data?: (call: RecordedCall) => ReturnType<typeof ok> } = {}) {
  const fake = createFakeHost();
  fake.respond((call) => {
    if (call.url === `${API}/getRpColumns/r1`) {
      return ok({
        columns: [
          { title: '委托方', dataIndex: 'insurer_name', align: 'center', sorter: true },
          { title: '类型', dataIndex: 'insurer_type', align: 'center', sorter: false, customRender: 'insurer_type' },
          { title: '案件数', dataIndex: 'case_count', align: 'center', sorter: true },
          { title: '公估费', dataIndex: 'fee_total', align: 'center', sorter: true },
        ],
        dictOptions: { insurer_type: [{ value: '1', text: '财产险' }, { value: '2', text: '人身险' }] },
        cgRpConfigId: 'r1',
        cgRpConfigName: '委托方案件统计',
      });
    }
    if (call.url === `${API}/getQueryInfo/r1`) return ok([{ field: 'insurer_name', label: '委托方', mode: 'single', view: 'text' }]);
    if (call.url === `${API}/getParamsInfo/r1`) return ok([{ paramName: 'since', paramTxt: '起始日期', paramValue: '2026-01-01' }]);
    if (call.url === `${API}/getData/r1`) return answers.data ? answers.data(call) : ok({ total: 2, totalExact: true, records: ROWS, totals: { case_count: 5, fee_total: 2000.5 } });
    if (call.method === 'getBlob' && call.url === `${API}/exportXls/r1`) return new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0])]);
    return fail('未知请求');
  });
  return fake;
}

const dataCalls = (fake: ReturnType<typeof createFakeHost>) => fake.callsTo('get', `${API}/getData/r1`);

describe('在线报表 page', () => {
  it('shows the report with its name, the parameters at their defaults, dictionary texts and the 合计 row', async () => {
    const fake = reportHost();
    const onTitle = vi.fn();
    render(<OnlineReportView host={fake.host} code="r1" onTitle={onTitle} />);
    expect(await screen.findByText('人保财险')).toBeInTheDocument();
    expect(screen.getByText('委托方案件统计')).toBeInTheDocument();
    expect(onTitle).toHaveBeenCalledWith('委托方案件统计');
    expect(screen.getByText('财产险')).toBeInTheDocument();
    expect(screen.getByLabelText('起始日期')).toHaveValue('2026-01-01');
    expect(dataCalls(fake)[0].params).toMatchObject({ self_since: '2026-01-01', pageNo: 1, pageSize: 10 });
    const totals = document.querySelector('.online-report-totals') as HTMLElement;
    expect([...totals.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['合计', '', '5', '2000.50']);
  });

  it('查询 sends the typed parameter and query values from page 1; the sort goes with the next request', async () => {
    const user = userEvent.setup();
    const fake = reportHost();
    render(<OnlineReportView host={fake.host} code="r1" />);
    await screen.findByText('人保财险');
    const since = screen.getByLabelText('起始日期');
    await user.clear(since);
    await user.type(since, '2026-06-01');
    await user.type(screen.getByRole('textbox', { name: '委托方' }), '人保');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(dataCalls(fake)).toHaveLength(2));
    expect(dataCalls(fake)[1].params).toMatchObject({ self_since: '2026-06-01', insurer_name: '*人保*', pageNo: 1 });
    await user.click(within(document.querySelector('.ant-table-thead') as HTMLElement).getByText('案件数'));
    await waitFor(() => expect(dataCalls(fake)).toHaveLength(3));
    expect(dataCalls(fake)[2].params).toMatchObject({ column: 'case_count', order: 'asc', self_since: '2026-06-01' });
  });

  it('导出 downloads the whole filtered result under the report name', async () => {
    const user = userEvent.setup();
    const fake = reportHost();
    render(<OnlineReportView host={fake.host} code="r1" />);
    await screen.findByText('人保财险');
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(fake.saved).toHaveLength(1));
    expect(fake.saved[0].fileName).toMatch(/^委托方案件统计_\d{8}\.xlsx$/);
    const call = fake.callsTo('getBlob')[0];
    expect(call.params).toEqual({ self_since: '2026-01-01' });
  });

  it('says so when the report cannot be read, and shows no 合计 row without totals', async () => {
    const denied = createFakeHost();
    denied.respond(() => fail('没有权限，请联系管理员授权', 510));
    const { unmount } = render(<OnlineReportView host={denied.host} code="r1" />);
    expect(await screen.findByText('没有权限，请联系管理员授权')).toBeInTheDocument();
    unmount();
    const fake = reportHost({ data: () => ok({ total: 2, records: ROWS }) });
    render(<OnlineReportView host={fake.host} code="r1" />);
    await screen.findByText('人保财险');
    expect(document.querySelector('.online-report-totals')).toBeNull();
  });
});
