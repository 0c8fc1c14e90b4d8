/**
 * Where a tree widget's nodes and labels come from (widgets spec §7):
 * - treeSelect / linkDown: GET /sys/dict/loadTreeData (signed) over a tree the page declares, labels
 *   of stored values from GET /sys/dict/loadDictItem/{table,text,code};
 * - categoryTree: the category dictionary under options.pcode (GET /sys/category/loadTreeRoot, or
 *   loadTreeData with the condition), children by pid, labels from GET /sys/category/loadDictItem/.
 * A failed load tells the server's message; an answer of unknown shape says '返回数据类型不识别'.
 */
import type { CategoryTreeOptions, LinkDownOptions, TreeSelectOptions } from '../../generated/page';
import type { Envelope, Host, RequestParams } from '../../host/types';
import { TREE_TEXTS } from './texts';
import { nodesOf, type TreeOption } from './treeModel';

export interface TreeSource {
  roots(): Promise<TreeOption[]>;
  children(pid: string): Promise<TreeOption[]>;
  /** Names of stored values, in their order (unknown values are left out by the server). */
  labels(values: readonly string[]): Promise<string[]>;
}

export type TreeHost = Pick<Host, 'request' | 'notify'>;

export const TREE_URLS = {
  dictTree: '/sys/dict/loadTreeData',
  dictItem: '/sys/dict/loadDictItem/',
  categoryRoot: '/sys/category/loadTreeRoot',
  categoryTree: '/sys/category/loadTreeData',
  categoryItem: '/sys/category/loadDictItem/',
} as const;

async function nodes(host: TreeHost, request: Promise<Envelope<unknown>>): Promise<TreeOption[]> {
  let res: Envelope<unknown>;
  try {
    res = await request;
  } catch {
    // The request layer has told the user already.
    return [];
  }
  if (!res.success) {
    host.notify.error(res.message || TREE_TEXTS.loadFailed);
    return [];
  }
  const list = nodesOf(res.result);
  if (!list) {
    host.notify.error(TREE_TEXTS.unrecognised);
    return [];
  }
  return list;
}

async function labels(host: TreeHost, request: Promise<Envelope<unknown>>): Promise<string[]> {
  try {
    const res = await request;
    return res.success && Array.isArray(res.result) ? res.result.map(String) : [];
  } catch {
    return [];
  }
}

/** A tree of a table: 'table,text,code' + parent column (+ has-child column, condition). */
export interface TableTree {
  dictTable: string;
  pidField: string;
  pidValue?: string;
  hasChildField?: string;
  condition?: string;
}

export function tableTreeSource(host: TreeHost, tree: TableTree): TreeSource {
  const [tableName, text, code] = tree.dictTable.split(',');
  const children = (pid: string) => {
    const params: RequestParams = { pid, tableName, text, code, pidField: tree.pidField, hasChildField: tree.hasChildField, condition: tree.condition };
    return nodes(host, host.request.get<unknown>(TREE_URLS.dictTree, params, { signed: true }));
  };
  return {
    roots: () => children(tree.pidValue ?? '0'),
    children,
    labels: (values) =>
      values.length === 0
        ? Promise.resolve([])
        : labels(host, host.request.get<unknown>(`${TREE_URLS.dictItem}${encodeURIComponent(tree.dictTable)}`, { key: values.join(',') }, { signed: true })),
  };
}

export function treeSelectSource(host: TreeHost, options: TreeSelectOptions): TreeSource {
  return tableTreeSource(host, options);
}

/** The levels of a linkDown: children of a parent in its self-referencing table. */
export function linkDownSource(host: TreeHost, options: LinkDownOptions): TreeSource {
  return tableTreeSource(host, {
    dictTable: `${options.table},${options.textColumn},${options.valueColumn}`,
    pidField: options.pidColumn,
    pidValue: options.pidValue,
  });
}

export function categorySource(host: TreeHost, options: CategoryTreeOptions, condition?: string): TreeSource {
  return {
    roots: () =>
      condition
        ? nodes(host, host.request.get<unknown>(TREE_URLS.categoryTree, { pcode: options.pcode, condition }))
        : nodes(host, host.request.get<unknown>(TREE_URLS.categoryRoot, { pcode: options.pcode, async: true })),
    children: (pid) => nodes(host, host.request.get<unknown>(TREE_URLS.categoryTree, { pid, condition })),
    labels: (values) =>
      values.length === 0 ? Promise.resolve([]) : labels(host, host.request.get<unknown>(TREE_URLS.categoryItem, { ids: values.join(',') })),
  };
}
