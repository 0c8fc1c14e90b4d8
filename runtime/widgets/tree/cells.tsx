/**
 * Read-only names of the tree widgets (list cells, 详细信息): a treeSelect or categoryTree value is a
 * node id, shown by the node's name (上级区域 北京市, not 110000); the tree's root value ('86', '0')
 * names no node and shows as nothing, as the form shows it. Every cell of a page asks in the same
 * tick (keyLabelStore.ts): one request per tree and page, never one per row. Registered on import.
 */
import type { ReactNode } from 'react';
import type { Host } from '../../host/types';
import type { CompiledField } from '../../schema/compiledPage';
import { keyLabelStoreFor, useKeyNames, type KeyLabelStore } from '../labels/keyLabelStore';
import { registerCellRenderer } from '../registry';
import { categorySource, treeSelectSource, type TreeSource } from './treeSources';

interface NamedTree {
  /** The store's kind: one store per tree, shared by every field over it. */
  kind: string;
  source: TreeSource;
  rootValue: string;
}

function namedTree(field: CompiledField, host: Host): NamedTree | undefined {
  if (field.widget === 'treeSelect' && field.options.treeSelect) {
    const options = field.options.treeSelect;
    return { kind: `tree:${options.dictTable}`, source: treeSelectSource(host, options), rootValue: options.pidValue ?? '0' };
  }
  if (field.widget === 'categoryTree' && field.options.categoryTree) {
    return { kind: 'tree:category', source: categorySource(host, field.options.categoryTree), rootValue: '0' };
  }
  return undefined;
}

/**
 * Names of node ids. The server answers names in the order asked and leaves unknown ids out, so a
 * short answer cannot be paired by position: then each id is asked alone (rare: a deleted parent).
 */
async function nodeNames(source: TreeSource, keys: readonly string[]): Promise<ReadonlyMap<string, string>> {
  const names = await source.labels(keys);
  if (names.length === keys.length) return new Map(keys.map((key, i) => [key, names[i]] as const));
  const one = await Promise.all(keys.map(async (key) => [key, (await source.labels([key]))[0]] as const));
  return new Map(one.filter((pair): pair is readonly [string, string] => pair[1] !== undefined));
}

function treeStore(tree: NamedTree, host: Host): KeyLabelStore {
  return keyLabelStoreFor(host, tree.kind, (keys) => nodeNames(tree.source, keys));
}

function TreeNames({ store, value, rootValue }: { store: KeyLabelStore; value: unknown; rootValue: string }) {
  const keys = (Array.isArray(value) ? value.map(String) : String(value).split(',')).filter((key) => key.trim() !== '' && key !== rootValue);
  return <>{useKeyNames(store, keys.join(','))}</>;
}

export function treeNamesCell(value: unknown, field: CompiledField, host: Host): ReactNode {
  if (value === null || value === undefined || value === '') return null;
  const tree = namedTree(field, host);
  if (!tree) return String(value);
  return <TreeNames store={treeStore(tree, host)} value={value} rootValue={tree.rootValue} />;
}

export function registerTreeCellRenderers(): void {
  for (const type of ['treeSelect', 'categoryTree']) {
    registerCellRenderer(type, (value, { column, host }) => treeNamesCell(value, column.field, host));
  }
}

registerTreeCellRenderers();
