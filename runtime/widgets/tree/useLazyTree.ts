/**
 * State of a lazily loaded tree for one widget: the roots on mount, children attached when a node
 * is expanded (each node asked once), and the names of the stored values (an edit form shows the
 * parent's name, not its id, before any node is loaded).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { findNode, withChildren, type TreeOption } from './treeModel';
import type { TreeSource } from './treeSources';

export interface LazyTree {
  treeData: TreeOption[];
  /** Loads the children of `key` into the tree (antd's loadData). */
  loadChildren(key: string): Promise<void>;
  /** The name shown for a stored value: from the tree, the label lookup, or the value itself. */
  labelOf(value: string): string;
}

export function useLazyTree(source: TreeSource | undefined, values: readonly string[]): LazyTree {
  const [treeData, setTreeData] = useState<TreeOption[]>([]);
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map());
  const loaded = useRef(new Set<string>());
  const tree = useRef<TreeOption[]>([]);

  useEffect(() => {
    if (!source) return;
    let live = true;
    loaded.current = new Set();
    void source.roots().then((roots) => {
      if (!live) return;
      tree.current = roots;
      setTreeData(roots);
    });
    return () => {
      live = false;
    };
  }, [source]);

  const valueKey = values.join(',');
  useEffect(() => {
    if (!source) return;
    const missing = valueKey.split(',').filter((v) => v !== '' && !labels.has(v));
    if (missing.length === 0) return;
    let live = true;
    void source.labels(missing).then((names) => {
      // The server leaves unknown values out; only a full answer can be paired by position.
      if (!live || names.length !== missing.length) return;
      setLabels((current) => new Map([...current, ...missing.map((v, i) => [v, names[i]] as const)]));
    });
    return () => {
      live = false;
    };
    // labels is read, not watched: a new name must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, valueKey]);

  const loadChildren = useCallback(
    async (key: string) => {
      if (!source || loaded.current.has(key)) return;
      loaded.current.add(key);
      const children = await source.children(key);
      tree.current = withChildren(tree.current, key, children);
      setTreeData(tree.current);
    },
    [source],
  );

  const labelOf = useCallback(
    (value: string) => findNode(treeData, value)?.title ?? labels.get(value) ?? value,
    [treeData, labels],
  );

  return { treeData, loadChildren, labelOf };
}
