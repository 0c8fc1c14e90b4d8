import { describe, expect, it } from 'vitest';
import { defaultParamValues, exportFileName, exportParams, totalText, totalsRow } from '../../../../runtime/onlineReport/reportPageModel';

describe('online report page model', () => {
  it('starts the parameters at their defaults', () => {
    expect(defaultParamValues([{ paramName: 'since', paramTxt: '起始日期', paramValue: '2026-01-01' }, { paramName: 'x', paramTxt: 'X', paramValue: null }])).toEqual({
      since: '2026-01-01',
      x: '',
    });
  });

  it('puts 合计 in the first column without a total and each total under its column', () => {
    const columns = [{ dataIndex: 'insurer_name' }, { dataIndex: 'case_count' }, { dataIndex: 'fee_total' }];
    expect(totalsRow(columns, { case_count: 12, fee_total: '3456.5' })).toEqual(['合计', '12', '3456.50']);
    expect(totalsRow(columns, {})).toBeUndefined();
    // As many decimals as the rows show (numeric sums arrive as '600300.00').
    expect(totalsRow(columns, { case_count: 12, fee_total: 6791100 }, [{ case_count: 3, fee_total: '600300.00' }])).toEqual(['合计', '12', '6791100.00']);
    expect(totalsRow(columns, undefined)).toBeUndefined();
  });

  it('shows figures as the list does', () => {
    expect(totalText(null)).toBe('');
    expect(totalText(7)).toBe('7');
    expect(totalText(1.005)).toBe('1.00');
    expect(totalText('abc')).toBe('abc');
  });

  it('exports the whole filtered result: the query without its page', () => {
    expect(exportParams({ self_since: '2026-01-01', insurer_name: '*人保*', column: 'fee_total', order: 'desc', pageNo: 3, pageSize: 10 })).toEqual({
      self_since: '2026-01-01',
      insurer_name: '*人保*',
      column: 'fee_total',
      order: 'desc',
    });
  });

  it('names the file by the report and the day', () => {
    expect(exportFileName('委托方案件统计', new Date(2026, 10, 7))).toBe('委托方案件统计_20261107.xlsx');
  });
});
