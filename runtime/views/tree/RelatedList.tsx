/**
 * A tab of a tree page (treeManage.related): another page's list, read-only, limited to the chosen
 * node (`<param>=<node key>` on every request). Shown only to holders of that page's list code.
 */
import { useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';
import { SchemaList } from '../list/SchemaList';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; page: CompiledPage };

export function RelatedList({ host, pageRef, param, nodeKey }: { host: Host; pageRef: string; param: string; nodeKey: string }) {
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
  return <SchemaList page={loaded.page} host={host} baseParams={{ [param]: nodeKey }} saveCode={`${pageRef}@${param}`} />;
}
