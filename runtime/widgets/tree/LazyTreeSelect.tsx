/**
 * The antd TreeSelect of treeSelect and categoryTree: children loaded on expand, dropdown at most
 * 400 px high (widgets spec §9), one value or several (comma-joined), the stored value shown by its
 * name. With onlySelectLeaf, choosing a parent node says '仅可选择非父级节点' and changes nothing.
 */
import { TreeSelect } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import type { HostNotify } from '../../host/types';
import { TREE_TEXTS } from './texts';
import { choose, joinValues, splitValues, type TreeOption } from './treeModel';
import type { TreeSource } from './treeSources';
import { useLazyTree } from './useLazyTree';

/** Tree dropdown max height (widgets spec §9). */
export const TREE_DROPDOWN_MAX_HEIGHT = 400;

interface Labeled {
  value: string;
  label?: unknown;
}

export interface LazyTreeSelectProps {
  source: TreeSource | undefined;
  value: unknown;
  onChange(value: string): void;
  multiple: boolean;
  onlySelectLeaf: boolean;
  placeholder: string;
  disabled?: boolean;
  notify: HostNotify;
  /**
   * The tree's root value ('0', '86'): it names no node, so it shows as empty; when the field's
   * default is the root ("no parent"), clearing the field stores it again instead of ''.
   */
  rootValue?: string;
  emptyValue?: string;
}

function toDataNodes(tree: readonly TreeOption[]): DataNode[] {
  return tree.map((n) => ({
    key: n.key,
    value: n.value,
    title: n.title,
    isLeaf: n.isLeaf,
    ...(n.children ? { children: toDataNodes(n.children) } : {}),
  })) as DataNode[];
}

export function LazyTreeSelect({ source, value, onChange, multiple, onlySelectLeaf, placeholder, disabled, notify, rootValue, emptyValue = '' }: LazyTreeSelectProps) {
  const values = useMemo(() => splitValues(value).filter((v) => v !== rootValue), [value, rootValue]);
  const { treeData, loadChildren, labelOf } = useLazyTree(source, values);
  const nodes = useMemo(() => toDataNodes(treeData), [treeData]);
  const labeled = values.map((v) => ({ value: v, label: labelOf(v) }));

  const change = (next: Labeled | Labeled[] | null | undefined) => {
    const list = next === null || next === undefined ? [] : Array.isArray(next) ? next : [next];
    const outcome = choose(treeData, values, list.map((l) => String(l.value)), onlySelectLeaf);
    if ('refused' in outcome) {
      notify.warning(TREE_TEXTS.onlyLeaf);
      return;
    }
    const stored = joinValues(multiple ? outcome.values : outcome.values.slice(-1));
    onChange(stored === '' ? emptyValue : stored);
  };

  return (
    <TreeSelect
      style={{ width: '100%' }}
      allowClear
      labelInValue
      showSearch={false}
      multiple={multiple}
      disabled={disabled}
      placeholder={placeholder}
      treeData={nodes}
      value={multiple ? labeled : labeled[0]}
      loadData={(node) => loadChildren(String(node.value ?? node.key))}
      listHeight={TREE_DROPDOWN_MAX_HEIGHT}
      styles={{ popup: { root: { maxHeight: TREE_DROPDOWN_MAX_HEIGHT, overflow: 'auto' } } }}
      notFoundContent={TREE_TEXTS.noData}
      onChange={change}
    />
  );
}
