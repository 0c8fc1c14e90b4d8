/**
 * The part of the authorisation tree a department may hand on to its roles (部门角色's 授权 drawer):
 * only the department's own grants. A node the department does not hold goes; its granted
 * descendants move up to the nearest granted ancestor (or the top), so a granted button under an
 * ungranted menu still shows.
 */
export interface GrantNode {
  key: string;
  children?: GrantNode[];
}

export function keepGranted<T extends GrantNode>(nodes: readonly T[], granted: ReadonlySet<string>): T[] {
  return nodes.flatMap((node): T[] => {
    const children = keepGranted((node.children ?? []) as T[], granted);
    if (!granted.has(node.key)) return children;
    const { children: _dropped, ...rest } = node;
    return [(children.length > 0 ? { ...rest, children } : { ...rest, isLeaf: true }) as unknown as T];
  });
}

/** What a save changes: ids to add (wanted, not held) and to remove (held, not wanted, and shown when the editor loaded). */
export function grantChanges(
  held: ReadonlySet<string>,
  wanted: ReadonlySet<string>,
  shown: ReadonlySet<string> | undefined,
): { adding: string[]; removing: string[] } {
  return {
    adding: [...wanted].filter((id) => !held.has(id)),
    removing: [...held].filter((id) => !wanted.has(id) && (shown === undefined || shown.has(id))),
  };
}
