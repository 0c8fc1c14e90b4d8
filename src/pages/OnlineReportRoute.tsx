/**
 * The view of 在线报表 (menu component modules/online/cgreport/auto/OnlCgreportAutoList, address
 * /online/cgreport/:code): the online report the address names, its tab titled with the report.
 */
import { useCallback } from 'react';
import { Result } from 'antd';
import { OnlineReportView } from '../../runtime/views/onlineReport/OnlineReportView';
import { usePageRecord } from '../hooks/pageRecord';
import { useRuntimeHost } from '../runtimeHost';
import { usePageTitles } from '../store/pageTitles';

export const NO_REPORT = '报表不存在';

export default function OnlineReportRoute() {
  const current = usePageRecord();
  const host = useRuntimeHost();
  const code = current?.params.code ?? '';
  const tabKey = current?.fullPath.split('?')[0] ?? '';
  const setTitle = usePageTitles((s) => s.set);
  const onTitle = useCallback((title: string) => setTitle(tabKey, title), [setTitle, tabKey]);
  if (code === '' || code.startsWith(':')) return <Result status="404" title={NO_REPORT} />;
  // A new address is another report: mount it afresh.
  return <OnlineReportView key={code} host={host} code={code} onTitle={onTitle} />;
}
