/**
 * The headless part of the 授权 drawer: the tree JeecgBoot's queryTreeList answers, every key in it,
 * the keys of branches (for 展开所有), and what a save sends. Linked mode (父子关联) saves the checked
 * nodes and their half-checked ancestors, so a menu shows when some of its entries are granted;
 * unlinked mode (取消关联, the default as in JeecgBoot) saves exactly the checked nodes.
 */
export interface PermissionTreeNode {
  key: string;
  title: string;
  menuType: number;
  /** '0': an invalid button rule, which grants nothing. */
  status?: string;
  /** 1 when the menu has data rules (JeecgBoot's TreeModel.ruleFlag). */
  ruleFlag?: number;
  children?: PermissionTreeNode[];
}

export function allKeys(nodes: readonly PermissionTreeNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

export function branchKeys(nodes: readonly PermissionTreeNode[]): string[] {
  return nodes.flatMap((n) => (n.children && n.children.length > 0 ? [n.key, ...branchKeys(n.children)] : []));
}

/** Ids to save: the checked keys plus, when linked, the half-checked ones; each once, in tree order. */
export function keysToSave(tree: readonly PermissionTreeNode[], checked: readonly string[], halfChecked: readonly string[], linked: boolean): string[] {
  const wanted = new Set([...checked, ...(linked ? halfChecked : [])]);
  return allKeys(tree).filter((key) => wanted.has(key));
}

/**
 * Checked keys antd should show in linked mode for a grant: only the leaves and the nodes whose
 * whole subtree is granted, so a granted menu with one granted button does not check all its buttons.
 */
export function linkedCheckedKeys(tree: readonly PermissionTreeNode[], granted: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (node: PermissionTreeNode): boolean => {
    const kids = node.children ?? [];
    if (kids.length === 0) {
      if (granted.has(node.key)) out.push(node.key);
      return granted.has(node.key);
    }
    const all = kids.map(walk).every(Boolean);
    if (all && granted.has(node.key)) out.push(node.key);
    return all && granted.has(node.key);
  };
  tree.forEach(walk);
  return out;
}
