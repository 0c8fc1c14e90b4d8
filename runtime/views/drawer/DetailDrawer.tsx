/**
 * Master–detail (a drawer row action): another page's whole list — query bar, toolbar, row actions,
 * form — in a drawer, limited to the rows whose fields equal the clicked row's (`filter`), and adding
 * records with those values. The detail page is loaded through host.pages like a picker's.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Drawer, Spin } from 'antd';
import type { DictService } from '../../dict/dictService';
import type { Host } from '../../host/types';
import type { CompiledDrawerRowAction, CompiledPage } from '../../schema/compiledPageTypes';
import { SchemaPage } from '../SchemaPage';

export interface DetailDrawerProps {
  action: CompiledDrawerRowAction;
  row: Readonly<Record<string, unknown>>;
  host: Host;
  dict: DictService;
  onClose(): void;
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** The detail list's fixed values: detail field → the row's value of the master field. */
export function drawerValues(action: Pick<CompiledDrawerRowAction, 'filter'>, row: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(Object.entries(action.filter).map(([detail, master]) => [detail, text(row[master])]));
}

/** The drawer's title with `{field}` replaced by the row's values. */
export function drawerTitle(action: Pick<CompiledDrawerRowAction, 'drawerTitle'>, row: Readonly<Record<string, unknown>>): string {
  return action.drawerTitle.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_, name: string) => text(row[name]));
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; page: CompiledPage };

export function DetailDrawer({ action, row, host, dict, onClose }: DetailDrawerProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    host.pages.load(action.page).then(
      (page) => live && setLoaded({ state: 'ready', page }),
      (error: unknown) => live && setLoaded({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [host, action.page]);
  const fixed = useMemo(() => drawerValues(action, row), [action, row]);
  return (
    <Drawer open title={drawerTitle(action, row)} width={action.width} onClose={onClose} destroyOnHidden className="schema-detail-drawer">
      {loaded.state === 'loading' && <Spin />}
      {loaded.state === 'failed' && <Alert type="error" showIcon message={loaded.message} />}
      {loaded.state === 'ready' && <SchemaPage page={loaded.page} host={host} dict={dict} fixedValues={fixed} />}
    </Drawer>
  );
}

export default DetailDrawer;
