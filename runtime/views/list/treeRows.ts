/**
 * Tree pages (entity.tree: area, customer): the list shows the roots, and a row whose has-child flag
 * is set expands to its children, fetched on first expand from `{apiPath}/childList?pid=`.
 */
import { entityEndpoint } from '../../contract/entityEndpoints';
import { useCallback, useState } from 'react';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';
import type { Row } from './listColumns';

/** Has-child flags as JeecgBoot tables store them: 'Y' / '1' / true. */
export function flagSet(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'Y' || value === 'y' || value === 'true';
}

/**
 * Rows with their loaded children attached (antd reads `children`); a row that has children not yet
 * loaded gets an empty list, which makes antd draw the expand icon.
 */
export function withChildren(page: CompiledPage, rows: readonly Row[], loaded: ReadonlyMap<string, Row[]>): Row[] {
  const flag = page.entity.tree?.hasChildField;
  if (!page.entity.tree) return rows as Row[];
  const attach = (row: Row): Row => {
    const id = String(row.id ?? '');
    const children = loaded.get(id);
    if (children) return { ...row, children: children.map(attach) };
    return flag && flagSet(row[flag.name]) ? { ...row, children: [] } : row;
  };
  return rows.map(attach);
}

export interface TreeRows {
  dataSource: Row[];
  /** For antd Table's `expandable.onExpand`; undefined for pages that are not trees. */
  onExpand?: (expanded: boolean, record: Row) => void;
  loadingIds: ReadonlySet<string>;
}

export function useTreeRows(page: CompiledPage, host: Host, rows: readonly Row[]): TreeRows {
  const [loaded, setLoaded] = useState<ReadonlyMap<string, Row[]>>(new Map());
  const [loadingIds, setLoadingIds] = useState<ReadonlySet<string>>(new Set());

  // A new page of roots (query, paging, save) starts with everything collapsed again; adjusted while
  // rendering, React's alternative to an effect that only resets state.
  const [rowsSeen, setRowsSeen] = useState(rows);
  if (rowsSeen !== rows) {
    setRowsSeen(rows);
    setLoaded(new Map());
  }

  const onExpand = useCallback(
    (expanded: boolean, record: Row) => {
      const id = String(record.id ?? '');
      if (!expanded || !id || loaded.has(id)) return;
      setLoadingIds((ids) => new Set(ids).add(id));
      host.request
        .get<Row[]>(entityEndpoint(page.entity.apiPath, 'childList'), { pid: id })
        .then((answer) => {
          if (!answer.success) {
            host.notify.warning(answer.message || '下级数据加载失败');
            return;
          }
          setLoaded((map) => new Map(map).set(id, Array.isArray(answer.result) ? answer.result : []));
        })
        .catch(() => undefined)
        .finally(() =>
          setLoadingIds((ids) => {
            const next = new Set(ids);
            next.delete(id);
            return next;
          }),
        );
    },
    [host, page.entity.apiPath, loaded],
  );

  if (!page.entity.tree) return { dataSource: rows as Row[], loadingIds };
  return { dataSource: withChildren(page, rows, loaded), onExpand, loadingIds };
}
