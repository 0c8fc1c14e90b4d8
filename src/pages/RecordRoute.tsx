/**
 * The view of the one record route (/record/<module>/<entity>/<id>): loads the page document of
 * <module>/<entity> like every schema page, and shows the record's page when the document declares
 * `recordPage` and the user holds its list code; the tab is titled with the record (案件：GA…).
 */
import { useCallback, useEffect, useState } from 'react';
import { Result, Spin } from 'antd';
import type { LoadPageResult } from '../../runtime/schema/loadPageSchema';
import { RecordPageView } from '../../runtime/views/record/RecordPageView';
import { recordTarget, recordTargetOfPath } from '../../runtime/views/record/recordPageModel';
import { registerBuiltinWidgets } from '../../runtime/views/registerBuiltinWidgets';
import { usePageRecord } from '../hooks/pageRecord';
import { dictService, useRuntimeHost } from '../runtimeHost';
import { usePageTitles } from '../store/pageTitles';
import { resolveSchemaPage } from './SchemaRoute';

registerBuiltinWidgets();

export const NO_RECORD_PAGE = '该页面没有详情页';

export default function RecordRoute() {
  const current = usePageRecord();
  const host = useRuntimeHost();
  const tabKey = current?.fullPath.split('?')[0] ?? '';
  // A menu item whose url is a record address (示例 → 详情页) is its own route, without parameters.
  const target = recordTarget(current?.params ?? {}) ?? recordTargetOfPath(tabKey);
  const [resolved, setResolved] = useState<{ ref: string; result: LoadPageResult | undefined } | null>(null);
  const setTitle = usePageTitles((s) => s.set);
  const onTitle = useCallback((title: string) => setTitle(tabKey, title), [setTitle, tabKey]);

  useEffect(() => {
    if (!target) return;
    let live = true;
    void resolveSchemaPage(`schema/${target.pageRef}`).then((outcome) => {
      if (live) setResolved({ ref: target.pageRef, result: outcome.kind === 'loaded' ? outcome.result : undefined });
    });
    return () => {
      live = false;
    };
  }, [target?.pageRef]); // eslint-disable-line react-hooks/exhaustive-deps -- the page only changes with its reference

  if (!target) return <Result status="404" title={NO_RECORD_PAGE} />;
  if (!resolved || resolved.ref !== target.pageRef) return <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />;
  const page = resolved.result?.ok ? resolved.result.page : undefined;
  const declared = page?.document.recordPage;
  if (!page || !declared) return <Result status="404" title={NO_RECORD_PAGE} />;
  if (!host.hasPermission(page.permissions.list)) return <Result status="403" title="没有权限，请联系管理员授权" />;
  return <RecordPageView page={page} declared={declared} id={target.id} host={host} dict={dictService} onTitle={onTitle} />;
}
