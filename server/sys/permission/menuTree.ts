/**
 * The whole sys_permission tree as JeecgBoot's menu endpoints answer it: `/sys/permission/list`
 * (records with `children`) and the checkable tree of role authorisation (`queryTreeList`: TreeModel
 * nodes key/title/value/isLeaf/icon/parentId/menuType). Roots are rows without a parent (NULL or
 * ''); siblings follow sort_no; a row whose parent is gone is shown as a root rather than lost.
 */
export interface TreeSource {
  id: string;
  parentId: string | null;
  sortNo: number;
}

export type WithChildren<T> = T & { children?: WithChildren<T>[] };

export function buildTree<T extends TreeSource>(rows: readonly T[]): WithChildren<T>[] {
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<string, T[]>();
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) && row.parentId !== row.id ? row.parentId : '';
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const build = (parentId: string, seen: ReadonlySet<string>): WithChildren<T>[] =>
    [...(childrenOf.get(parentId) ?? [])]
      .sort((a, b) => a.sortNo - b.sortNo || a.id.localeCompare(b.id))
      .filter((row) => !seen.has(row.id))
      .map((row) => {
        const children = build(row.id, new Set(seen).add(row.id));
        return children.length > 0 ? { ...row, children } : { ...row };
      });
  return build('', new Set());
}

/** Every id below `rootIds` (the roots included), by parent_id. */
export function subtreeIds(rows: readonly { id: string; parentId: string | null }[], rootIds: readonly string[]): string[] {
  const childrenOf = new Map<string, string[]>();
  for (const row of rows) if (row.parentId) childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row.id]);
  const found = new Set<string>();
  const stack = [...rootIds];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(childrenOf.get(id) ?? []));
  }
  return [...found];
}
