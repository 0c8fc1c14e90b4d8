import type { DepartNode } from './orgApi';

/** Department id → name, over the whole tree. */
export function departNames(tree: readonly DepartNode[]): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (nodes: readonly DepartNode[] | null) => {
    for (const node of nodes ?? []) {
      names.set(node.id, node.departName);
      walk(node.children);
    }
  };
  walk(tree);
  return names;
}

/** Ids of the nodes that have children (to show the tree expanded; an organisation chart is small). */
export function branchIds(tree: readonly DepartNode[]): string[] {
  const ids: string[] = [];
  const walk = (nodes: readonly DepartNode[] | null) => {
    for (const node of nodes ?? []) {
      if (node.children && node.children.length > 0) {
        ids.push(node.id);
        walk(node.children);
      }
    }
  };
  walk(tree);
  return ids;
}
