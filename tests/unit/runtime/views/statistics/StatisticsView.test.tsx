import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import receiptDocument from '../../../../../schemas/pages/receipt/receipt.json';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { findStatistics } from '../../../../../runtime/schema/statistics';
import { StatisticsView } from '../../../../../runtime/views/statistics/StatisticsView';
import { createFakeHost, ok } from '../../list/fakeHost';

function receiptReport() {
  const loaded = loadPageSchema(receiptDocument, 'schemas/pages/receipt/receipt.json');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const report = findStatistics(loaded.page, 'receiptReport');
  if (!report) throw new Error('receipt.json has no 发票统计');
  return { page: loaded.page, report };
}

describe('统计报表 page', () => {
  it('查询 asks again with unchanged conditions: figures others changed since show up', async () => {
    const { page, report } = receiptReport();
    const fake = createFakeHost();
    let issued = 3;
    fake.respond(() =>
      ok({
        columns: [{ key: 'count', title: '张数', kind: 'measure', format: 'integer' }],
        rows: [{ type: 'total', level: 0, count: issued }],
      }),
    );
    render(<StatisticsView page={page} report={report} host={fake.host} />);
    expect(await screen.findByText('3')).toBeInTheDocument();
    const asked = fake.callsTo('get', report.url).length;

    issued = 4;
    await userEvent.setup().click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('4')).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo('get', report.url)).toHaveLength(asked + 1));
    expect(fake.callsTo('get', report.url).at(-1)?.params).toEqual(fake.callsTo('get', report.url)[0].params);
  });
});
