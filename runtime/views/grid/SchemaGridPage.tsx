/**
 * A grid page of the page language (a document with a `grid` section): the page's records in the
 * editable grid, saved together through `{apiPath}/saveBatch` (all or nothing), and kept live with
 * the page's other open grids through /vxeSocket.
 */
import { entityEndpoint } from '../../contract/entityEndpoints';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Pagination, Spin } from 'antd';
import {
  createGrid,
  GRID_SOCKET_KEY,
  GridValidationError,
  linkGridToSocket,
  readableSummary,
  refusalsOf,
  GridLiveSocket,
  type GridController,
  type GridOption,
  type GridRowValues,
} from '../../grid';
import { gridPageId } from '../../grid/gridPage';
import type { DictService } from '../../dict/dictService';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';
import { linkDownOptionsLoader, pageGridConfig, type PageGridConfig } from './pageGrid';
import { GridCellEnvProvider, type GridCellEnv } from './cellEnv';
import { GridView } from './GridView';
import { batchOf, excludedGridCodes, hasUnsavedChanges } from './saveBatch';
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
  // The server refuses edits of saved rows without the edit permission: the grid does not offer them.
  const canEdit = host.hasPermission(page.permissions.edit);
  const grid = useMemo<GridController | null>(
    () =>
      config &&
      createGrid({
        columns: config.columns,
        // Reordering renumbers saved rows, which is an edit the server would refuse without the permission.
        dragSort: config.orderField !== undefined && canEdit,
        dragSortKey: config.orderField,
        alwaysEdit: config.alwaysEdit,
        savedRowsReadOnly: !canEdit,
        storage: host.storage,
      }),
    [config, canEdit, host.storage],
  );
  useEffect(() => () => grid?.dispose(), [grid]);
  const [pageNo, setPageNo] = useState(1);
  const [chosenSize, setChosenSize] = useState<number | null>(null);
  const [total, setTotal] = useState(0);
  const [saving, setSaving] = useState(false);
  const { apiPath } = page.entity;
  const pageSize = chosenSize ?? config?.pageSize ?? 0;
  // Each load is named by what it asks for; the grid spins until the answer of the latest one.
  const [reloadToken, setReloadToken] = useState(0);
  const wanted = grid ? `${pageNo}/${pageSize}/${reloadToken}` : '';
  const [loaded, setLoaded] = useState('');
  // The page and size of the rows shown: loading them again (after a save) is a reload, whose
  // new and changed rows are highlighted; another page's rows are all new, and none is.
  const shownPage = useRef('');

  useEffect(() => {
    if (!grid) return;
    let current = true;
    void host.request.get<ListAnswer>(entityEndpoint(apiPath, 'list'), { pageNo, pageSize }).then((answer) => {
      if (!current) return;
      setLoaded(wanted);
      if (!answer.success) {
        host.notify.warning(answer.message);
        return;
      }
      const asked = `${pageNo}/${pageSize}`;
      grid.store.setOrderBase((pageNo - 1) * pageSize);
      grid.load(answer.result.records, { reloadEffect: shownPage.current === asked });
      shownPage.current = asked;
      setTotal(answer.result.total);
    });
    return () => {
      current = false;
    };
  }, [grid, host, apiPath, pageNo, pageSize, wanted]);
  const loading = loaded !== wanted;
  // New rows are listed last: another user's new row shows on the last page only.
  const showsLastPage = useRef(true);
  useEffect(() => {
    showsLastPage.current = pageSize <= 0 || pageNo >= Math.ceil(total / pageSize);
  }, [pageNo, pageSize, total]);

  // The widget cells (user, department, popup, upload) call the server through the page's Host.
  const cellEnv = useMemo<GridCellEnv>(
    () => ({ host, fieldOf: (key) => page.fieldByName.get(key), linkageOptions: linkDownOptionsLoader(page, host) }),
    [host, page],
  );

  const socketUrl = live?.socketUrl(gridPageId(page.entity.module, page.entity.name));
  const token = live?.token;
  // Whether the saves of others reach this grid now (said on the grid as data-live).
  const [liveJoined, setLiveJoined] = useState(false);
  useEffect(() => {
    if (!grid || !socketUrl || !token) return;
    const socket = new GridLiveSocket({ url: socketUrl, token, onJoinedChange: setLiveJoined });
    // Rows another user saved as new or deleted change the total under the grid too, shown or not.
    const link = linkGridToSocket(grid, socket, GRID_SOCKET_KEY, {
      onMerged: (outcome) => {
        if (outcome === 'added' || outcome === 'added-elsewhere') setTotal((count) => count + 1);
        else if (outcome === 'removed' || outcome === 'removed-elsewhere') setTotal((count) => Math.max(0, count - 1));
      },
      showsNew: () => showsLastPage.current,
    });
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
      if (first) {
        host.notify.warning(failureText(first.rowIndex + 1, first.column.title, first.message));
        grid.reveal(first.rowId, first.columnKey);
      }
      return;
    }
    // The rows as the save numbers them (row n = rowIds[n - 1]): the server's refusals name those numbers.
    const rowIds = grid.store.getSnapshot().rows.map((row) => row.id);
    const batch = batchOf(grid);
    if (batch.added.length + batch.updated.length + batch.removedIds.length === 0) {
      host.notify.info(GRID_VIEW_TEXTS.nothingToSave);
      return;
    }
    setSaving(true);
    try {
      const answer = await host.request.post(entityEndpoint(apiPath, 'saveBatch'), batch);
      if (!answer.success) {
        const marked = grid.showRefusals(refusalsOf(answer.result), rowIds);
        host.notify.error(readableSummary(answer.message, marked));
        return;
      }
      host.notify.success(answer.message || GRID_VIEW_TEXTS.saved);
      setReloadToken((token) => token + 1);
    } finally {
      setSaving(false);
    }
  };

  // Another page or size replaces the rows: edits not saved yet would go without a word, so ask first.
  const turnPage = async (nextPage: number, nextSize: number) => {
    if (grid && hasUnsavedChanges(grid)) {
      const leave = await host.confirm({ title: GRID_VIEW_TEXTS.unsavedTitle, content: GRID_VIEW_TEXTS.unsavedOnPageChange });
      if (!leave) return;
    }
    setChosenSize(nextSize);
    setPageNo(nextPage);
  };

  if (!grid || !config) return <Spin />;
  return (
    <Spin spinning={loading}>
      <GridCellEnvProvider env={cellEnv}>
        <GridView
          grid={grid}
          size={config.size}
          excluded={excludedGridCodes(page, host)}
          onSave={() => void save()}
          saving={saving}
          live={socketUrl && token ? (liveJoined ? 'joined' : 'joining') : undefined}
          footer={
            total > 0 && (
              <Pagination
                style={{ marginTop: 12 }}
                align="end"
                current={pageNo}
                pageSize={pageSize}
                pageSizeOptions={config.pageSizeOptions}
                total={total}
                showTotal={paginationTotal}
                showQuickJumper
                showSizeChanger
                onChange={(nextPage, nextSize) => void turnPage(nextPage, nextSize)}
              />
            )
          }
        />
      </GridCellEnvProvider>
    </Spin>
  );
}
