/**
 * A form's one-to-many children (page language form.children) under its fields: a tab per child,
 * each an editable grid of the child page's fields (the grid core of runtime/grid and its view).
 * The form asks `collect` on 确定: every grid validated in order — the first failing tab is shown
 * and its cell revealed — then the rows to send under each child's key. Read-only in the detail.
 */
import { Alert, Spin, Tabs } from 'antd';
import { useEffect, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { createGrid, GridValidationError, type GridController, type GridOption } from '../../grid';
import type { DictService } from '../../dict/dictService';
import type { Host } from '../../host/types';
import type { CompiledFormChild, CompiledPage } from '../../schema/compiledPageTypes';
import { GridCellEnvProvider } from '../grid/cellEnv';
import { GridView } from '../grid/GridView';
import { fieldGridColumns, linkDownOptionsLoader } from '../grid/pageGrid';
import { failureText } from '../grid/texts';
import { childFieldNames, childRowsOf, childRowsToSend, childTitle } from './formChildren';

export type ChildCollect = { ok: true; values: Record<string, Record<string, unknown>[]> } | { ok: false; message: string };

export interface ChildTabsHandle {
  collect(): Promise<ChildCollect>;
}

export interface ChildTabsProps {
  page: CompiledPage;
  host: Host;
  dict: DictService;
  /** The loaded record (edit, detail) with its children under their keys; undefined when adding. */
  record?: Readonly<Record<string, unknown>>;
  readOnly?: boolean;
  ref?: Ref<ChildTabsHandle>;
}

interface ChildGrid {
  child: CompiledFormChild;
  page: CompiledPage;
  title: string;
  fields: string[];
  grid: GridController;
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; grids: ChildGrid[] };

async function loadChild(child: CompiledFormChild, host: Host, dict: DictService, record: ChildTabsProps['record'], readOnly: boolean): Promise<ChildGrid> {
  const page = await host.pages.load(child.page);
  const fields = childFieldNames(child, page);
  const codes = [...new Set(fields.flatMap((name) => page.fieldByName.get(name)?.dict?.dictCode ?? []))];
  const options: Record<string, GridOption[]> = {};
  for (const code of codes) options[code] = (await dict.getItems(code)).map((item) => ({ value: item.value, text: item.text }));
  const grid = createGrid({ columns: fieldGridColumns(page, fields, options), savedRowsReadOnly: readOnly, storage: host.storage });
  grid.load(childRowsOf(record, child));
  return { child, page, title: childTitle(child, page), fields, grid };
}

export function ChildTabs({ page, host, dict, record, readOnly = false, ref }: ChildTabsProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [active, setActive] = useState(page.form.children[0]?.key ?? '');

  useEffect(() => {
    let live = true;
    let made: ChildGrid[] = [];
    void Promise.all(page.form.children.map((child) => loadChild(child, host, dict, record, readOnly))).then(
      (grids) => {
        made = grids;
        if (live) setLoaded({ state: 'ready', grids });
        else grids.forEach((g) => g.grid.dispose());
      },
      (error: unknown) => {
        if (live) setLoaded({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
      made.forEach((g) => g.grid.dispose());
    };
  }, [page, host, dict, record, readOnly]);

  useImperativeHandle(
    ref,
    () => ({
      async collect() {
        if (loaded.state === 'failed') return { ok: false, message: loaded.message };
        if (loaded.state !== 'ready') return { ok: false, message: '附表尚未加载完成，请稍候' };
        const values: Record<string, Record<string, unknown>[]> = {};
        for (const { child, grid, title, fields } of loaded.grids) {
          try {
            values[child.key] = childRowsToSend(child, fields, await grid.validate());
          } catch (err) {
            if (!(err instanceof GridValidationError)) throw err;
            const first = Object.values(err.errors)
              .flat()
              .sort((a, b) => a.rowIndex - b.rowIndex)[0];
            setActive(child.key);
            if (first) setTimeout(() => grid.reveal(first.rowId, first.columnKey), 0);
            return { ok: false, message: first ? `「${title}」${failureText(first.rowIndex + 1, first.column.title, first.message)}` : `「${title}」有未通过校验的行` };
          }
        }
        return { ok: true, values };
      },
    }),
    [loaded],
  );

  const items = useMemo(
    () =>
      loaded.state === 'ready'
        ? loaded.grids.map(({ child, page: childPage, title, grid }) => ({
            key: child.key,
            label: title,
            children: (
              <GridCellEnvProvider env={{ host, fieldOf: (key) => childPage.fieldByName.get(key), linkageOptions: linkDownOptionsLoader(childPage, host) }}>
                <GridView grid={grid} size="small" maxHeight={320} excluded={readOnly ? ['add', 'batch_delete'] : []} />
              </GridCellEnvProvider>
            ),
          }))
        : [],
    [loaded, host, readOnly],
  );

  if (loaded.state === 'loading') return <Spin />;
  if (loaded.state === 'failed') return <Alert type="error" showIcon message={`附表加载失败：${loaded.message}`} />;
  return <Tabs className="form-children" activeKey={active} onChange={setActive} items={items} />;
}
