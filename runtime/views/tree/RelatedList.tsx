/**
 * A tab of a tree page (treeManage.related): another page's list limited to the chosen node
 * (`<param>=<node key>` on every request) — read-only, or when `editable` the page itself with its
 * toolbar, row actions and form, adding records with the node's key. Shown only to holders of that
 * page's list code.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';
import { SchemaList } from '../list/SchemaList';

// The whole page loads only for an editable tab (and a static import would be circular).
const SchemaPage = lazy(() => import('../SchemaPage').then((module) => ({ default: module.SchemaPage })));

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; page: CompiledPage };

export interface RelatedListProps {
  host: Host;
  pageRef: string;
  param: string;
  nodeKey: string;
  editable?: boolean;
  /** Further parameters every request carries (a record's data log: its table besides its id). */
  extraParams?: Readonly<Record<string, string>>;
  /** Values a record added in an editable list starts with (not list filters). */
  addValues?: Readonly<Record<string, string>>;
}

export function RelatedList({ host, pageRef, param, nodeKey, editable = false, extraParams, addValues }: RelatedListProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    host.pages.load(pageRef).then(
      (page) => live && setLoaded({ state: 'ready', page }),
      (error: unknown) => live && setLoaded({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [host, pageRef]);

  if (loaded.state === 'loading') return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (loaded.state === 'failed') return <Alert type="error" showIcon message={loaded.message} />;
  if (!host.hasPermission(loaded.page.permissions.list)) return <Alert type="info" showIcon message="没有权限查看，请联系管理员授权" />;
  if (editable) {
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
        <SchemaPage key={nodeKey} page={loaded.page} host={host} fixedValues={{ ...extraParams, [param]: nodeKey }} addValues={addValues} />
      </Suspense>
    );
  }
  return <SchemaList page={loaded.page} host={host} baseParams={{ ...extraParams, [param]: nodeKey }} saveCode={`${pageRef}@${param}`} />;
}
