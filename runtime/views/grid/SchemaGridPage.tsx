/**
 * A grid page of the page language (a document with a `grid` section): the page's records in the
 * editable grid, saved together through `{apiPath}/saveBatch` (all or nothing), and kept live with
 * the page's other open grids through /vxeSocket.
 */
import { useEffect, useMemo, useState } from 'react';
import { Pagination, Spin } from 'antd';
import {
  createGrid,
  GRID_SOCKET_KEY,
  GridValidationError,
  linkGridToSocket,
  VxeSocket,
  type GridController,
  type GridOption,
  type GridRowValues,
} from '../../grid';
import { gridPageId } from '../../grid/gridPage';
import type { DictService } from '../../dict/dictService';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPage';
import { pageGridConfig, type PageGridConfig } from './pageGrid';
import { GridView } from './GridView';
import { batchOf, excludedGridCodes } from './saveBatch';
import { failureText, GRID_VIEW_TEXTS, paginationTotal } from './texts';

/** Where a grid page's live socket is: the web app knows the signed-in user, token and API base. */
export interface GridLive {
  socketUrl(pageId: string): string;
  token: string;
}

export interface SchemaGridPageProps {
  page: CompiledPage;
  host: Host;
  dict: DictService;
  live?: GridLive;
}

interface ListAnswer {
  records: GridRowValues[];
  total: number;
}

function useGridConfig(page: CompiledPage, dict: DictService): PageGridConfig | null {
  const [config, setConfig] = useState<PageGridConfig | null>(null);
  useEffect(() => {
    let live = true;
    const codes = [...new Set(Object.values(pageGridConfig(page).dictCodes))];
    void Promise.all(codes.map(async (code) => [code, await dict.getItems(code)] as const)).then((loaded) => {
      if (!live) return;
      const options: Record<string, GridOption[]> = {};
      for (const [code, items] of loaded) options[code] = items.map((item) => ({ value: item.value, text: item.text }));
      setConfig(pageGridConfig(page, options));
    });
    return () => {
      live = false;
    };
  }, [page, dict]);
  return config;
}

export function SchemaGridPage({ page, host, dict, live }: SchemaGridPageProps) {
  const config = useGridConfig(page, dict);
  const grid = useMemo<GridController | null>(
    () =>
      config &&
      createGrid({
        columns: config.columns,
        dragSort: config.orderField !== undefined,
        dragSortKey: config.orderField,
        alwaysEdit: config.alwaysEdit,
        storage: host.storage,
      }),
    [config, host.storage],
  );
  useEffect(() => () => grid?.dispose(), [grid]);
  const [pageNo, setPageNo] = useState(1);
  const [total, setTotal] = useState(0);
  const [saving, setSaving] = useState(false);
  const { apiPath } = page.entity;
  const pageSize = config?.pageSize ?? 0;
  // Each load is named by what it asks for; the grid spins until the answer of the latest one.
  const [reloadToken, setReloadToken] = useState(0);
  const wanted = grid ? `${pageNo}/${pageSize}/${reloadToken}` : '';
  const [loaded, setLoaded] = useState('');

  useEffect(() => {
    if (!grid) return;
    let current = true;
    void host.request.get<ListAnswer>(`${apiPath}/list`, { pageNo, pageSize }).then((answer) => {
      if (!current) return;
      setLoaded(wanted);
      if (!answer.success) {
        host.notify.warning(answer.message);
        return;
      }
      grid.load(answer.result.records);
      setTotal(answer.result.total);
    });
    return () => {
      current = false;
    };
  }, [grid, host, apiPath, pageNo, pageSize, wanted]);
  const loading = loaded !== wanted;

  const socketUrl = live?.socketUrl(gridPageId(page.entity.module, page.entity.name));
  const token = live?.token;
  useEffect(() => {
    if (!grid || !socketUrl || !token) return;
    const socket = new VxeSocket({ url: socketUrl, token });
    const link = linkGridToSocket(grid, socket, GRID_SOCKET_KEY);
    socket.start();
    return () => {
      link.unbind();
      socket.dispose();
    };
  }, [grid, socketUrl, token]);

  const save = async () => {
    if (!grid) return;
    try {
      await grid.validate();
    } catch (err) {
      if (!(err instanceof GridValidationError)) throw err;
      const first = Object.values(err.errors)
        .flat()
        .sort((a, b) => a.rowIndex - b.rowIndex)[0];
      if (first) host.notify.warning(failureText(first.rowIndex + 1, first.column.title, first.message));
      return;
    }
    const batch = batchOf(grid);
    if (batch.added.length + batch.updated.length + batch.removedIds.length === 0) {
      host.notify.info(GRID_VIEW_TEXTS.nothingToSave);
      return;
    }
    setSaving(true);
    try {
      const answer = await host.request.post(`${apiPath}/saveBatch`, batch);
      if (!answer.success) {
        host.notify.error(answer.message);
        return;
      }
      host.notify.success(answer.message || GRID_VIEW_TEXTS.saved);
      setReloadToken((token) => token + 1);
    } finally {
      setSaving(false);
    }
  };

  if (!grid || !config) return <Spin />;
  return (
    <Spin spinning={loading}>
      <GridView
        grid={grid}
        excluded={excludedGridCodes(page, host)}
        onSave={() => void save()}
        saving={saving}
        footer={
          total > pageSize ? (
            <Pagination
              style={{ marginTop: 12, textAlign: 'right' }}
              current={pageNo}
              pageSize={pageSize}
              total={total}
              showTotal={paginationTotal}
              showQuickJumper
              showSizeChanger={false}
              onChange={setPageNo}
            />
          ) : (
            <div style={{ marginTop: 8, color: 'rgba(0,0,0,0.45)', textAlign: 'right' }}>{total > 0 ? paginationTotal(total, [1, total]) : null}</div>
          )
        }
      />
    </Spin>
  );
}
