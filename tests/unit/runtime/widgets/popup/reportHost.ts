// The online report the popup tests pick from: 选择保险公司, 12 companies paged by the request's
// pageNo/pageSize and filtered by its companyName, answered by a fake host.
import { createFakeHost, fail, ok, type FakeHost, type RecordedCall } from '../../list/fakeHost';

export const API = '/online/cgreport/api';

export const COMPANIES = Array.from({ length: 12 }, (_, i) => ({
  id: `c${i + 1}`,
  companyCode: `C${String(i + 1).padStart(2, '0')}`,
  companyName: `保险公司${i + 1}`,
  companyType: i % 2 === 0 ? '1' : '2',
  contactPhone: i === 1 ? null : `0100000${i}`,
}));

export const COLUMNS = {
  columns: [
    { title: '公司编码', dataIndex: 'companyCode', align: 'center', sorter: true },
    { title: '公司名称', dataIndex: 'companyName', align: 'center', sorter: true },
    { title: '公司类型', dataIndex: 'companyType', align: 'center', sorter: true, customRender: 'companyType' },
    { title: '联系电话', dataIndex: 'contactPhone', align: 'center', sorter: true },
  ],
  dictOptions: {
    companyType: [
      { value: '1', text: '财产保险公司' },
      { value: '2', text: '人身保险公司' },
    ],
  },
  cgRpConfigId: 'insurance_company_report',
  cgRpConfigName: '选择保险公司',
};

export const QUERY_INFO = [
  { field: 'companyName', label: '公司名称', mode: 'single', view: 'text' },
  { field: 'companyType', label: '公司类型', mode: 'single', view: 'list', dictCode: 'insurer_type', hidden: '1' },
];

/** `countLimited`: the server stopped counting, as over a table of more than 10,000 matching rows. */
export function reportHost(overrides: Partial<Record<'columns' | 'queryInfo' | 'countLimited', unknown>> = {}, now?: () => number): FakeHost {
  const fake = createFakeHost({ now });
  fake.respond((call: RecordedCall) => {
    if (call.url.startsWith(`${API}/getRpColumns/`)) return (overrides.columns as ReturnType<typeof ok>) ?? ok(COLUMNS);
    if (call.url.startsWith(`${API}/getQueryInfo/`)) return (overrides.queryInfo as ReturnType<typeof ok>) ?? ok(QUERY_INFO);
    if (call.url.startsWith(`${API}/getData/`)) {
      const params = call.params ?? {};
      const name = typeof params.companyName === 'string' ? params.companyName.replaceAll('*', '') : '';
      const rows = COMPANIES.filter((c) => c.companyName.includes(name));
      const pageNo = Number(params.pageNo ?? 1);
      const pageSize = Number(params.pageSize ?? 10);
      const records = rows.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      if (overrides.countLimited) return ok({ total: 10_011, totalExact: false, records });
      return ok({ total: rows.length, records });
    }
    return fail('未知请求');
  });
  return fake;
}

/** Which report calls were made, in order: getRpColumns, getQueryInfo, getData. */
export function reportCalls(fake: FakeHost): string[] {
  return fake.calls.filter((c) => c.url.startsWith(API)).map((c) => c.url.replace(`${API}/`, '').split('/')[0]);
}
