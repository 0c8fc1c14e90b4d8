/**
 * The customer-tree variant's data, headless: the tree endpoint's records (each with `children`)
 * or the search endpoint's flat records → antd tree nodes keyed by the picker's value field and
 * titled by its text field, plus every record by key (the selection keeps the picked records).
 */
import { rowKey, type PickerRow } from './selection';

export interface PickerTreeNode {
  key: string;
  title: string;
  children?: PickerTreeNode[];
}

export interface PickerTreeData {
  nodes: PickerTreeNode[];
  records: ReadonlyMap<string, PickerRow>;
}

export const EMPTY_TREE: PickerTreeData = { nodes: [], records: new Map() };

function recordsOf(result: unknown): PickerRow[] {
  if (Array.isArray(result)) return result.filter((row): row is PickerRow => typeof row === 'object' && row !== null);
  if (typeof result === 'object' && result !== null && Array.isArray((result as { records?: unknown }).records)) {
    return recordsOf((result as { records: unknown[] }).records);
  }
  return [];
}

/** Records (a tree, or a flat list) → nodes and a record per key; rows without a key are skipped. */
export function buildTree(result: unknown, fields: { valueField: string; textField: string }): PickerTreeData {
  const records = new Map<string, PickerRow>();
  const build = (rows: readonly PickerRow[]): PickerTreeNode[] =>
    rows.flatMap((row) => {
      const key = rowKey(row, fields.valueField);
      if (key === undefined || records.has(key)) return [];
      records.set(key, row);
      const text = row[fields.textField] ?? row.title;
      const children = build(recordsOf(row.children));
      return [{ key, title: text === null || text === undefined ? key : String(text), ...(children.length > 0 ? { children } : {}) }];
    });
  return { nodes: build(recordsOf(result)), records };
}
