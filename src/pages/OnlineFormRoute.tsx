/**
 * 在线表单 (JeecgBoot's OnlCgformAutoList): the page of an online form, at /online/cgformList/<code>.
 * Its page document comes from the server (GET /online/cgform/api/document/<code>), is compiled by
 * the same loadPageSchema and rendered by the same SchemaPage as a file page; its buttons follow the
 * codes of this page the answer says the user may use. A document that cannot be fetched or is wrong
 * shows the error screens of file pages.
 */
import { Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { Host, HostPages } from '../../runtime/host/types';
import { loadPageSchema, type CompiledPage, type LoadPageResult } from '../../runtime/schema/loadPageSchema';
import { SchemaPage } from '../../runtime/views/SchemaPage';
import { usePageRecord } from '../hooks/pageRecord';
import { usePageVisible } from '../layouts/BasicLayout/pageVisibility';
import { usePageSearch } from '../layouts/BasicLayout/usePageSearch';
import { dictService, runtimePages, useRuntimeHost } from '../runtimeHost';
import { usePageTitles } from '../store/pageTitles';
import { onlineFormCode, onlineFormDocumentUrl, onlineFormSource } from './onlineFormAddress';
import { SCHEMA_MISSING_TITLE, SchemaErrors, SchemaLoadFailed } from './SchemaRoute';

interface OnlineFormAnswer {
  document: unknown;
  tableTxt?: string;
  permissions?: unknown;
  /** The 附表's documents by reference ('online/policyItem') for a 主表's child tabs. */
  children?: Record<string, unknown>;
}

type Outcome =
  | { kind: 'loading' }
  | { kind: 'failed'; reason: string }
  | { kind: 'loaded'; result: LoadPageResult; tableTxt: string; permissions: ReadonlySet<string>; children: HostPages };

function codesOf(value: unknown): ReadonlySet<string> {
  return new Set(Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : []);
}

async function fetchOnlineForm(request: Host['request'], code: string): Promise<Exclude<Outcome, { kind: 'loading' }>> {
  try {
    const answer = await request.get<OnlineFormAnswer>(onlineFormDocumentUrl(code));
    if (!answer.success) return { kind: 'failed', reason: answer.message || '服务器拒绝了请求' };
    const result = loadPageSchema(answer.result?.document, onlineFormSource(code));
    return { kind: 'loaded', result, tableTxt: answer.result?.tableTxt ?? '', permissions: codesOf(answer.result?.permissions), children: childPages(answer.result?.children ?? {}) };
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The pages an online 主表's form opens as child tabs come with its document (the server answers the
 * 附表's synced documents); they compile like any page. Other references are the app's files.
 */
function childPages(documents: Readonly<Record<string, unknown>>): HostPages & { signature: string } {
  const compiled = new Map<string, Promise<CompiledPage>>();
  return {
    signature: JSON.stringify(documents),
    load(ref) {
      if (!Object.hasOwn(documents, ref)) return runtimePages().load(ref);
      let page = compiled.get(ref);
      if (!page) {
        const result = loadPageSchema(documents[ref], `online:${ref}`);
        page = result.ok ? Promise.resolve(result.page) : Promise.reject(new Error(`附表 ${ref} 的页面定义有误`));
        compiled.set(ref, page);
      }
      return page;
    },
  };
}

function sameOutcome(a: Outcome, b: Outcome): boolean {
  if (a.kind !== 'loaded' || b.kind !== 'loaded') return false;
  return (
    a.result === b.result &&
    a.tableTxt === b.tableTxt &&
    [...a.permissions].join() === [...b.permissions].join() &&
    (a.children as { signature?: string }).signature === (b.children as { signature?: string }).signature
  );
}

export default function OnlineFormRoute() {
  const current = usePageRecord();
  const code = onlineFormCode(current?.params ?? {}, current?.fullPath ?? '');
  const appHost = useRuntimeHost();
  const location = usePageSearch();
  const [state, setState] = useState<{ code: string; outcome: Outcome } | null>(null);
  const setTitle = usePageTitles((s) => s.set);
  const tabKey = current?.fullPath.split('?')[0] ?? '';

  // An online form changes while its tab stays open (设计 and 同步数据库 in 表单开发): the document is
  // read again each time the page comes back on screen; an unchanged answer keeps the page as it is
  // (the compile cache hands back the same page).
  const visible = usePageVisible();
  useEffect(() => {
    if (code === undefined || !visible) return;
    let live = true;
    void fetchOnlineForm(appHost.request, code).then((outcome) => {
      if (!live) return;
      setState((previous) => (previous && previous.code === code && sameOutcome(previous.outcome, outcome) ? previous : { code, outcome }));
      if (outcome.kind === 'loaded' && outcome.tableTxt) setTitle(tabKey, outcome.tableTxt);
    });
    return () => {
      live = false;
    };
  }, [appHost.request, code, setTitle, tabKey, visible]);

  const outcome: Outcome = state && state.code === code ? state.outcome : { kind: 'loading' };
  const permissions = outcome.kind === 'loaded' ? outcome.permissions : undefined;
  const prefix = outcome.kind === 'loaded' && outcome.result.ok ? `${outcome.result.page.document.entity.permissionPrefix}:` : undefined;
  // This page's codes are answered by the server for this page (granted per generated menu, or all of
  // them to holders of onlCgform:test, which the session's own lists do not show); any other code
  // (a picker's, a dictionary's) stays the app's.
  const children = outcome.kind === 'loaded' ? outcome.children : undefined;
  const host = useMemo<Host>(
    () =>
      permissions && prefix
        ? {
            ...appHost,
            hasPermission: (action) => (action.startsWith(prefix) ? permissions.has(action) : appHost.hasPermission(action)),
            ...(children ? { pages: children } : {}),
          }
        : appHost,
    [appHost, permissions, prefix, children],
  );

  const source = onlineFormSource(code ?? '');
  if (code === undefined) return <Result status="404" title={SCHEMA_MISSING_TITLE} subTitle="地址中没有在线表单的编码" />;
  if (outcome.kind === 'loading') {
    return (
      <div className="page-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (outcome.kind === 'failed') return <SchemaLoadFailed source={source} reason={outcome.reason} />;
  if (!outcome.result.ok) return <SchemaErrors source={source} errors={outcome.result.errors} />;
  return <SchemaPage page={outcome.result.page} host={host} dict={dictService} location={location} />;
}
