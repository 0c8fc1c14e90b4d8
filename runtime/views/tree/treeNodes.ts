/**
 * Tree nodes as JeecgBoot's tree endpoints answer them (key, title, children; leaves with children
 * null), and the name filter of a tree pane: a node stays when its title or a descendant's contains
 * the keyword, so every hit is shown with its path from the root.
 */
export interface TreeNodeData {
  key: string;
  title: string;
  children: TreeNodeData[] | null;
  [field: string]: unknown;
}

function isNode(value: unknown): value is TreeNodeData {
  if (typeof value !== 'object' || value === null) return false;
  const { key, title } = value as Record<string, unknown>;
  return (typeof key === 'string' || typeof key === 'number') && typeof title === 'string';
}

/** The answer's nodes, keys as strings; anything that is not a node is left out. */
export function toTreeNodes(value: unknown): TreeNodeData[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isNode).map((node) => {
    const kids = toTreeNodes(node.children);
    return { ...node, key: String(node.key), children: kids.length > 0 ? kids : null };
  });
}

export function filterTree(nodes: readonly TreeNodeData[], keyword: string): TreeNodeData[] {
  const needle = keyword.trim().toLowerCase();
  if (needle === '') return [...nodes];
  return nodes.flatMap((node) => {
    const kids = filterTree(node.children ?? [], needle);
    if (node.title.toLowerCase().includes(needle) || kids.length > 0) return [{ ...node, children: kids.length > 0 ? kids : null }];
    return [];
  });
}

/** Every key of the tree (to expand it all). */
export function allKeys(nodes: readonly TreeNodeData[]): string[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children ?? [])]);
}

export function findNode(nodes: readonly TreeNodeData[], key: string): TreeNodeData | undefined {
  for (const node of nodes) {
    if (node.key === key) return node;
    const inside = findNode(node.children ?? [], key);
    if (inside) return inside;
  }
  return undefined;
}
